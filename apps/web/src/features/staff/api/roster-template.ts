import { staffCalls } from '@hall/shared/contracts/staff.ts';
import { download } from '../../../lib/download';

/** downloadTemplate: the roster workbook with its example row. */
export const downloadRosterTemplate = () => download(staffCalls.staffTemplate, undefined, '互助人员导入模板.xlsx');
