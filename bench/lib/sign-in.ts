/**
 * A demo union signed in to a Chromium tab as the portal itself keeps a login (the tokens in
 * cookies, the user in the tab's session storage), for the browser benches (lighthouse.ts,
 * page-profile.ts).
 */
import type { Page } from 'puppeteer-core';
import { ApiPath, CHANNEL, open, seal } from '@hall/shared';

const DEMO_UNIT = { uact: 'lhgh92001', password: 'Demo@2026' };

async function call(base: string, pathname: string, init?: RequestInit) {
  const res = await fetch(base + pathname, init);
  const body = await res.json();
  return { ...body, data: body.data ? open(body.data) : undefined };
}

/** A sealed demo login, as the login form does it; each call ends the previous session of the account. */
export async function login(origin: string) {
  const base = `${origin}/api`;
  const captcha = await call(base, ApiPath.captcha);
  const answer = await call(base, ApiPath.unitLogin, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: seal({ ...DEMO_UNIT, captchaId: captcha.data.captchaId, captchaCode: '2468' }), channel: CHANNEL }),
  });
  if (answer.code !== 0) throw new Error(`login answered ${answer.code} ${answer.message}`);
  return answer.data as { user: Record<string, unknown>; accessToken: string; refreshToken: string };
}

/**
 * Puts a fresh login where the portal keeps it (apps/web/src/lib/storage.ts): the tokens in
 * cookies, the login type and the user record in this tab's session storage. Then empties the
 * HTTP cache, so the measured load is still a cold one.
 */
export async function signInTab(page: Page, origin: string) {
  const { user, accessToken, refreshToken } = await login(origin);
  await page.goto(`${origin}/favicon.svg`);
  await page
    .browser()
    .setCookie(
      { name: 'hall-token', value: accessToken, domain: '127.0.0.1', path: '/', sameSite: 'Strict' },
      { name: 'hall-refresh-token', value: refreshToken, domain: '127.0.0.1', path: '/', sameSite: 'Strict' },
    );
  const record = JSON.stringify({ ...user, uactLevel: Number(user.uactLevel) });
  await page.evaluate((unit) => {
    sessionStorage.setItem('loginType', 'unit');
    sessionStorage.setItem('hsa-user', unit);
  }, record);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}
