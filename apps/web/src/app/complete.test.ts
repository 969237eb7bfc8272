import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { layoutRoutes, publicRoutes, transferRoutes } from './routes';

/** Every page of every role is a working page (issue 10): no source of the portal says 建设中. */
const SRC = join(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(tsx?|css)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

it('no page or message of the portal is "under construction"', () => {
  const found = files(SRC).filter((f) => /建设中|敬请期待/.test(readFileSync(f, 'utf8')));
  expect(found).toEqual([]);
});

it('every route has a page of its own', () => {
  for (const r of [...publicRoutes, ...layoutRoutes, ...transferRoutes]) expect(typeof r.page, r.path).toBe('function');
});
