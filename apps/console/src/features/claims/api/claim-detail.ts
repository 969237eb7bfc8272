import { useQuery } from '@tanstack/react-query';
import { opsClaimCalls } from '@hall/shared/contracts/ops-claims.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { claimsKey } from './claim-list';

export type ClaimDetail = CallData<typeof opsClaimCalls.opsClaimDetail>;

/** One claim with its attachments, history and the rule's amount; by id or number (BZ…). */
export const fetchClaimDetail = (claim: string | number) =>
  request.call(opsClaimCalls.opsClaimDetail, { claim }).then((answer) => answer.data);

export const useClaimDetail = (claim: string | number | null) =>
  useQuery({
    queryKey: [...claimsKey, 'detail', String(claim)],
    queryFn: () => fetchClaimDetail(claim ?? ''),
    enabled: claim !== null,
  });
