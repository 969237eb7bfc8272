import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import { download } from '../../../lib/download';

/** The import template (Excel). */
export const downloadApplyTemplate = () => download(enrolmentCalls.applyTemplate, undefined, '互助申请导入模板.xlsx');
