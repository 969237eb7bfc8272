import { ApiPath } from '../../paths';
import type { registrationSchemas } from '../registration';
import { defineCalls } from '../define';

/** Unit registration (/register → /registerNext → /registerEnd) and /improveInfo. */
export const registrationCalls = defineCalls<typeof registrationSchemas>({
  queryFirstContact: { method: 'GET', path: ApiPath.queryFirstContact, access: 'public' },
  queryFirstContactForOrg: { method: 'POST', path: ApiPath.queryFirstContactForOrg, access: 'public' },
  checkUnitInfo: { method: 'POST', path: ApiPath.checkUnitInfo, access: 'public', ipLimit: 'lookup' },
  insertRegisterInfo: { method: 'POST', path: ApiPath.insertRegisterInfo, access: 'public', ipLimit: 'write' },
  selectRegUserInfo: { method: 'POST', path: ApiPath.selectRegUserInfo, access: 'public', ipLimit: 'lookup' },
  selectUnitInfo: { method: 'POST', path: ApiPath.selectUnitInfo, access: 'unit' },
  completionRegInfo: { method: 'POST', path: ApiPath.completionRegInfo, access: 'unit' },
});
