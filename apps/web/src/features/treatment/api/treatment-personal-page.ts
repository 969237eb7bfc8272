import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { treatmentCalls } from '@hall/shared/contracts/treatment.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { treatmentKey } from './treatment-page';

export type TreatmentPersonalPageQuery = CallInput<typeof treatmentCalls.treatmentPersonalPage>;

/** personal/getPageList: the person's own treatments, one page with the totals. */
export const fetchTreatmentPersonalPage = (query: TreatmentPersonalPageQuery) =>
  request.call(treatmentCalls.treatmentPersonalPage, query).then((a) => a.data);

export const useTreatmentPersonalPage = (query: TreatmentPersonalPageQuery, enabled = true) =>
  useQuery({
    queryKey: [...treatmentKey, 'personal', query],
    queryFn: () => fetchTreatmentPersonalPage(query),
    placeholderData: keepPreviousData,
    enabled,
  });
