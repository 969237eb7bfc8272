import { errorReportName } from '@hall/shared/import-report.ts';
import { staffCalls } from '@hall/shared/contracts/staff.ts';
import { download } from '../../../lib/download';

/** downloadImportReport: the invalid rows with 错误原因. */
export const downloadImportReport = (batchId: string, fileName: string) =>
  download(staffCalls.staffImportReport, { batchId }, errorReportName('roster', fileName));
