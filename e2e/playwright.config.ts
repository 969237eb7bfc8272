import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8190);

/**
 * Browser tests against the production build served by the real server (e2e/serve.mjs), in
 * Debian's Chromium. One worker: a second login of an account ends its first session (by design).
 */
export default defineConfig({
  testDir: './specs',
  outputDir: '../.e2e/results',
  workers: 1,
  // No retries: a flaky test must fail, not pass on a second try. Time-dependent steps move the
  // server's clock (HALL_TEST_CLOCK, e2e/support/ops.ts advanceServerClock) instead of waiting.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./support/failure-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1366, height: 768 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
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
  webServer: {
    command: 'node e2e/serve.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
