import { opsClaimCalls } from '@hall/shared/contracts/ops-claims.ts';
import { opsTreatmentCalls } from '@hall/shared/contracts/ops-treatment.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { useChange } from '@hall/client/use-change.ts';
import { request } from '../../../lib/request';
import { waitingListKey } from '../../../lib/query-keys';
import { batchesKey } from './batch-list';
import { claimsDueKey } from './claim-due';
import { treatmentsDueKey } from './treatment-due';

export type TreatmentPayAnswer = CallData<typeof opsTreatmentCalls.opsTreatmentPay>;
export type ClaimPayAnswer = CallData<typeof opsClaimCalls.opsClaimPay>;

const payTreatments = (paidOn: string) => request.call(opsTreatmentCalls.opsTreatmentPay, { paidOn }).then((answer) => answer.data);
const payClaims = (paidOn: string) => request.call(opsClaimCalls.opsClaimPay, { paidOn }).then((answer) => answer.data);

/** 发放 every 待发放 treatment in one batch: the list, the batches and the workbench follow. */
export const usePayTreatments = () => useChange(payTreatments, [treatmentsDueKey, batchesKey, waitingListKey]);

/** 发放 every approved claim in one batch (those without a card, or approved by this operator, stay). */
export const usePayClaims = () => useChange(payClaims, [claimsDueKey, batchesKey, waitingListKey]);
