import { authCalls } from '@hall/shared/contracts/auth.ts';
import { request } from './request';
import type { LoginType } from './storage';

/**
 * Server logout for the login type (revokes the session). Whatever it answers, the user is
 * leaving: an already expired session must not turn the exit into a session-failure page.
 */
export async function logoutOnServer(loginType: LoginType): Promise<void> {
  const call = loginType === 'personal' ? authCalls.personalLogout : authCalls.unitLogout;
  try {
    await request.call(call, undefined, { rawAnswer: true, silent: true });
  } catch (error) {
    console.error('退出登录请求失败', error);
  }
}
