import { claimCalls } from '@hall/shared/contracts/claims.ts';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';
import { claimDetailKey } from './claim-detail';
import { claimListKey } from './claim-list';
import { unionClaimsKey } from './claim-union-list';

/** Who reviews before the city union: the unit (its workers' claims) or the 92 union. */
export type ReviewerRole = 'unit' | 'union';

const CALLS = {
  unit: { approve: claimCalls.claimUnitApprove, back: claimCalls.claimUnitReturn },
  union: { approve: claimCalls.claimUnionApprove, back: claimCalls.claimUnionReturn },
} as const;

/** approve: on to the next review stage. */
export const approveClaim = (role: ReviewerRole, id: number) => request.call(CALLS[role].approve, { id }).then((a) => a.data);

/** return: back to the filer with what to fix. */
export const returnClaim = (role: ReviewerRole, id: number, reason: string) =>
  request.call(CALLS[role].back, { id, reason }).then((a) => a.data);

/** A reviewer's decision, then the lists and the detail follow. */
const decided = [claimListKey, claimDetailKey, unionClaimsKey];
export const useApproveClaim = (role: ReviewerRole) => useChange((id: number) => approveClaim(role, id), decided);
export const useReturnClaim = (role: ReviewerRole) =>
  useChange(({ id, reason }: { id: number; reason: string }) => returnClaim(role, id, reason), decided);
