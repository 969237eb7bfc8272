import { createRequestClient } from '@hall/client/request.ts';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { consoleConfig, LOGIN_PAGE } from './config';
import { toast } from './feedback';
import { clearConsoleSession, consoleTokens } from './session';

export { type HallAnswer, RequestError } from '@hall/client/request.ts';

const browserNavigator = {
  replace: (url: string) => window.location.replace(url),
  reload: () => window.location.reload(),
};

/**
 * The console's instance of the one request client (packages/client): its own tokens, the
 * operator's refresh call (each side refreshes at its own call, docs/decisions.md "Wall between
 * operator and portal"), and its own login page when the session fails.
 */
export const request = createRequestClient({
  baseURL: consoleConfig.apiBase,
  envelopeKey: consoleConfig.envelopeKey,
  tokens: consoleTokens,
  refreshCall: opsCalls.opsRefreshToken,
  sessionEndPath: () => LOGIN_PAGE,
  resetPath: LOGIN_PAGE,
  clearSession: clearConsoleSession,
  clearSessionStorage: () => sessionStorage.clear(),
  navigator: browserNavigator,
  toast,
});
