import { useQuery } from '@tanstack/react-query';
import { personalCalls } from '@hall/shared/contracts/personal.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { filingsKey } from './filing-list';

export type FilingDetail = CallData<typeof personalCalls.opsFilingDetail>;

/** One filing with its history (the drawer). Under the list's key: a decision refreshes both. */
export const useFilingDetail = (id: number | null) =>
  useQuery({
    queryKey: [...filingsKey, 'detail', id],
    queryFn: () => request.call(personalCalls.opsFilingDetail, { id: id ?? 0 }).then((answer) => answer.data),
    enabled: id !== null,
  });
