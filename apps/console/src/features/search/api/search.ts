import { useQuery } from '@tanstack/react-query';
import { opsAdminCalls } from '@hall/shared/contracts/ops-admin.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type SearchHit = CallData<typeof opsAdminCalls.opsSearch>['list'][number];

export const fetchSearch = (keyword: string) => request.call(opsAdminCalls.opsSearch, { keyword }).then((answer) => answer.data.list);

/** The hits of a keyword (none asked for a blank one); a keyword asked again within a minute is not asked again. */
export const useSearch = (keyword: string) =>
  useQuery({ queryKey: ['ops', 'search', keyword], queryFn: () => fetchSearch(keyword), enabled: keyword !== '', staleTime: 60_000 });
