import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { opsAccountCalls } from '@hall/shared/contracts/ops-accounts.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { accountsKey } from './account-find';

/*
 * The account lists of 账号管理 (单位 tree, 个人) and one account's detail. Every key starts with
 * accountsKey, so an action on an account (account-act.ts) refreshes them all.
 */

export type Union = CallData<typeof opsAccountCalls.opsUnionTree>['list'][number];
export type UnionUnit = CallData<typeof opsAccountCalls.opsUnionUnits>['list'][number];
export type PersonAccount = CallData<typeof opsAccountCalls.opsPersonAccountList>['list'][number];
export type AccountDetail = CallData<typeof opsAccountCalls.opsAccountDetail>;
export type UnionQuery = CallInput<typeof opsAccountCalls.opsUnionTree>;
export type PersonQuery = CallInput<typeof opsAccountCalls.opsPersonAccountList>;

/** A page of level-1 unions (20, by id; `after` is the last id of the page before). */
export const useUnionTree = (query: UnionQuery) =>
  useQuery({
    queryKey: [...accountsKey, 'unions', query],
    queryFn: () => request.call(opsAccountCalls.opsUnionTree, query).then((answer) => answer.data),
    placeholderData: keepPreviousData,
  });

/** A union's units, 20 at a time, each 加载更多 appending the next page. */
export const useUnionUnits = (unionId: number) =>
  useInfiniteQuery({
    queryKey: [...accountsKey, 'union-units', unionId],
    queryFn: ({ pageParam }) =>
      request.call(opsAccountCalls.opsUnionUnits, { unionId, after: pageParam ?? undefined }).then((answer) => answer.data),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
  });

/** A page of workers' accounts (20, by id). */
export const usePersonAccounts = (query: PersonQuery) =>
  useQuery({
    queryKey: [...accountsKey, 'persons', query],
    queryFn: () => request.call(opsAccountCalls.opsPersonAccountList, query).then((answer) => answer.data),
    placeholderData: keepPreviousData,
  });

/** One account with its history (nothing asked while none is open). */
export const useAccountDetail = (accountId: number | null) =>
  useQuery({
    queryKey: [...accountsKey, 'detail', accountId],
    queryFn: () => request.call(opsAccountCalls.opsAccountDetail, { accountId: accountId ?? 0 }).then((answer) => answer.data),
    enabled: accountId !== null,
  });
