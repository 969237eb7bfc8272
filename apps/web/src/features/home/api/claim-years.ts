import { useQuery } from '@tanstack/react-query';
import { homeCalls } from '@hall/shared/contracts/home.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type ClaimYears = CallData<typeof homeCalls.subsidyFrequencyAmount>;

export const claimYearsKey = ['home', 'subsidyFrequencyAmount'] as const;

/** subsidyFrequencyAmount: the caller's paid claims per period year and type (the last five). */
export const fetchClaimYears = () => request.call(homeCalls.subsidyFrequencyAmount, {}, { silent: true }).then((a) => a.data);

export const useClaimYears = () => useQuery({ queryKey: claimYearsKey, queryFn: fetchClaimYears, staleTime: 60_000 });
