import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One shape for every server module (docs/architecture.md): `x.routes.ts` (contracts and wiring
 * only) → `x.service.ts` (rules and transactions) → `x.repository.ts` (all SQL). Held here so a
 * new module cannot drift from it.
 */
const SRC = join(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
const sources = files(SRC).map((path) => ({ file: relative(SRC, path).split(sep).join('/'), text: readFileSync(path, 'utf8') }));
/** Value imports (type-only imports carry no SQL). */
const valueImports = (text: string) => [...text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);
/** Every import and re-export, type-only ones too (a type reaches into a module as much as a value). */
const allImports = (text: string) => [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);
/** The module a source file belongs to (modules/<m>/…), if any. */
const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];
/** The modules a module's files import (another module's file: `../<m>/…`), each with the files it reaches. */
const moduleImports = sources.flatMap(({ file, text }) => {
  const from = moduleOf(file);
  if (!from) return [];
  return allImports(text)
    .map((target) => /^\.\.\/([^/.][^/]*)\/(.+)$/.exec(target))
    .filter((m): m is RegExpExecArray => m !== null && m[1] !== from)
    .map((m) => ({ file, from, to: m[1], target: `${m[1]}/${m[2]}` }));
});

/** The database layer itself: schema, migrations, the connection and the demo seed. */
const DB_LAYER = (file: string) => file.startsWith('db/') || file.startsWith('test/');
/** Modules without routes of their own, and why. */
const NO_ROUTES: Record<string, string> = {
  accounts: 'operator work, reached through the CLI (cli/commands)',
  limits: 'spent by the auth plugin from each contract’s ipLimit',
};

/** The schema, its migrations and the test harness (the demo seed is an exception below, with its reason). */
const SCHEMA_AND_TESTS = (file: string) => /^db\/(schema|migrations)\//.test(file) || file.startsWith('test/');
/** The files that may move a state: a domain's transition service and repository (the staged-import kit's too). */
const STATE_WRITERS = /(^|[/.])transition\.(service|repository)\.ts$/;
/**
 * A write of a state column (state, status, a unit's auth_state and notify_state): a Drizzle
 * `.set({ … state: … })` and raw `update … set … state =` (an upsert's `do update set` too).
 * Inserts are not moves: a row starts in its first state wherever it is made. Generic update
 * helpers take their values with the state columns omitted, so a `.set(values)` cannot move one.
 */
const STATE_WRITES = [
  /(\.set\(|\bset:\s*)\{([^}]*?,)?\s*(state|status|authState|notifyState|\[\w+\])\s*[:,}]/,
  /\b(update\s+\w+(\s+\w+)?|do\s+update)\s+set\s((?!\bwhere\b|\bfrom\b)[\s\S])*?\b(state|status|auth_state|notify_state)\s*=/i,
];
/** Files outside the transitions that write a state all the same, and why. */
const STATE_WRITE_EXCEPTIONS: Record<string, string> = {
  'db/seed/demo-benefits.ts':
    'the demo seed closes its payout batches as paid (closeDemoBatches): paid before the bank’s result existed, set once at seeding',
  'db/seed/demo-org.ts':
    'the demo seed marks 星辰科技 已申报 when the demo business holds its submitted application: the state the enrolment transition gives, set once at seeding',
};

describe('module shape', () => {
  it('SQL (drizzle-orm, the schema tables, raw execute) lives only in repositories', () => {
    const offenders = sources
      .filter(({ file }) => !DB_LAYER(file) && !file.endsWith('.repository.ts'))
      .filter(
        ({ text }) => valueImports(text).some((from) => from === 'drizzle-orm' || /\/db\/schema$/.test(from)) || /\.execute\(/.test(text),
      )
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  const modules = readdirSync(join(SRC, 'modules')).filter((name) => statSync(join(SRC, 'modules', name)).isDirectory());
  it.each(modules)('%s has a service and a repository, and routes unless it says why not', (name) => {
    const own = sources.filter(({ file }) => file.startsWith(`modules/${name}/`)).map(({ file }) => file.split('/').pop()!);
    expect(
      own.some((f) => f.endsWith('.service.ts')),
      'service',
    ).toBe(true);
    expect(
      own.some((f) => f.endsWith('.repository.ts')),
      'repository',
    ).toBe(true);
    expect(own.some((f) => f.endsWith('.routes.ts')) || name in NO_ROUTES, 'routes').toBe(true);
  });

  it('routes call services, never repositories, and keep no rules (no audit, no transaction)', () => {
    const offenders = sources
      .filter(({ file }) => file.endsWith('.routes.ts'))
      .filter(({ text }) => valueImports(text).some((from) => /repository$/.test(from)) || /\baudit\(|\.transaction\(/.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('an operator call (ops…) is registered beside its domain, in <m>-ops.routes.ts, and a portal routes file registers none', () => {
    const misplaced = sources
      .filter(({ file }) => file.endsWith('.routes.ts'))
      .flatMap(({ file, text }) => [...text.matchAll(/registerCall\(app, calls\.(\w+)/g)].map((m) => ({ file, call: m[1] })))
      .filter(({ file, call }) => call.startsWith('ops') !== file.endsWith('-ops.routes.ts'))
      .map(({ file, call }) => `${file}: ${call}`);
    expect(misplaced).toEqual([]);
  });

  it('no module imports another module’s repository: it asks the owner’s service (its entry)', () => {
    const offenders = moduleImports.filter(({ target }) => /\.repository$/.test(target)).map(({ file, target }) => `${file} → ${target}`);
    expect(offenders).toEqual([]);
  });

  it('no two modules import each other (the modules stand in layers: docs/architecture.md)', () => {
    const pairs = new Set(moduleImports.map(({ from, to }) => `${from} → ${to}`));
    const loops = [...pairs].filter((pair) => {
      const [from, to] = pair.split(' → ');
      return from < to && pairs.has(`${to} → ${from}`);
    });
    expect(loops).toEqual([]);
  });

  it('only transition.* writes a state column (docs/decisions.md, "State moves in transitions")', () => {
    const offenders = sources
      .filter(({ file }) => !SCHEMA_AND_TESTS(file) && !STATE_WRITERS.test(file))
      .filter(({ text }) => STATE_WRITES.some((write) => write.test(text)))
      .map(({ file }) => file);
    // Exactly the exceptions: one that no longer writes a state leaves the list.
    expect(offenders).toEqual(Object.keys(STATE_WRITE_EXCEPTIONS));
  });

  it('a transaction is a Db: no cast', () => {
    expect(sources.filter(({ text }) => /as unknown as (Db|typeof ctx\.db)/.test(text)).map(({ file }) => file)).toEqual(['db/client.ts']);
  });
});
