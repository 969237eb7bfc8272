import { useQuery } from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import { opsTreatmentCalls } from '@hall/shared/contracts/ops-treatment.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { sendFile } from '@hall/client/upload.ts';
import { download } from '../../../lib/download';
import { request } from '../../../lib/request';
import { batchesKey } from './batch-list';
import { claimsDueKey } from './claim-due';
import { treatmentsDueKey } from './treatment-due';

export type BankFileFormat = 'xlsx' | 'csv';
export type PayoutResult = CallData<typeof opsTreatmentCalls.opsPayoutResultLoad>;
export type FailedLine = CallData<typeof opsTreatmentCalls.opsPayoutFailedLines>['list'][number];

/** A batch's 代发文件 for the bank (代发文件_<batchNo>.xlsx or .csv). */
export const exportBankFile = (batchNo: string, format: BankFileFormat) =>
  download(opsTreatmentCalls.opsPayoutBankFile, { batchNo, format }, `代发文件_${batchNo}.${format}`);

/** The bank's result of a batch (multipart: the batch's field before the file), written at once. */
export const sendResult = (batchNo: string) => (file: File, onUploadProgress: (e: AxiosProgressEvent) => void) =>
  sendFile(request, opsTreatmentCalls.opsPayoutResultLoad, file, onUploadProgress, { batchNo });

export const failedKey = ['ops', 'payout-failed'] as const;

/** A batch's failed lines with the bank's reasons (none asked while it has none). */
export const useFailedLines = (batchNo: string, failed: number) =>
  useQuery({
    queryKey: [...failedKey, batchNo],
    queryFn: () => request.call(opsTreatmentCalls.opsPayoutFailedLines, { batchNo }).then((a) => a.data),
    enabled: failed > 0,
  });

/** After a result: the batches' progress, the failed lines and what is 待发放 again follow. */
export const resultKeys = [batchesKey, failedKey, treatmentsDueKey, claimsDueKey] as const;
