import { useQuery } from '@tanstack/react-query';
import { treatmentCalls } from '@hall/shared/contracts/treatment.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { treatmentKey } from './treatment-page';

export type TreatmentDetail = CallData<typeof treatmentCalls.treatmentDetail>;

/** queryDataById: one of the unit's staff's treatments with its settlement and how it was computed. */
export const fetchTreatmentDetail = (id: string) => request.call(treatmentCalls.treatmentDetail, { id }).then((a) => a.data);

export const useTreatmentDetail = (id: string | null) =>
  useQuery({ queryKey: [...treatmentKey, 'unit-detail', id], queryFn: () => fetchTreatmentDetail(id!), enabled: id !== null });
