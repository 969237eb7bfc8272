/**
 * The portal's build step for the contracts (packages/shared/src/contracts/<domain>.ts): each call
 * is written once there, wire and schemas together, but the portal's bundle has no room for zod
 * (bundle budget). When the build loads a domain module, this plugin answers the module's maps of
 * calls as JSON, each call reduced to its wire fields (WIRE_FIELDS: name, method, path, sealed,
 * access, needInsured, writes, ipLimit), read from the contracts themselves (run once in Node by
 * Vite's module runner). Every other export (schemas) is left out, so a portal import of a schema
 * fails the build; the portal takes the schemas as types only, and the type checker reads the real
 * module. The dev server and the tests load the real modules (zod costs nothing there).
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONTRACTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'packages', 'shared', 'src', 'contracts');

/** Modules of the contracts folder that are not a domain's calls (define.ts is zod-free and loads as it is). */
const NOT_DOMAINS = new Set(['define.ts', 'answers.ts', 'index.ts']);

/** A domain module's file, or null (any other module, define.ts, tests). */
export function domainFile(id) {
  const file = id.split('?')[0];
  if (dirname(file) !== CONTRACTS_DIR || !file.endsWith('.ts') || file.endsWith('.test.ts')) return null;
  return NOT_DOMAINS.has(basename(file)) ? null : file;
}

const isContractMap = (value) =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).length > 0 &&
  Object.values(value).every((call) => typeof call?.path === 'string' && typeof call.method === 'string' && 'response' in call);

/**
 * The wire module of one domain module: its source text (for the names it exports) and the
 * contracts index (every domain module's exports, run). A name bound to a map already written is
 * written as that name (the `xContracts = xCalls` aliases).
 */
export function wireModule(source, index, wireFields) {
  const written = new Map();
  const lines = [];
  for (const [, name] of source.matchAll(/^export const (\w+)/gm)) {
    const value = index[name];
    if (!isContractMap(value)) continue;
    if (written.has(value)) {
      lines.push(`export const ${name} = ${written.get(value)};`);
      continue;
    }
    const wire = Object.fromEntries(
      Object.entries(value).map(([key, call]) => [key, Object.fromEntries(wireFields.filter((f) => f in call).map((f) => [f, call[f]]))]),
    );
    written.set(value, name);
    lines.push(`export const ${name} = ${JSON.stringify(wire)};`);
  }
  if (!lines.length) throw new Error('该模块没有调用契约');
  return `${lines.join('\n')}\n`;
}

/** The Vite plugin (build only). */
export function contractWires() {
  let index;
  return {
    name: 'hall-contract-wires',
    apply: 'build',
    async load(id) {
      const file = domainFile(id);
      if (!file) return null;
      index ??= import('vite').then(({ runnerImport }) =>
        runnerImport(join(CONTRACTS_DIR, 'index.ts'), { configFile: false, logLevel: 'silent' }).then((r) => r.module),
      );
      const contracts = await index;
      try {
        return { code: wireModule(readFileSync(file, 'utf8'), contracts, contracts.WIRE_FIELDS), moduleSideEffects: false };
      } catch (error) {
        this.error(`${basename(file)}: ${error.message}`);
      }
    },
  };
}
