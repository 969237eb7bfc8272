import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../client';
import { seedDemo } from './demo';
import { seedDemoBusiness } from './demo-business';
import { seedDemoPersonal } from './demo-personal';
import { seedDictionaries } from './dictionaries';

type Row = Record<string, unknown>;
let database: Database;
const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const clock = new ManualClock();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDictionaries(database.db);
  await seedDemo(database.db, clock, '长沙市');
  await seedDemoBusiness(database.db, clock, '长沙市');
}, 300_000);
afterAll(() => database.close());

describe('the demo of transfers and 异地就医备案', () => {
  it('has transfers and filings in every state, once', async () => {
    const t = await rows(sql`select state from coverage_transfers order by state`);
    expect(t.map((r) => r.state)).toEqual(['cancelled', 'done', 'receiving', 'returned', 'reviewing']);
    const f = await rows(sql`select state from place_filings order by state`);
    expect(f.map((r) => r.state)).toEqual(['filed', 'returned', 'submitted']);
    expect(await seedDemoPersonal(database.db, clock.now())).toBe(false);
  });

  it("each record's moves are in the audit log as the services write them (the back office's 办理记录)", async () => {
    const moves = async (key: 'transfer' | 'filing') =>
      Object.fromEntries(
        (
          await rows(sql`select r.state, string_agg(a.detail->>'to', ',' order by a.at, a.id) as moves
            from ${sql.raw(key === 'transfer' ? 'coverage_transfers' : 'place_filings')} r
            join audit_log a on (a.detail->>${sql.raw(`'${key}'`)}) = r.id::text group by r.state`)
        ).map((r) => [r.state, r.moves]),
      );
    expect(await moves('transfer')).toEqual({
      receiving: 'receiving',
      reviewing: 'receiving,reviewing',
      done: 'receiving,reviewing,done',
      returned: 'receiving,returned',
      cancelled: 'receiving,cancelled',
    });
    expect(await moves('filing')).toEqual({ submitted: 'submitted', filed: 'submitted,filed', returned: 'submitted,returned' });
  });

  it('the confirmed transfer moved the coverages and left the old unit a record', async () => {
    const [done] = await rows(sql`select t.id, t.person_id, t.to_unit_id, t.to_staff_id from coverage_transfers t where state = 'done'`);
    expect(done.to_staff_id).not.toBeNull();
    const lines = await rows(
      sql`select l.coverage_id, c.unit_id from coverage_transfer_lines l join coverages c on c.id = l.coverage_id where l.transfer_id = ${done.id}`,
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l.unit_id).toBe(done.to_unit_id);
  });

  it('李华 has a bank card', async () => {
    const [p] = await rows(sql`select bank_card from persons where cert_no = '430102198503150022'`);
    expect(p.bank_card).toBeTruthy();
  });
});
