import { useQuery } from '@tanstack/react-query';
import { treatmentCalls } from '@hall/shared/contracts/treatment.ts';
import { request } from '../../../lib/request';
import { treatmentKey } from './treatment-page';

/** personal/queryDataById: one of the person's own treatments with its settlement and how it was computed. */
export const fetchTreatmentPersonalDetail = (id: string) =>
  request.call(treatmentCalls.treatmentPersonalDetail, { id }).then((a) => a.data);

export const useTreatmentPersonalDetail = (id: string | null) =>
  useQuery({
    queryKey: [...treatmentKey, 'personal-detail', id],
    queryFn: () => fetchTreatmentPersonalDetail(id!),
    enabled: id !== null,
  });
