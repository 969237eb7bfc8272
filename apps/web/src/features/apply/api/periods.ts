import { useQuery } from '@tanstack/react-query';
import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import { request } from '../../../lib/request';

/** periodList: the periods with their phase today and products (changes rarely: cached 5 minutes). */
export const fetchPeriods = () => request.call(enrolmentCalls.periodList).then((a) => a.data);
export const periodsKey = ['enrolment', 'periods'] as const;
export const usePeriods = () => useQuery({ queryKey: periodsKey, queryFn: fetchPeriods, staleTime: 300_000 });
