// Starts the real server for the end-to-end tests: production build of the portal, a fresh
// embedded database with the demo city, the fixed captcha answer of the tests, and a clock the
// tests move forward (HALL_TEST_CLOCK, `ops clock-advance`) instead of waiting.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The operator CLI of the tests (e2e/support/ops.ts) reaches this server through
// <data dir>/ops.sock: the data dir is either given (<E2E_DATA_DIR>/node-<n>, which should be new
// or empty) or a fresh temp dir whose path is written to .e2e/data-dir-<n>. n (E2E_NODE) is this
// server's place among the e2e servers, one per Playwright worker (e2e/support/node.ts).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = Number(process.env.E2E_NODE ?? 0);
let dataDir = process.env.E2E_DATA_DIR && path.join(process.env.E2E_DATA_DIR, `node-${node}`);
const temporary = !dataDir;
if (dataDir) mkdirSync(dataDir, { recursive: true });
else {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hall-e2e-'));
  mkdirSync(path.join(root, '.e2e'), { recursive: true });
  writeFileSync(path.join(root, '.e2e', `data-dir-${node}`), dataDir + '\n');
}
// The compiled server, as production runs it (built once when a source changed; several workers'
// servers may build at once: apps/server/scripts/build.mjs writes each file whole).
execFileSync(process.execPath, [path.join(root, 'apps/server/scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });
const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/server.js')], {
  env: {
    ...process.env,
    PORT: String(Number(process.env.E2E_PORT ?? 8190) + node),
    HALL_DATA_DIR: dataDir,
    HALL_CAPTCHA_FIXED: '2468',
    HALL_TEST_CLOCK: '1',
    HALL_CITY_NAME: '长沙市',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
// A temporary data directory (the demo city's database and files, about 150 MB) goes with its server:
// CI runs on the same machine again and again.
server.on('exit', (code) => {
  if (temporary) rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
