import { ApiPath } from '../../paths';
import type { authSchemas } from '../auth';
import { defineCalls } from '../define';

export const authCalls = defineCalls<typeof authSchemas>()({
  captcha: { method: 'GET', path: ApiPath.captcha, access: 'public', writes: false },
  unitLogin: { method: 'POST', path: ApiPath.unitLogin, access: 'public', writes: true },
  personalLogin: { method: 'POST', path: ApiPath.personalLogin, access: 'public', writes: true },
  userLogin: { method: 'POST', path: ApiPath.userLogin, access: 'public', writes: true },
  userInfo: { method: 'GET', path: ApiPath.userInfo, writes: false },
  userLogout: { method: 'POST', path: ApiPath.userLogout, writes: true },
  unitLogout: { method: 'GET', path: ApiPath.unitLogout, access: 'unit', writes: true },
  personalLogout: { method: 'GET', path: ApiPath.personalLogout, access: 'personal', writes: true },
  refreshToken: { method: 'POST', path: ApiPath.refreshToken, access: 'public', sealed: false, writes: true },
  updatePassword: { method: 'POST', path: ApiPath.updatePassword, writes: true },
});
