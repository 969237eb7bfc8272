import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No import circle among the modules of packages/shared, type-only imports included: a circle
 * through types still ties two modules into one (each call's contract used to be split in two
 * halves that imported each other). Tests aside.
 */
const SRC = import.meta.dirname;
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
const rel = (path: string) => relative(SRC, path).split(sep).join('/');

/** Resolves a relative specifier to a module of packages/shared/src (null: outside, or not a module). */
function resolve(from: string, spec: string): string | null {
  const base = join(dirname(join(SRC, from)), spec);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (candidate.endsWith('.ts') && existsSync(candidate) && statSync(candidate).isFile()) return rel(candidate);
  }
  return null;
}

/** The modules a module's text imports: static, type-only, re-export, side effect and dynamic. */
export function importsOf(from: string, text: string): string[] {
  const specs = [
    ...[...text.matchAll(/^(?:import|export)\s+(?:type\s+)?(?:[^;'"]*?\sfrom\s+)?'([^']+)'/gm)].map((m) => m[1]),
    ...[...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]),
  ];
  return specs.filter((spec) => spec.startsWith('.')).flatMap((spec) => resolve(from, spec) ?? []);
}

/** A circle found by depth-first search, as a path that returns to its start; null when none. */
export function findCycle(edges: Map<string, string[]>): string[] | null {
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

const graph = new Map(files(SRC).map((path) => [rel(path), importsOf(rel(path), readFileSync(path, 'utf8'))]));

describe('imports of packages/shared', () => {
  it('the scan sees the modules and their imports, type-only ones too', () => {
    expect(graph.get('index.ts')).toContain('contracts/index.ts');
    expect(graph.get('contracts/define.ts')).toEqual(['operator-roles.ts']);
    expect(importsOf('contracts/x.ts', "import type { a } from './define';\nexport * from '../paths';")).toEqual([
      'contracts/define.ts',
      'paths.ts',
    ]);
  });

  it('no import circle', () => {
    expect(findCycle(graph)?.join(' → ') ?? null).toBeNull();
  });

  it('the search finds a circle and prints it', () => {
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
