import { useQuery } from '@tanstack/react-query';
import { opsClaimCalls } from '@hall/shared/contracts/ops-claims.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type ClaimRow = CallData<typeof opsClaimCalls.opsClaimList>['list'][number];
export type ClaimState = ClaimRow['state'];

export const claimsKey = ['ops', 'claims'] as const;

/** The claims in one state (the server's default and this page's: 市总审核, oldest first; at most 500). */
export const fetchClaims = (state: ClaimState) => request.call(opsClaimCalls.opsClaimList, { state }).then((answer) => answer.data.list);

export const useClaims = (state: ClaimState) => useQuery({ queryKey: [...claimsKey, 'list', state], queryFn: () => fetchClaims(state) });
