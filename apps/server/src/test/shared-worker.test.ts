import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

/**
 * The server's test files share a worker's module graph (vitest.config.ts, `isolate: false`): what
 * one file changes in a module would leak into the next file of that worker. Held here: no module
 * mock, global or environment stub, and every spy restored in the file that made it.
 */
const SRC = join(import.meta.dirname, '..');
const tests = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts') && !name.endsWith('shared-worker.test.ts'))
  .map((name) => ({ file: relative(SRC, join(SRC, name)), text: readFileSync(join(SRC, name), 'utf8') }));

it('no server test mocks a module or stubs a global', () => {
  const offenders = tests.filter(({ text }) => /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(text)).map(({ file }) => file);
  expect(offenders).toEqual([]);
});

it('a server test that spies restores its spies', () => {
  const offenders = tests
    .filter(({ text }) => /\bvi\.spyOn\(/.test(text) && !/mockRestore\(\)|vi\.restoreAllMocks\(\)/.test(text))
    .map(({ file }) => file);
  expect(offenders).toEqual([]);
});
