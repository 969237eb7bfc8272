// Starts the real server for the end-to-end tests: production build of the portal, a fresh
// embedded database with the demo city, and the fixed captcha answer of the tests.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'hall-e2e-'));
const server = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '8190',
    HALL_DATA_DIR: dataDir,
    HALL_CAPTCHA_FIXED: '2468',
    HALL_CITY_NAME: '长沙市',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
