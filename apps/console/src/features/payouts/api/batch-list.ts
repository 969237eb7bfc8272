import { useQuery } from '@tanstack/react-query';
import { opsTreatmentCalls } from '@hall/shared/contracts/ops-treatment.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type PayoutBatch = CallData<typeof opsTreatmentCalls.opsPayoutBatchList>['list'][number];
export type BatchKind = PayoutBatch['kind'];

export const fetchBatches = (kind?: BatchKind) =>
  request.call(opsTreatmentCalls.opsPayoutBatchList, kind ? { kind } : {}).then((answer) => answer.data.list);

export const batchesKey = ['ops', 'payout-batches'] as const;

/** The payout batches, newest first (at most 200); `kind` narrows to treatments or claims. */
export const useBatches = (kind?: BatchKind) => useQuery({ queryKey: [...batchesKey, kind ?? 'all'], queryFn: () => fetchBatches(kind) });
