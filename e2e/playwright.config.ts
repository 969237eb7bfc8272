import { defineConfig } from '@playwright/test';
import { nodeUrl } from './support/node';

/**
 * Browser tests against the production build served by the real server (e2e/serve.mjs), in
 * Debian's Chromium. A second login of an account ends its first session (by design), so workers
 * never share a server: each worker has one of its own (port E2E_PORT + n, its own data directory
 * and demo city; e2e/support/node.ts). Two by default (E2E_WORKERS): a test mostly waits for the
 * browser and the server, so two on two cores take about half the time of one.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: './specs',
  outputDir: '../.e2e/results',
  workers,
  // No retries: a flaky test must fail, not pass on a second try. Time-dependent steps move the
  // server's clock (HALL_TEST_CLOCK, e2e/support/ops.ts advanceServerClock) instead of waiting.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./support/failure-reporter.ts']],
  use: {
    // Read in each worker, where TEST_PARALLEL_INDEX names its server.
    baseURL: nodeUrl(),
    viewport: { width: 1366, height: 768 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The apps turn antd's motion off for it (packages/client/src/theme.ts): an action never lands
    // on a dialog or drawer still moving in.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'node e2e/serve.mjs',
    cwd: '..',
    env: { E2E_NODE: String(index) },
    url: `${nodeUrl(index)}/healthz`,
    reuseExistingServer: false,
    // A first start seeds the demo city on a fresh embedded database: slow on a busy 2-core machine.
    timeout: 240_000,
    // A stop by SIGTERM (not Playwright's default SIGKILL), so serve.mjs removes its temporary data directory.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    stdout: 'pipe' as const,
  })),
});
