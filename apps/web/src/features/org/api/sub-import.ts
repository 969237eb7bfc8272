import type { AxiosProgressEvent } from 'axios';
import { errorReportName } from '@hall/shared/import-report.ts';
import { orgCalls } from '@hall/shared/contracts/org.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { download } from '../../../lib/download';
import { request } from '../../../lib/request';
import { sendStaged } from '../../../lib/staged-upload';

export type SubImportPreview = CallData<typeof orgCalls.subImport>;

/** importData: the file under its upload id; the answer is the preview (nothing is written yet). */
export const importSubs = (file: File, onUploadProgress: (e: AxiosProgressEvent) => void, uploadId: string) =>
  sendStaged(orgCalls.subImport, file, onUploadProgress, uploadId);

/** confirmImport: the valid rows' units and accounts; each contact gets the first password by SMS. */
export const confirmSubImport = (batchId: string) => request.call(orgCalls.subImportConfirm, { batchId }).then((a) => a.data);

export const discardSubImport = (batchId: string) => request.call(orgCalls.subImportDiscard, { batchId }).then((a) => a.data);

export const downloadSubImportReport = (batchId: string, fileName: string) =>
  download(orgCalls.subImportReport, { batchId }, errorReportName('org', fileName));

export const downloadSubTemplate = () => download(orgCalls.subTemplate, undefined, '下属单位导入模板.xlsx');
