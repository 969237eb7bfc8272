import { ApiPath } from '../../paths';
import type { smsSchemas } from '../sms';
import { defineCalls } from '../define';

export const smsCalls = defineCalls<typeof smsSchemas>({
  sendMessage: { method: 'POST', path: ApiPath.sendMessage, access: 'public', ipLimit: 'send' },
  getPsnMobCode: { method: 'POST', path: ApiPath.getPsnMobCode, access: 'public', ipLimit: 'send' },
  sendEmailCode: { method: 'POST', path: ApiPath.sendEmailCode, ipLimit: 'send' },
});
