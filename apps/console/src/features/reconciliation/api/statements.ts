import { useQuery } from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { opsMoneyCalls } from '@hall/shared/contracts/ops-money.ts';
import { errorReportName } from '@hall/shared/import-report.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { sendFile } from '@hall/client/upload.ts';
import { useChange } from '@hall/client/use-change.ts';
import { download } from '../../../lib/download';
import { request } from '../../../lib/request';
import { creditsKey } from './credits';

export type StatementPreview = CallData<typeof opsMoneyCalls.opsStatementStage>;
export type StatementReport = CallData<typeof opsMoneyCalls.opsStatementConfirm>;
export type Statement = CallData<typeof opsMoneyCalls.opsStatementList>['list'][number];
export type BankFormat = CallData<typeof opsMoneyCalls.opsBankFormatList>['list'][number];

/** A bank's statement through the staged import: sent with its bank and the upload's name, previewed, then confirmed or dropped. */
export const statementCalls = (bank: string) => ({
  stage: (file: File, onUploadProgress: (e: AxiosProgressEvent) => void, uploadId: string) =>
    sendFile(request, opsMoneyCalls.opsStatementStage, file, onUploadProgress, { bank, uploadId }),
  confirm: (batchId: string) => request.call(opsMoneyCalls.opsStatementConfirm, { batchId }).then((a) => a.data),
  discard: (batchId: string) => request.call(opsMoneyCalls.opsStatementDiscard, { batchId }),
  report: (batchId: string, fileName: string) =>
    download(opsMoneyCalls.opsStatementReport, { batchId }, errorReportName('statement', fileName)),
  // Silent: a missed poll is no news.
  rowsRead: (uploadId: string) => request.call(opsCalls.opsBureauFileProgress, { uploadId }, { silent: true }).then((a) => a.data.rows),
  maxBytes: 10 * 1024 * 1024,
  tooLarge: '对账单文件不能超过 10MB',
});

export const statementsKey = ['ops', 'statements'] as const;
export const formatsKey = ['ops', 'bank-formats'] as const;

export const useStatements = () =>
  useQuery({ queryKey: statementsKey, queryFn: () => request.call(opsMoneyCalls.opsStatementList).then((a) => a.data.list) });

export const useBankFormats = () =>
  useQuery({ queryKey: formatsKey, queryFn: () => request.call(opsMoneyCalls.opsBankFormatList).then((a) => a.data.list) });

const saveFormat = (input: CallInput<typeof opsMoneyCalls.opsBankFormatSave>) =>
  request.call(opsMoneyCalls.opsBankFormatSave, input).then((a) => a.data);

export const useSaveFormat = () => useChange(saveFormat, [formatsKey]);

/** After a load: the statements and every credit list follow. */
export const loadedKeys = [statementsKey, creditsKey] as const;
