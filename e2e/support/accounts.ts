import { ApiPath } from '@hall/shared';
import { apiGet, apiPost, baseUrl, CAPTCHA, PASSWORD } from './api';

/**
 * Account upkeep from the test process, for specs that change a password: the e2e server's
 * database is fresh per run, but a retried test must start from the demo password again.
 */
export async function loginWithPassword(kind: 'unit' | 'personal', name: string, password: string) {
  const { data } = await apiGet(ApiPath.captcha);
  const path = kind === 'unit' ? ApiPath.unitLogin : ApiPath.personalLogin;
  const field = kind === 'unit' ? { uact: name } : { certNo: name };
  return apiPost(path, { ...field, password, captchaId: data.captchaId, captchaCode: CAPTCHA });
}

/** Puts the demo password back when an earlier attempt left `changedTo` in place. */
export async function restoreDemoPassword(kind: 'unit' | 'personal', name: string, changedTo: string) {
  const demo = await loginWithPassword(kind, name, PASSWORD);
  if (demo.code === 0) return;
  const changed = await loginWithPassword(kind, name, changedTo);
  if (changed.code !== 0)
    throw new Error(`${name}: neither the demo password nor ${changedTo} logs in (${demo.message} / ${changed.message}) at ${baseUrl}`);
  const answer = await apiPost(ApiPath.updatePassword, { uact: name, oldPwd: changedTo, pwd: PASSWORD }, changed.data.accessToken);
  if (answer.code !== 0) throw new Error(`${name}: could not restore the demo password: ${answer.message}`);
}
