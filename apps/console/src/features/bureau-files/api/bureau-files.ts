import { useQuery } from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { opsTreatmentCalls } from '@hall/shared/contracts/ops-treatment.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { errorReportName } from '@hall/shared/import-report.ts';
import { sendFile } from '@hall/client/upload.ts';
import { download } from '../../../lib/download';
import { request } from '../../../lib/request';

/**
 * The bureau's two files through the staged import: sent with the upload's name (the server counts
 * the rows it reads under it), previewed, then confirmed or discarded by the batch's id.
 */
export type RegistryPreview = CallData<typeof opsCalls.opsRegistryStage>;
export type RegistryReport = CallData<typeof opsCalls.opsRegistryConfirm>;
export type SettlementPreview = CallData<typeof opsTreatmentCalls.opsSettlementStage>;
export type SettlementReport = CallData<typeof opsTreatmentCalls.opsSettlementConfirm>;

/** The rows read so far of the operator's upload; silent: a missed poll is no news. */
const rowsRead = (uploadId: string) =>
  request.call(opsCalls.opsBureauFileProgress, { uploadId }, { silent: true }).then((a) => a.data.rows);

export const registryCalls = {
  stage: (file: File, onUploadProgress: (e: AxiosProgressEvent) => void, uploadId: string) =>
    sendFile(request, opsCalls.opsRegistryStage, file, onUploadProgress, { uploadId }),
  confirm: (batchId: string) => request.call(opsCalls.opsRegistryConfirm, { batchId }).then((a) => a.data),
  discard: (batchId: string) => request.call(opsCalls.opsRegistryDiscard, { batchId }),
  report: (batchId: string, fileName: string) => download(opsCalls.opsRegistryReport, { batchId }, errorReportName('registry', fileName)),
  rowsRead,
};

export const settlementCalls = {
  stage: (file: File, onUploadProgress: (e: AxiosProgressEvent) => void, uploadId: string) =>
    sendFile(request, opsTreatmentCalls.opsSettlementStage, file, onUploadProgress, { uploadId }),
  confirm: (batchId: string) => request.call(opsTreatmentCalls.opsSettlementConfirm, { batchId }).then((a) => a.data),
  discard: (batchId: string) => request.call(opsTreatmentCalls.opsSettlementDiscard, { batchId }),
  report: (batchId: string, fileName: string) =>
    download(opsTreatmentCalls.opsSettlementReport, { batchId }, errorReportName('settlement', fileName)),
  rowsRead,
};

export const useRegistryLoads = () =>
  useQuery({
    queryKey: ['ops', 'registry-loads'],
    queryFn: () => request.call(opsCalls.opsRegistryLoadList).then((answer) => answer.data.list),
  });

export const useSettlementLoads = () =>
  useQuery({
    queryKey: ['ops', 'settlement-loads'],
    queryFn: () => request.call(opsTreatmentCalls.opsSettlementLoadList).then((answer) => answer.data.list),
  });
