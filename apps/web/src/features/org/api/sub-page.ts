import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { orgCalls } from '@hall/shared/contracts/org.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type SubPageQuery = CallInput<typeof orgCalls.uactRelevQueryList>;
export type SubPageData = CallData<typeof orgCalls.uactRelevQueryList>;
export type SubItem = SubPageData['list'][number];

/** Every list query starts with this key: writes invalidate it. */
export const subKey = ['org-sub'] as const;

/** uactRelevParNaService/queryList: the union's subordinate units, one page. */
export const fetchSubPage = (query: SubPageQuery) => request.call(orgCalls.uactRelevQueryList, query).then((a) => a.data);

export const useSubPage = (query: SubPageQuery) =>
  useQuery({ queryKey: [...subKey, 'page', query], queryFn: () => fetchSubPage(query), placeholderData: keepPreviousData });
