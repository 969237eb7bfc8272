import { opsClaimCalls } from '@hall/shared/contracts/ops-claims.ts';
import { yuan } from '@hall/shared/enrolment/index.ts';
import { useChange } from '@hall/client/use-change.ts';
import { toast } from '../../../lib/feedback';
import { waitingListKey } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { claimsKey } from './claim-list';

export interface Approval {
  claim: number;
  /** Yuan with two decimals; absent: the amount the claim carries. */
  amount?: string;
  note?: string;
}

const approve = (input: Approval) =>
  request
    .call(opsClaimCalls.opsClaimApprove, input)
    .then(({ data }) => toast.success(`已审核通过：${data.claimNo}，核定金额 ¥${yuan(data.amountFen)}`));

const returnClaim = ({ claim, reason }: { claim: number; reason: string }) =>
  request.call(opsClaimCalls.opsClaimReturn, { claim, reason }).then(({ data }) => toast.success(`已退回补正：${data.claimNo}`));

const refuse = ({ claim, reason }: { claim: number; reason: string }) =>
  request.call(opsClaimCalls.opsClaimRefuse, { claim, reason }).then(({ data }) => toast.success(`不予补助：${data.claimNo}`));

// Each decision refreshes the lists, the drawer and the workbench's count.
export const useApproveClaim = () => useChange(approve, [claimsKey, waitingListKey]);
export const useReturnClaim = () => useChange(returnClaim, [claimsKey, waitingListKey]);
export const useRefuseClaim = () => useChange(refuse, [claimsKey, waitingListKey]);
