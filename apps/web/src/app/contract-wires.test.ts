import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contracts from '@hall/shared/contracts/index.ts';
import { CONTRACTS_DIR, domainFile, wireModule } from '../../scripts/contract-wires.mjs';

/**
 * The portal's build step for the contracts (scripts/contract-wires.mjs): a domain module reaches
 * the bundle as its maps of calls, each call its wire fields only, equal to the contract's.
 */
const index = contracts as unknown as Record<string, unknown>;
const domains = readdirSync(CONTRACTS_DIR)
  .map((name) => join(CONTRACTS_DIR, name))
  .filter((file) => domainFile(file));

/** The exports of a wire module's text (`export const name = <JSON or a name written before>;`). */
function exportsOf(code: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [, name, value] of code.matchAll(/^export const (\w+) = (.*);$/gm)) out[name] = value in out ? out[value] : JSON.parse(value);
  return out;
}

describe('contract wires (the portal build)', () => {
  it('takes the domain modules, not define, answers, the index or anything else', () => {
    expect(domains.length).toBeGreaterThan(20);
    expect(domainFile(join(CONTRACTS_DIR, 'staff.ts'))).not.toBeNull();
    for (const name of ['define.ts', 'answers.ts', 'index.ts']) expect(domainFile(join(CONTRACTS_DIR, name))).toBeNull();
    expect(domainFile(join(CONTRACTS_DIR, '..', 'paths.ts'))).toBeNull();
  });

  it('every domain module: its call maps with the wire fields of each call, nothing else', () => {
    for (const file of domains) {
      const code = wireModule(readFileSync(file, 'utf8'), index, contracts.WIRE_FIELDS);
      expect(code, file).not.toMatch(/"(request|response|summary|tags)"/);
      const wire = exportsOf(code);
      expect(Object.keys(wire).length, file).toBeGreaterThan(0);
      for (const [name, map] of Object.entries(wire)) {
        const real = index[name] as Record<string, Record<string, unknown>>;
        expect(Object.keys(map as object), `${file}: ${name}`).toEqual(Object.keys(real));
        for (const [key, call] of Object.entries(map as Record<string, unknown>)) {
          const fields = Object.fromEntries(contracts.WIRE_FIELDS.filter((f) => f in real[key]).map((f) => [f, real[key][f]]));
          expect(call, `${name}.${key}`).toEqual(fields);
        }
      }
    }
  });

  it('the staff module: both names, the second written as the first', () => {
    const code = wireModule(readFileSync(join(CONTRACTS_DIR, 'staff.ts'), 'utf8'), index, contracts.WIRE_FIELDS);
    expect(code).toMatch(/^export const staffContracts = staffCalls;$/m);
    expect(exportsOf(code).staffCalls).toMatchObject({
      staffImport: { name: 'staffImport', method: 'POST', path: '/gob/web/StaffInfo/importRoster', sealed: false, access: 'unit' },
    });
  });

  it('a module without calls is refused', () => {
    expect(() => wireModule('export const row = z.strictObject({});\n', { row: {} }, contracts.WIRE_FIELDS)).toThrow();
  });
});
