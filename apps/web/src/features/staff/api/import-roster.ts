import type { AxiosProgressEvent } from 'axios';
import { errorReportName } from '@hall/shared/import-report.ts';
import { staffCalls } from '@hall/shared/contracts/staff.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { download } from '../../../lib/download';
import { request } from '../../../lib/request';
import { sendStaged } from '../../../lib/staged-upload';

export type RosterPreview = CallData<typeof staffCalls.staffImport>;

/** importRoster: the file under its upload id; the answer is the preview (nothing is written yet). */
export const importRoster = (file: File, onUploadProgress: (e: AxiosProgressEvent) => void, uploadId: string) =>
  sendStaged(staffCalls.staffImport, file, onUploadProgress, uploadId);

/** confirmImport: the preview's valid rows, written at once. */
export const confirmImport = (batchId: string) => request.call(staffCalls.staffImportConfirm, { batchId }).then((a) => a.data);

/** discardImport: the preview is dropped (silent: closing the dialog needs no toast). */
export const discardImport = (batchId: string) =>
  request.call(staffCalls.staffImportDiscard, { batchId }, { silent: true }).then((a) => a.data);

/** downloadImportReport: the invalid rows with 错误原因. */
export const downloadImportReport = (batchId: string, fileName: string) =>
  download(staffCalls.staffImportReport, { batchId }, errorReportName('roster', fileName));
