import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { claimCalls } from '@hall/shared/contracts/claims.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import type { FilerRole } from './roles';

export type ClaimListQuery = CallInput<typeof claimCalls.claimList>;
export type ClaimPage = CallData<typeof claimCalls.claimList>;
export type ClaimItem = ClaimPage['list'][number];

/** getPageList: the unit's claims (its own and its workers' submitted ones) / the worker's own. */
export const fetchClaimList = (role: FilerRole, query: ClaimListQuery) =>
  role === 'unit'
    ? request.call(claimCalls.claimList, query).then((a) => a.data)
    : request
        .call(claimCalls.claimListPersonal, {
          type: query.type,
          state: query.state,
          periodYear: query.periodYear,
          pageNum: query.pageNum,
          pageSize: query.pageSize,
        })
        .then((a) => a.data);
export const claimListKey = ['claims', 'list'] as const;
export const useClaimList = (role: FilerRole, query: ClaimListQuery) =>
  useQuery({ queryKey: [...claimListKey, role, query], queryFn: () => fetchClaimList(role, query), placeholderData: keepPreviousData });
