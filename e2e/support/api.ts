import { ApiPath, CHANNEL, open, REFRESH_TOKEN_HEADER, seal } from '@hall/shared';
import { nodeUrl } from './node';

/** Real sealed calls from the test process, for what a second browser or the back office would do. */
export const baseUrl = nodeUrl();
export const CAPTCHA = '2468';
export const PASSWORD = 'Demo@2026';

async function answer(res: Response) {
  const body = await res.json();
  // biome-ignore lint/suspicious/noExplicitAny: each spec asserts the data it expects
  return { ...body, data: body.data ? open(body.data) : undefined } as { code: number; message: string; data: any };
}

export async function apiGet(path: string, token?: string) {
  return answer(await fetch(baseUrl + '/api' + path, { headers: token ? { authorization: token } : {} }));
}

export async function apiPost(path: string, payload: unknown, token?: string) {
  return answer(
    await fetch(baseUrl + '/api' + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify({ data: seal(payload), channel: CHANNEL }),
    }),
  );
}

/**
 * A fresh image captcha answered with the e2e server's fixed value (HALL_CAPTCHA_FIXED): every
 * anonymous call that writes or sends carries one, single use.
 */
export async function captchaProof(): Promise<{ captchaId: string; captchaCode: string }> {
  const { data } = await apiGet(ApiPath.captcha);
  return { captchaId: data.captchaId, captchaCode: CAPTCHA };
}

/** Logs an account in from outside the browser (which supersedes the browser's session). */
export async function loginElsewhere(kind: 'unit' | 'personal', name: string) {
  const { data } = await apiGet(ApiPath.captcha);
  const path = kind === 'unit' ? ApiPath.unitLogin : ApiPath.personalLogin;
  const field = kind === 'unit' ? { uact: name } : { certNo: name };
  return apiPost(path, { ...field, password: PASSWORD, captchaId: data.captchaId, captchaCode: CAPTCHA });
}

export async function refreshElsewhere(refreshToken: string) {
  return answer(
    await fetch(baseUrl + '/api' + ApiPath.refreshToken, { method: 'POST', headers: { [REFRESH_TOKEN_HEADER]: refreshToken } }),
  );
}
