import { useQuery } from '@tanstack/react-query';
import { opsTreatmentCalls } from '@hall/shared/contracts/ops-treatment.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type TreatmentsDue = CallData<typeof opsTreatmentCalls.opsTreatmentList>;
export type TreatmentDue = TreatmentsDue['list'][number];

export const fetchTreatmentsDue = () =>
  request.call(opsTreatmentCalls.opsTreatmentList, { state: 'pending', limit: 1000 }).then((answer) => answer.data);

export const treatmentsDueKey = ['ops', 'treatments', 'pending'] as const;

/** 待发放 treatments (at most 1000 rows) and the totals of all of them. */
export const useTreatmentsDue = () => useQuery({ queryKey: treatmentsDueKey, queryFn: fetchTreatmentsDue });
