import { useQuery } from '@tanstack/react-query';
import { opsClaimCalls } from '@hall/shared/contracts/ops-claims.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type ClaimDue = CallData<typeof opsClaimCalls.opsClaimList>['list'][number];

export const fetchClaimsDue = () => request.call(opsClaimCalls.opsClaimList, { state: 'approved' }).then((answer) => answer.data.list);

export const claimsDueKey = ['ops', 'claims', 'approved'] as const;

/** Claims approved at 市总审核 and waiting for payment (待发放), with whether a card is on file. */
export const useClaimsDue = () => useQuery({ queryKey: claimsDueKey, queryFn: fetchClaimsDue });
