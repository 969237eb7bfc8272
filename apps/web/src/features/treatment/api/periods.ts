import { useQuery } from '@tanstack/react-query';
import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import { request } from '../../../lib/request';

/** periodList: the years and products the filters offer (the same cache entry as the application pages). */
export const fetchPeriods = () => request.call(enrolmentCalls.periodList).then((a) => a.data);
export const usePeriods = () => useQuery({ queryKey: ['enrolment', 'periods'], queryFn: fetchPeriods, staleTime: 300_000 });
