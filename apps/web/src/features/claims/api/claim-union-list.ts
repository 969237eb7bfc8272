import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { claimCalls } from '@hall/shared/contracts/claims.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type UnionListQuery = CallInput<typeof claimCalls.claimUnionList>;

/** examine/getPageList: the member enterprises' claims (default: waiting for the union). */
export const fetchUnionClaims = (query: UnionListQuery) => request.call(claimCalls.claimUnionList, query).then((a) => a.data);
export const unionClaimsKey = ['claims', 'union'] as const;
export const useUnionClaims = (query: UnionListQuery) =>
  useQuery({ queryKey: [...unionClaimsKey, query], queryFn: () => fetchUnionClaims(query), placeholderData: keepPreviousData });
