import { useQuery } from '@tanstack/react-query';
import { homeCalls } from '@hall/shared/contracts/home.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type TreatmentYears = CallData<typeof homeCalls.treatDataYear>;

export const treatmentYearsKey = ['home', 'treatDataYear'] as const;

/** treatDataYear: the caller's treatments per period year (the last five). Silent: the panel shows a failure itself. */
export const fetchTreatmentYears = () => request.call(homeCalls.treatDataYear, {}, { silent: true }).then((a) => a.data);

export const useTreatmentYears = () => useQuery({ queryKey: treatmentYearsKey, queryFn: fetchTreatmentYears, staleTime: 60_000 });
