import { ApiPath } from '../../paths';
import type { agentSchemas } from '../agent';
import { defineCalls } from '../define';

/** Agent (经办人) registration and the real-name check, before login. */
export const agentCalls = defineCalls<typeof agentSchemas>()({
  checkAgentExist: { method: 'POST', path: ApiPath.checkAgentExist, access: 'public', ipLimit: 'lookup', writes: false },
  agentRegister: { method: 'POST', path: ApiPath.agentRegister, access: 'public', ipLimit: 'write', writes: true },
  selectOpterMobInfo: { method: 'POST', path: ApiPath.selectOpterMobInfo, access: 'public', ipLimit: 'lookup', writes: false },
  /** Logged in: a unit checks its own staff, a person themself (public, it told anyone who is who). */
  checkRealName: { method: 'POST', path: ApiPath.checkRealName, ipLimit: 'lookup', writes: false },
  publicDicList: { method: 'POST', path: ApiPath.publicDicList, access: 'public', writes: false },
});
