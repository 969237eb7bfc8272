import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { participationCalls } from '@hall/shared/contracts/participation.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type PersonQuery = CallInput<typeof participationCalls.joinMedSituationList>;
export type PersonPage = CallData<typeof participationCalls.joinMedSituationList>;
export type PersonRow = PersonPage['list'][number];

/** StaffInfo/queryJoinMedSituationList: staff × products with their state, filtered, one page. */
export const fetchParticipationPersons = (query: PersonQuery) =>
  request.call(participationCalls.joinMedSituationList, query).then((a) => a.data);
export const participationPersonsKey = (query: PersonQuery) => ['participation', 'persons', query] as const;
export const useParticipationPersons = (query: PersonQuery, enabled = true) =>
  useQuery({
    queryKey: participationPersonsKey(query),
    queryFn: () => fetchParticipationPersons(query),
    placeholderData: keepPreviousData,
    enabled,
  });
