import { useQuery } from '@tanstack/react-query';
import { dictCalls } from '@hall/shared/contracts/dict.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type Diagnosis = CallData<typeof dictCalls.diagnosisSearch>['list'][number];
/** The claim types whose diagnosis must be on a scheme list. */
export type DiseaseList = 'major_disease' | 'female_disease';

/** diagnosisSearch: the catalogue by ICD-10 code prefix, name or common word, within a list or not. */
export const fetchDiagnoses = (keyword: string, list: DiseaseList | undefined, signal?: AbortSignal) =>
  request.call(dictCalls.diagnosisSearch, { keyword, list }, { signal }).then((a) => a.data.list);
export const diagnosesKey = ['claims', 'diagnoses'] as const;
/** One query per list and term, the stale term's request cancelled (as useClaimStaff). Nothing typed and no list: no call. */
export const useDiagnoses = (keyword: string, list: DiseaseList | undefined) =>
  useQuery({
    queryKey: [...diagnosesKey, list ?? null, keyword],
    queryFn: ({ signal }) => fetchDiagnoses(keyword, list, signal),
    enabled: keyword !== '' || list !== undefined,
    staleTime: Number.POSITIVE_INFINITY, // the catalogue does not change while the page is open
  });
