import { ApiPath } from '../../paths';
import type { recoverySchemas } from '../recovery';
import { defineCalls } from '../define';

/** /findback-pwd (by SMS, before login), /restPwd and /bindEmail (logged in). */
export const recoveryCalls = defineCalls<typeof recoverySchemas>()({
  findBackPassword: { method: 'POST', path: ApiPath.findBackPassword, access: 'public', ipLimit: 'write', writes: true },
  resetPassword: { method: 'POST', path: ApiPath.resetPassword, writes: true },
  bindEmail: { method: 'POST', path: ApiPath.bindEmail, writes: true },
});
