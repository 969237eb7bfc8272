import { ApiPath } from '../../paths';
import type { dictSchemas } from '../dict';
import { defineCalls } from '../define';

/** Code sets are public: registration pages need them before login. The diagnosis catalogue is for signed-in filers. */
export const dictCalls = defineCalls<typeof dictSchemas>()({
  dictMultiple: { method: 'GET', path: ApiPath.dictMultiple, access: 'public', writes: false },
  dictList: { method: 'POST', path: ApiPath.dictList, access: 'public', writes: false },
  diagnosisSearch: { method: 'POST', path: ApiPath.diagnosisSearch, access: 'any', writes: false },
});
