import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/**
 * Chinese month and weekday names for antd's date pickers. Imported by the forms that have a date
 * picker, not by the portal shell: dayjs is not needed on the first screen (docs/decisions.md, "No date library on the first screens").
 */
dayjs.locale('zh-cn');
