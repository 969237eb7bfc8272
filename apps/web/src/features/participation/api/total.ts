import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { participationCalls } from '@hall/shared/contracts/participation.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type ParticipationTotal = CallData<typeof participationCalls.joinMedSituationTotal>;

/** StaffInfo/queryJoinMedSituationTotal: the period's figures (the one in force when no year is given). */
export const fetchParticipationTotal = (year?: number) =>
  request.call(participationCalls.joinMedSituationTotal, year ? { year } : {}).then((a) => a.data);
export const participationTotalKey = (year?: number) => ['participation', 'total', year ?? 'current'] as const;
export const useParticipationTotal = (year?: number) =>
  useQuery({ queryKey: participationTotalKey(year), queryFn: () => fetchParticipationTotal(year), placeholderData: keepPreviousData });
