import { ApiPath } from '../../paths';
import type { registrationSchemas } from '../registration';
import { defineCalls } from '../define';

/** Unit registration (/register → /registerNext → /registerEnd) and /improveInfo. */
export const registrationCalls = defineCalls<typeof registrationSchemas>()({
  queryFirstContact: { method: 'GET', path: ApiPath.queryFirstContact, access: 'public', writes: false },
  queryFirstContactForOrg: { method: 'POST', path: ApiPath.queryFirstContactForOrg, access: 'public', writes: false },
  checkUnitInfo: { method: 'POST', path: ApiPath.checkUnitInfo, access: 'public', ipLimit: 'lookup', writes: false },
  insertRegisterInfo: { method: 'POST', path: ApiPath.insertRegisterInfo, access: 'public', ipLimit: 'write', writes: true },
  selectRegUserInfo: { method: 'POST', path: ApiPath.selectRegUserInfo, access: 'public', ipLimit: 'lookup', writes: false },
  selectUnitInfo: { method: 'POST', path: ApiPath.selectUnitInfo, access: 'unit', writes: false },
  completionRegInfo: { method: 'POST', path: ApiPath.completionRegInfo, access: 'unit', writes: true },
});
