import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { treatmentCalls } from '@hall/shared/contracts/treatment.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type TreatmentPageQuery = CallInput<typeof treatmentCalls.treatmentPage>;
export type TreatmentPageData = CallData<typeof treatmentCalls.treatmentPage>;
export type TreatmentItem = TreatmentPageData['list'][number];

export const treatmentKey = ['treatment'] as const;

/** getPageList: the unit's staff's treatments, one page with the totals (afterKey/beforeKey step by keyset). */
export const fetchTreatmentPage = (query: TreatmentPageQuery) => request.call(treatmentCalls.treatmentPage, query).then((a) => a.data);

export const useTreatmentPage = (query: TreatmentPageQuery, enabled = true) =>
  useQuery({
    queryKey: [...treatmentKey, 'unit', query],
    queryFn: () => fetchTreatmentPage(query),
    placeholderData: keepPreviousData,
    enabled,
  });
