import { ApiPath } from '../../paths';
import type { recoverySchemas } from '../recovery';
import { defineCalls } from '../define';

/** /findback-pwd (by SMS, before login), /restPwd and /bindEmail (logged in). */
export const recoveryCalls = defineCalls<typeof recoverySchemas>({
  findBackPassword: { method: 'POST', path: ApiPath.findBackPassword, access: 'public', ipLimit: 'write' },
  resetPassword: { method: 'POST', path: ApiPath.resetPassword },
  bindEmail: { method: 'POST', path: ApiPath.bindEmail },
});
