import { useQuery } from '@tanstack/react-query';
import { personalCalls } from '@hall/shared/contracts/personal.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type Filing = CallData<typeof personalCalls.opsFilingList>['list'][number];
export type FilingState = Filing['state'];

export const filingsKey = ['ops', 'filings'] as const;

export const fetchFilings = (state: FilingState) => request.call(personalCalls.opsFilingList, { state }).then((answer) => answer.data.list);

export const useFilings = (state: FilingState) => useQuery({ queryKey: [...filingsKey, state], queryFn: () => fetchFilings(state) });
