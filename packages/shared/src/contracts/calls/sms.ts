import { ApiPath } from '../../paths';
import type { smsSchemas } from '../sms';
import { defineCalls } from '../define';

export const smsCalls = defineCalls<typeof smsSchemas>()({
  sendMessage: { method: 'POST', path: ApiPath.sendMessage, access: 'public', ipLimit: 'send', writes: true },
  getPsnMobCode: { method: 'POST', path: ApiPath.getPsnMobCode, access: 'public', ipLimit: 'send', writes: true },
  sendEmailCode: { method: 'POST', path: ApiPath.sendEmailCode, ipLimit: 'send', writes: true },
});
