/**
 * Starts the server as `npm start` does (fresh data directory, or DATABASE_URL), then fetches a
 * captcha and makes a sealed demo login, and prints how long that took from the start; then a demo
 * operator logs in to the back office's API and /console/ answers a page; then the demo city is
 * backed up while the server runs and restored into an empty target (scripts/backup-check.ts).
 * Usage: npx tsx scripts/smoke.ts   (exit 1 when anything fails or takes over 20 s)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiPath, CHANNEL, OpsPath, open, seal } from '@hall/shared';
import { backupRoundTrip } from './backup-check';

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

const sealed = (data: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ data: seal(data), channel: CHANNEL }),
});

/** The back office on the same start: a demo operator's login and the console's page. */
async function backOffice() {
  const captcha = await call(ApiPath.captcha);
  const login = await call(
    OpsPath.opsLogin,
    sealed({ username: 'ops-review', password: 'Demo@2026', captchaId: captcha.data.captchaId, captchaCode: '2468' }),
  );
  if (login.code !== 0 || !login.data.operator.roles.includes('reviewer'))
    throw new Error(`operator login answered ${login.code} ${login.message}`);
  const page = await fetch(`http://127.0.0.1:${port}/console/registrations`);
  const html = await page.text();
  if (!page.ok || !html.includes('<html')) throw new Error(`/console/registrations answered ${page.status}`);
  console.log(
    `smoke: operator ${login.data.operator.name} logged in; /console/ answers ${html.includes('管理后台') ? 'the console' : 'its not-built page'}`,
  );
}

async function main() {
  const ms = await firstAnswer();
  await backupRoundTrip({ dataDir, databaseUrl: process.env.DATABASE_URL });
  return ms <= LIMIT_MS ? 0 : 1;
}

/** Milliseconds from the start to the first sealed login, after which the back office answered too. */
async function firstAnswer() {
  while (Date.now() - started < LIMIT_MS * 2) {
    try {
      const captcha = await call(ApiPath.captcha);
      const login = await call(
        ApiPath.unitLogin,
        sealed({ uact: 'lhgh92001', password: 'Demo@2026', captchaId: captcha.data.captchaId, captchaCode: '2468' }),
      );
      if (login.code !== 0) throw new Error(`login answered ${login.code} ${login.message}`);
      const ms = Date.now() - started;
      console.log(`smoke: captcha + sealed login of ${login.data.user.psnName} answered ${ms} ms after start (limit ${LIMIT_MS} ms)`);
      await backOffice();
      return ms;
    } catch (error) {
      if (error instanceof Error && /^(login|operator login|\/console)/.test(error.message)) throw error;
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
