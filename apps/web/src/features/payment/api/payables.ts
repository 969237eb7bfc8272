import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { payableCalls } from '@hall/shared/contracts/payable.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type PayableList = CallData<typeof payableCalls.payableList>;
export type Payable = PayableList['list'][number];

/** payableList: the unit's applications 待缴费, 已缴费, 已生效 (optionally of one year). */
export const fetchPayables = (year?: number) => request.call(payableCalls.payableList, year ? { year } : {}).then((a) => a.data);
export const payablesKey = (year?: number) => ['payable', 'list', year ?? 'all'] as const;
export const usePayables = (year?: number) =>
  useQuery({ queryKey: payablesKey(year), queryFn: () => fetchPayables(year), placeholderData: keepPreviousData });
