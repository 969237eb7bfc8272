/**
 * Starts the server as `npm start` does (fresh data directory, or DATABASE_URL), then fetches a
 * captcha and makes a sealed demo login, and prints how long that took from the start.
 * Usage: npx tsx scripts/smoke.ts   (exit 1 when anything fails or takes over 20 s)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiPath, CHANNEL, open, seal } from '@hall/shared';

// 20 s since issue 9: the first start seeds three years of demo benefits through the services
// (docs/decisions.md, "Start smoke allows 20 s"). Measured 13.3 s on a quiet machine after issue 11 (18.8–24.7 s while
// three other sessions shared its two CPUs).
const LIMIT_MS = 20_000;
const port = 18000 + Math.floor(Math.random() * 1000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'hall-smoke-'));
const started = Date.now();
const server = spawn('npm', ['start', '--silent'], {
  env: {
    ...process.env,
    PORT: String(port),
    HALL_DATA_DIR: dataDir,
    HALL_CAPTCHA_FIXED: '2468',
    HALL_SKIP_WEB_BUILD: '1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
const base = `http://127.0.0.1:${port}/api`;

async function call(pathname: string, init?: RequestInit) {
  const res = await fetch(base + pathname, init);
  const body = await res.json();
  return { ...body, data: body.data ? open(body.data) : undefined };
}

async function main() {
  while (Date.now() - started < LIMIT_MS * 2) {
    try {
      const captcha = await call(ApiPath.captcha);
      const login = await call(ApiPath.unitLogin, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          data: seal({ uact: 'lhgh92001', password: 'Demo@2026', captchaId: captcha.data.captchaId, captchaCode: '2468' }),
          channel: CHANNEL,
        }),
      });
      if (login.code !== 0) throw new Error(`login answered ${login.code} ${login.message}`);
      const ms = Date.now() - started;
      console.log(`smoke: captcha + sealed login of ${login.data.user.psnName} answered ${ms} ms after start (limit ${LIMIT_MS} ms)`);
      return ms <= LIMIT_MS ? 0 : 1;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('login answered')) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error('the server did not answer');
}

main()
  .then((code) => (process.exitCode = code))
  .catch((error) => {
    console.error('smoke failed:', error.message);
    process.exitCode = 1;
  })
  .finally(() => {
    process.kill(-server.pid!, 'SIGTERM');
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
  });
