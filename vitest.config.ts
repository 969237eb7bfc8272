import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for the whole repo: shared and server tests run in Node, web tests in jsdom.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, to leave one to its main process: one
    // worker on a 2-core machine, where that process mostly waits once the first files have been
    // transformed. Two files at a time there; the default on bigger machines.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts', 'packages/regions/src/**/*.test.ts', 'packages/client/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          // One migrated database for the run; each file starts from a copy (test/global-setup.ts).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // A worker runs its files one after another in one module graph: the app's modules and
          // the template copy load once per worker, not once per file (300 s → 165 s on 2 cores).
          // Safe because every file builds its own app and database, the server keeps its state on
          // them (caches are WeakMaps per database), and no server test mocks a module.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup.ts'],
          // A bound, not a pause: on a busy machine a first antd render takes seconds.
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'console',
          include: ['apps/console/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // The portal's jsdom set-up (Testing Library's one timeout, the browser APIs antd asks for).
          setupFiles: ['apps/web/src/test-setup.ts'],
          testTimeout: 30000,
        },
      },
    ],
  },
});
