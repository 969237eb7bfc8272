import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { personalCalls } from '@hall/shared/contracts/personal.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';

export type FilingQuery = CallInput<typeof personalCalls.filingList>;
export type FilingPage = CallData<typeof personalCalls.filingList>;
export type FilingItem = FilingPage['list'][number];

export const fetchFilings = (query: FilingQuery) => request.call(personalCalls.filingList, query).then((a) => a.data);
export const filingsKey = (query?: FilingQuery) => ['filing', 'list', ...(query ? [query] : [])] as const;
export const useFilings = (query: FilingQuery) =>
  useQuery({ queryKey: filingsKey(query), queryFn: () => fetchFilings(query), placeholderData: keepPreviousData });

export const fetchFilingStaff = () => request.call(personalCalls.filingStaffOptions).then((a) => a.data.list);
export const useFilingStaff = (enabled: boolean) => useQuery({ queryKey: ['filing', 'staff'], queryFn: fetchFilingStaff, enabled });

const applyFiling = (input: CallInput<typeof personalCalls.filingApply>) =>
  request.call(personalCalls.filingApply, input).then((a) => a.data);
export const useApplyFiling = () => useChange(applyFiling, [filingsKey()]);
