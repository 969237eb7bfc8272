import { ApiPath } from '@hall/shared/paths.ts';
import type {
  CaptchaAnswer,
  PersonalLoginAnswer,
  PersonalLoginRequest,
  UnitLoginAnswer,
  UnitLoginRequest,
} from '@hall/shared/schemas/auth.ts';
import { request } from '../../../lib/request';
import type { LoginType } from '../../../lib/storage';

/** GET captcha: {captchaId, image (data: URL of an SVG)}; single use, two minutes. */
export const fetchCaptcha = () => request.get<CaptchaAnswer>(ApiPath.captcha).then((answer) => answer.data);

/** Unit login; the whole answer, because code 600067 (information incomplete) is a result. */
export const loginUnit = (form: UnitLoginRequest) => request.post<UnitLoginAnswer>(ApiPath.unitLogin, form);

export const loginPersonal = (form: PersonalLoginRequest) =>
  request.post<PersonalLoginAnswer>(ApiPath.personalLogin, form);

/**
 * Server logout for the login type (revokes the session). Whatever it answers, the user is
 * leaving: an already expired session must not turn the exit into a session-failure page.
 */
export async function logoutOnServer(loginType: LoginType): Promise<void> {
  const path = loginType === 'personal' ? ApiPath.personalLogout : ApiPath.unitLogout;
  try {
    await request.get(path, undefined, { rawAnswer: true, silent: true });
  } catch (error) {
    console.error('退出登录请求失败', error);
  }
}

/** POST updatePassword {uact, pwd}; personal users send their certNo as uact. */
export const updatePassword = (uact: string, pwd: string) => request.post(ApiPath.updatePassword, { uact, pwd });
