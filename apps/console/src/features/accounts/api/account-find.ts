import { useQuery } from '@tanstack/react-query';
import { opsAdminCalls } from '@hall/shared/contracts/ops-admin.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type Account = CallData<typeof opsAdminCalls.opsAccountFind>['list'][number];
export type LoginType = Account['loginType'];

export const fetchAccounts = (loginType: LoginType, keyword: string) =>
  request.call(opsAdminCalls.opsAccountFind, { loginType, keyword }).then((answer) => answer.data.list);

export const accountsKey = ['ops', 'accounts'] as const;

/** The accounts a keyword finds (nothing is asked before a keyword is given). */
export const useAccounts = (loginType: LoginType, keyword: string) =>
  useQuery({
    queryKey: [...accountsKey, loginType, keyword],
    queryFn: () => fetchAccounts(loginType, keyword),
    enabled: keyword !== '',
  });
