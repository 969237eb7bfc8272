import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The portal's module boundaries (apps/web/README.md):
 * - `features/<f>/` imports neither another feature nor `app/` (what two features share lives in
 *   `components/` or `lib/`; the route table and the public area's chunk barrel live in `app/`);
 * - `components/`, `lib/` and `stores/` import neither `features/` nor `app/`;
 * - no import cycle among the modules of apps/web/src (type-only imports aside: they are erased);
 * - a feature's queries and mutations live in its `api/` (fetcher, key and hook together): no inline
 *   `queryKey: [` and no `useMutation(` elsewhere in the feature.
 * Tests are sources too for the boundaries (a test of one feature reaches no other feature).
 */
const SRC = join(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
const rel = (path: string) => relative(SRC, path).split(sep).join('/');
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

interface Edge {
  to: string;
  typeOnly: boolean;
}

/** Resolves a relative specifier to a source file of apps/web/src (null: a stylesheet, an asset). */
function resolve(from: string, spec: string): string | null {
  const base = join(dirname(join(SRC, from)), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return rel(candidate);
  }
  return null;
}

/** Every relative import of a file: static, re-export, side effect and dynamic `import()`. */
function edgesOf(file: string, text: string): Edge[] {
  const found: Edge[] = [];
  const add = (spec: string, typeOnly: boolean) => {
    if (!spec.startsWith('.')) return;
    const to = resolve(file, spec);
    if (to) found.push({ to, typeOnly });
  };
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^;'"]*?\sfrom\s+)?'([^']+)'/gm)) add(m[2], !!m[1]);
  for (const m of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) add(m[1], true); // typeof import('…') is a type; a lazy import() is no cycle at load
  return found;
}

const graph = new Map(files(SRC).map((path) => [rel(path), edgesOf(rel(path), readFileSync(path, 'utf8'))]));

/** The area a file belongs to: `features/<f>`, `app`, `components`, `lib`, `stores`, `layout`… */
const area = (file: string) => (file.startsWith('features/') ? file.split('/').slice(0, 2).join('/') : file.split('/')[0]);

/** Why an import crosses a boundary, or null when it may. */
function crossing(from: string, to: string): string | null {
  const a = area(from);
  const b = area(to);
  if (a.startsWith('features/')) {
    if (b.startsWith('features/') && b !== a) return 'a feature imports another feature';
    if (b === 'app') return 'a feature imports app/';
  }
  if ((a === 'components' || a === 'lib' || a === 'stores') && (b.startsWith('features/') || b === 'app'))
    return `${a}/ imports ${b === 'app' ? 'app/' : 'a feature'}`;
  return null;
}

/** Why a feature file may not hold a query or mutation of its own, or null when it may. */
function inlineData(file: string, text: string): string | null {
  if (!file.startsWith('features/') || file.includes('/api/') || isTest(file)) return null;
  if (/queryKey:\s*\[/.test(text)) return 'an inline queryKey outside api/';
  if (/\buseMutation\(/.test(text)) return 'a useMutation outside api/';
  return null;
}

/** A cycle of runtime imports found by depth-first search, as a path that returns to its start; null when none. */
function findCycle(edges: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of [...edges.keys()].sort()) {
    if (state.has(node)) continue;
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('module boundaries', () => {
  it('the scan sees the sources and their imports', () => {
    expect(graph.get('app/routes.ts')?.length).toBeGreaterThan(0);
    expect(graph.get('main.tsx')?.map((e) => e.to)).toContain('app/AppRouter.tsx');
  });

  it('features import no other feature and not app/; components/, lib/ and stores/ import neither', () => {
    const offenders = [...graph].flatMap(([from, edges]) =>
      edges.flatMap(({ to }) => {
        const why = crossing(from, to);
        return why ? [`${from} → ${to} (${why})`] : [];
      }),
    );
    expect(offenders).toEqual([]);
  });

  it('the rules catch what they should', () => {
    expect(crossing('features/print/PrintPage.tsx', 'features/registration/api/index.ts')).not.toBeNull();
    expect(crossing('features/home/HomePage.tsx', 'app/routes.ts')).not.toBeNull();
    expect(crossing('components/form/PublicFrame.tsx', 'features/auth/sign-out.ts')).not.toBeNull();
    expect(crossing('lib/x.ts', 'app/routes.ts')).not.toBeNull();
    expect(crossing('features/registration/RegisterPage.tsx', 'features/registration/api/index.ts')).toBeNull();
    expect(crossing('app/routes.ts', 'features/home/HomePage.tsx')).toBeNull();
    expect(crossing('features/home/HomePage.tsx', 'components/Panel.tsx')).toBeNull();
  });

  it('a feature keeps its query keys and mutations in api/', () => {
    const offenders = files(join(SRC, 'features')).flatMap((path) => {
      const why = inlineData(rel(path), readFileSync(path, 'utf8'));
      return why ? [`${rel(path)} (${why})`] : [];
    });
    expect(offenders).toEqual([]);
    expect(inlineData('features/notices/NoticeListPage.tsx', "useQuery({ queryKey: ['notices', kind] })")).not.toBeNull();
    expect(inlineData('features/mail/MailPage.tsx', 'const m = useMutation({ mutationFn })')).not.toBeNull();
    expect(inlineData('features/notices/api/index.ts', "useQuery({ queryKey: ['notices', kind] })")).toBeNull();
    expect(inlineData('features/staff/StaffPage.tsx', 'client.invalidateQueries({ queryKey: staffKey })')).toBeNull();
  });

  it('no import cycle among the modules (runtime imports, tests aside)', () => {
    const edges = new Map(
      [...graph].filter(([file]) => !isTest(file)).map(([file, list]) => [file, list.filter((e) => !e.typeOnly).map((e) => e.to)]),
    );
    const cycle = findCycle(edges);
    expect(cycle?.join(' → ') ?? null).toBeNull();
  });

  it('the cycle search finds a cycle and prints it', () => {
    const edges = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
    ]);
    expect(findCycle(edges)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
    expect(
      findCycle(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toBeNull();
  });
});
