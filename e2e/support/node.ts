/**
 * The e2e server of this worker: Playwright runs one worker per server (e2e/playwright.config.ts),
 * each server on its own port and data directory, so that a second login of an account in one
 * worker never ends the session of a test in another. TEST_PARALLEL_INDEX is Playwright's slot of
 * the worker (0 … workers − 1, kept when a worker restarts after a failure); outside a worker
 * (the config, a script) it is node 0.
 */
const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 8190);
export const nodeIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const nodePort = (index = nodeIndex) => E2E_BASE_PORT + index;
export const nodeUrl = (index = nodeIndex) => `http://127.0.0.1:${nodePort(index)}`;
