import type { AxiosProgressEvent } from 'axios';
import { errorReportName } from '@hall/shared/import-report.ts';
import { orgCalls } from '@hall/shared/contracts/org.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { download } from '../../../lib/download';
import { request } from '../../../lib/request';

export type SubImportPreview = CallData<typeof orgCalls.subImport>;

/** importData: multipart, not sealed; the answer is the preview (nothing is written yet). */
export function importSubs(file: File, onUploadProgress?: (e: AxiosProgressEvent) => void): Promise<SubImportPreview> {
  const body = new FormData();
  body.append('file', file, file.name);
  return request
    .call(orgCalls.subImport, body, { headers: { 'Content-Type': 'multipart/form-data' }, onUploadProgress })
    .then((a) => a.data);
}

/** confirmImport: the valid rows' units and accounts; each contact gets the first password by SMS. */
export const confirmSubImport = (batchId: string) => request.call(orgCalls.subImportConfirm, { batchId }).then((a) => a.data);

export const discardSubImport = (batchId: string) => request.call(orgCalls.subImportDiscard, { batchId }).then((a) => a.data);

export const downloadSubImportReport = (batchId: string, fileName: string) =>
  download(orgCalls.subImportReport, { batchId }, errorReportName('org', fileName));

export const downloadSubTemplate = () => download(orgCalls.subTemplate, undefined, '下属单位导入模板.xlsx');
