import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../client';
import { seedDemo } from './demo';
import { DEMO_ACCOUNTS, demoAccountLines, demoOperatorLines } from './demo-accounts';
import { DEMO_OPERATORS } from './demo-operator';
import { seedDemoBusiness } from './demo-business';
import { seedDemoOrg } from './demo-org';
import { seedDictionaries } from './dictionaries';

/**
 * Issue 17: the README's demo table and the start banner say which demo accounts are insured, and
 * they agree with what the seed writes (an uninsured unit described as ordinary sends a tester to
 * the not-insured panel unprepared).
 */
let database: Database;
/** What the seed made of each account: its unit's or person's insured flag. */
const seeded = new Map<string, boolean>();
const README = readFileSync(join(import.meta.dirname, '../../../../../README.md'), 'utf8');
/** The README's demo table: login → the row's "who" column. */
const readmeRows = new Map([...README.matchAll(/^\| (单位|个人) \| `([^`]+)` \| (.+) \|$/gm)].map((m) => [m[2], m[3]] as const));

beforeAll(async () => {
  database = await createTestDatabase();
  const clock = new ManualClock();
  await seedDictionaries(database.db);
  await seedDemo(database.db, clock, '长沙市');
  await seedDemoBusiness(database.db, clock, '长沙市');
  await seedDemoOrg(database.db, clock, '长沙市');
  const rows = (
    (await database.db.execute(sql`select a.login_name, coalesce(u.insured, p.insured) as insured from accounts a
      left join units u on u.id = a.unit_id left join persons p on p.id = a.person_id
      where a.login_type in ('unit', 'personal')`)) as unknown as { rows: Array<{ login_name: string; insured: boolean }> }
  ).rows;
  for (const r of rows) seeded.set(r.login_name, r.insured);
}, 120_000);
afterAll(() => database?.close());

describe('demo accounts', () => {
  it('the declared insured flag of every demo account is what the seed writes', () => {
    expect(DEMO_ACCOUNTS.map((a) => [a.login, seeded.get(a.login)])).toEqual(DEMO_ACCOUNTS.map((a) => [a.login, a.insured]));
  });

  it('the README lists every demo account and marks exactly the uninsured ones **not insured**', () => {
    expect([...readmeRows.keys()].sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.login).sort());
    for (const a of DEMO_ACCOUNTS) expect([a.login, readmeRows.get(a.login)?.includes('**not insured**')]).toEqual([a.login, !a.insured]);
    expect(DEMO_ACCOUNTS.filter((a) => !a.insured).map((a) => a.login)).toEqual(
      expect.arrayContaining(['qydw92102', 'qydw92104', 'fhgh93103', '430105199211080011']),
    );
  });

  it('the README and the start banner name each demo operator with its role', () => {
    const rows = new Map([...README.matchAll(/^\| 操作员 \| `([^`]+)` \| (.+) \|$/gm)].map((m) => [m[1], m[2]] as const));
    expect([...rows.keys()]).toEqual(DEMO_OPERATORS.map((o) => o.login));
    const lines = demoOperatorLines();
    for (const [i, o] of DEMO_OPERATORS.entries()) {
      expect(rows.get(o.login)).toContain(o.name);
      expect(rows.get(o.login)).toContain(`\`${o.roles[0]}\``);
      expect(lines[i]).toContain(o.login);
    }
  });

  it('the start banner says of each account whether it is insured', () => {
    const lines = demoAccountLines();
    expect(lines).toHaveLength(DEMO_ACCOUNTS.length);
    for (const [i, a] of DEMO_ACCOUNTS.entries()) {
      expect(lines[i]).toContain(a.login);
      expect(lines[i].includes('未参保')).toBe(!a.insured);
      expect(lines[i].includes('已参保')).toBe(a.insured);
    }
  });
});
