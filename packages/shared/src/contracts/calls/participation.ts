import { ApiPath } from '../../paths';
import type { participationSchemas } from '../participation';
import { defineCalls } from '../define';

/** /participation 职工参加医疗互助情况: the unit's own staff (a level-1 union also its subordinates' totals). */
export const participationCalls = defineCalls<typeof participationSchemas>()({
  joinMedSituationTotal: { method: 'POST', path: ApiPath.joinMedSituationTotal, access: 'unit', needInsured: true, writes: false },
  joinMedSituationList: { method: 'POST', path: ApiPath.joinMedSituationList, access: 'unit', needInsured: true, writes: false },
  joinMedSituationExport: {
    method: 'POST',
    path: ApiPath.joinMedSituationExport,
    access: 'unit',
    needInsured: true,
    sealed: 'either',
    writes: false,
  },
});
