import { authCalls } from '@hall/shared/contracts/auth.ts';
import { createRequestClient } from '@hall/client/request.ts';
import { actingHeadersOf } from './acting-state';
import { appConfig } from './config';
import { toast } from './feedback';
import { nextTask } from './next-task';
import { pageNavigator } from './navigator';
import { clearSession, readLoginType, tokens, type LoginType } from './storage';

// The client's rules live in packages/client, shared with the console; this module wires the portal's.
export {
  createRequestClient,
  type HallAnswer,
  REFRESH_HEADER,
  type RequestClient,
  RequestError,
  type RequestDeps,
  type RequestFailure,
  TIMEOUT_MESSAGE,
} from '@hall/client/request.ts';

/** Session-failure landing (R4, R29): personal users see /Transfer/404, units (and no one) the unit login. */
export const portalSessionEndPath = (loginType: LoginType | null) => (loginType === 'personal' ? '/Transfer/404' : '/gatePage');

/** The portal's instance: browser storage, the page navigator and antd toasts. */
export const request = createRequestClient({
  baseURL: appConfig.apiBase,
  envelopeKey: appConfig.envelopeKey,
  tokens,
  refreshCall: authCalls.refreshToken,
  sessionEndPath: () => portalSessionEndPath(readLoginType()),
  resetPath: '/',
  clearSession,
  clearSessionStorage: () => sessionStorage.clear(),
  navigator: pageNavigator,
  toast,
  actingHeaders: (name) => actingHeadersOf(name),
  beforeCall: nextTask,
});
