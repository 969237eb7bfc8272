import { PASSWORD_CHANGE_REDIRECT_MS } from '@hall/shared/constants.ts';
import { logoutOnServer } from './logout-api';
import { pageNavigator } from './navigator';
import { clearSession, type LoginType } from './storage';

/** The gateway tab a user of this type logs in on. */
export const gatewayFor = (loginType: LoginType) => (loginType === 'personal' ? '/gatePage?tab=personal' : '/gatePage');

/**
 * Logout (R25, R26 after the confirm): the server call for the login type, then tokens and
 * session storage go and the gateway loads afresh (no state of this user survives in memory).
 */
export async function signOut(loginType: LoginType) {
  await logoutOnServer(loginType);
  clearSession();
  pageNavigator.replace(gatewayFor(loginType));
}

/** After a password change (R31): logout, clear, and the gateway after two seconds. */
export async function signOutAfterPasswordChange(loginType: LoginType, schedule = setTimeout) {
  await logoutOnServer(loginType);
  clearSession();
  schedule(() => pageNavigator.replace(gatewayFor(loginType)), PASSWORD_CHANGE_REDIRECT_MS);
}
