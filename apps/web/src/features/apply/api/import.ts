import type { AxiosProgressEvent } from 'axios';
import { errorReportName } from '@hall/shared/import-report.ts';
import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { download } from '../../../lib/download';
import { request } from '../../../lib/request';
import { sendStaged } from '../../../lib/staged-upload';

export type ImportPreview = CallData<typeof enrolmentCalls.applyImport>;

/** applyHelpImport: the fields (periodYear, kind, applicationId?) go before the file (the server reads them first). */
export const uploadApplyImport =
  (fields: { periodYear: number; kind: 'new' | 'add'; applicationId?: number }) =>
  (file: File, onUploadProgress: (e: AxiosProgressEvent) => void, uploadId: string) =>
    sendStaged(enrolmentCalls.applyImport, file, onUploadProgress, uploadId, fields);

/** confirmApplyImport: the preview's valid rows written in one transaction. */
export const confirmApplyImport = (input: CallInput<typeof enrolmentCalls.applyImportConfirm>) =>
  request.call(enrolmentCalls.applyImportConfirm, input).then((a) => a.data);

/** The error report of an import (Excel with 错误原因); 下载失败：… on failure. */
export const downloadImportErrors = (batchId: string) =>
  download(enrolmentCalls.applyImportErrors, { batchId }, errorReportName('apply', ''));
