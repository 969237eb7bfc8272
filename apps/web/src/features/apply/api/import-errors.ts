import { errorReportName } from '@hall/shared/import-report.ts';
import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import { download } from '../../../lib/download';

/** The error report of an import (Excel with 错误原因); 下载失败：… on failure. */
export const downloadImportErrors = (batchId: string) =>
  download(enrolmentCalls.applyImportErrors, { batchId }, errorReportName('apply', ''));
