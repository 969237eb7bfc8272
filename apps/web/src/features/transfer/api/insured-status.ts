import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { personalCalls } from '@hall/shared/contracts/personal.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { download } from '../../../lib/download';
import { request } from '../../../lib/request';

export type StatusQuery = CallInput<typeof personalCalls.insuredStatusList>;
export type StatusItem = CallData<typeof personalCalls.insuredStatusList>['list'][number];

export const fetchInsuredStatus = (query: StatusQuery) => request.call(personalCalls.insuredStatusList, query).then((a) => a.data);
export const insuredStatusKey = (query: StatusQuery) => ['insured-status', query] as const;
export const useInsuredStatus = (query: StatusQuery) =>
  useQuery({ queryKey: insuredStatusKey(query), queryFn: () => fetchInsuredStatus(query), placeholderData: keepPreviousData });

export const exportInsuredStatus = (query: CallInput<typeof personalCalls.insuredStatusExport>, fileName: string) =>
  download(personalCalls.insuredStatusExport, query, fileName);
