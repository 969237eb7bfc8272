import { ApiPath } from '../../paths';
import type { authSchemas } from '../auth';
import { defineCalls } from '../define';

export const authCalls = defineCalls<typeof authSchemas>({
  captcha: { method: 'GET', path: ApiPath.captcha, access: 'public' },
  unitLogin: { method: 'POST', path: ApiPath.unitLogin, access: 'public' },
  personalLogin: { method: 'POST', path: ApiPath.personalLogin, access: 'public' },
  userLogin: { method: 'POST', path: ApiPath.userLogin, access: 'public' },
  userInfo: { method: 'GET', path: ApiPath.userInfo },
  userLogout: { method: 'POST', path: ApiPath.userLogout },
  unitLogout: { method: 'GET', path: ApiPath.unitLogout, access: 'unit' },
  personalLogout: { method: 'GET', path: ApiPath.personalLogout, access: 'personal' },
  refreshToken: { method: 'POST', path: ApiPath.refreshToken, access: 'public', sealed: false },
  updatePassword: { method: 'POST', path: ApiPath.updatePassword },
});
