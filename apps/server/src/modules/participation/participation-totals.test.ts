import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { seedDemo } from '../../db/seed/demo';
import { seedDemoBusiness } from '../../db/seed/demo-business';
import { seedDictionaries } from '../../db/seed/dictionaries';
import { ManualClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/database';
import { rawUnitFigures } from '../../test/unit-figures-oracle';
import { unitFigures } from './unit-figures.repository';

/*
 * The participation summaries (migration 0034) are kept by triggers: after the demo city's business
 * (declarations, reviews, returns, payments, transfers, leavers) and under a further mixed sequence
 * of direct writes (rolled back), every unit's figures read from them equal the raw rows' count
 * (test/unit-figures-oracle.ts, the query they replace): per unit, per product, and over a union's
 * scope with a person at two of its units counted once.
 */

type Row = Record<string, unknown>;
type Tx = Pick<Database['db'], 'execute'>;
let database: Database;
const clock = new ManualClock();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDictionaries(database.db);
  await seedDemo(database.db, clock, '长沙市');
  await seedDemoBusiness(database.db, clock, '长沙市');
}, 240_000);
afterAll(() => database.close());

const rowsOf = async (db: Tx, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async (db: Tx, query: ReturnType<typeof sql>) => (await rowsOf(db, query))[0];

/** participation_totals against a count of participation_people (a row of zeros counts as absent). */
const TOTALS_DRIFT = sql`select * from (
    select period_id, unit_id, product_code, coalesce(first_from, '9999-12-31') as first_from,
      (count(*) filter (where declared))::int as d, count(first_from)::int as i
    from participation_people group by 1, 2, 3, 4) r
  full join (select period_id, unit_id, product_code, first_from, declared as d, insured as i
    from participation_totals where declared <> 0 or insured <> 0) k using (period_id, unit_id, product_code, first_from)
  where (r.d, r.i) is distinct from (k.d, k.i)`;

const sorted = <T extends { periodId: number; unitId: number | null; productCode: string | null }>(rows: T[]) =>
  [...rows].sort(
    (a, b) => a.periodId - b.periodId || (a.unitId ?? 0) - (b.unitId ?? 0) || (a.productCode ?? '').localeCompare(b.productCode ?? ''),
  );

/** Every unit alone and every union with its subordinates, each way the pages ask, on two days. */
async function expectAgree(db: Tx) {
  expect(await rowsOf(db, TOTALS_DRIFT), 'participation_totals').toEqual([]);
  const periodIds = (await rowsOf(db, sql`select id from periods order by id`)).map((r) => Number(r.id));
  const units = await rowsOf(db, sql`select id, parent_id from units order by id`);
  const scopes = [
    ...units.map((u) => [Number(u.id)]),
    ...units.map((u) => [Number(u.id), ...units.filter((s) => s.parent_id === u.id).map((s) => Number(s.id))]).filter((s) => s.length > 1),
  ];
  const ways: Array<Array<'unit' | 'product'>> = [[], ['product'], ['unit'], ['unit', 'product']];
  let counted = 0;
  for (const today of ['2026-03-01', '2026-11-22']) {
    for (const unitIds of scopes) {
      for (const by of ways) {
        const q = { unitIds, periodIds, today, by };
        const kept = sorted(await unitFigures(db as Database['db'], q));
        expect(kept, JSON.stringify(q)).toEqual(sorted(await rawUnitFigures(db as Database['db'], q)));
        counted += kept.length;
      }
    }
  }
  // Not a comparison of nothing with nothing.
  expect(counted).toBeGreaterThan(100);
}

it('equals the raw rows after the demo city business', { timeout: 240_000 }, async () => {
  const held = await one(database.db, sql`select sum(insured)::int as insured, sum(declared)::int as declared from participation_totals`);
  expect(held.insured).toBeGreaterThan(100);
  expect(held.declared).toBeGreaterThan(100);
  await expectAgree(database.db);
});

it('stays equal under declarations, returns, revocations, payments, transfers and deletions written directly', {
  timeout: 240_000,
}, async () => {
  const rolledBack = new Error('rolled back');
  await expect(
    database.db.transaction(async (tx) => {
      const run = (query: ReturnType<typeof sql>) => tx.execute(query);
      const period = await one(
        tx,
        sql`select p.id, min(pr.code) as product, max(pr.code) as second from periods p
        join products pr on pr.period_id = p.id group by p.id order by p.id desc limit 1`,
      );
      expect(period.product).not.toBe(period.second);
      // A union with two subordinate units: the person moved between them counts once for the union.
      const union = await one(
        tx,
        sql`select u.id, min(s.id) as a, max(s.id) as b from units u join units s on s.parent_id = u.id
        group by u.id having count(*) > 1 order by u.id limit 1`,
      );
      const people = (
        await rowsOf(
          tx,
          sql`select p.id from persons p where not exists (select 1 from application_lines l
          where l.person_id = p.id and l.period_id = ${period.id} and l.live) order by p.id limit 6`,
        )
      ).map((r) => Number(r.id));
      expect(people).toHaveLength(6);
      const application = async (unitId: unknown, state: string) =>
        (
          await one(
            tx,
            sql`insert into applications (unit_id, period_id, kind, state, created_at, updated_at)
            values (${unitId}, ${period.id}, 'add', ${state}, now(), now()) returning id`,
          )
        ).id;
      const lines = (applicationId: unknown, persons: number[], product: unknown) =>
        run(sql`insert into application_lines (application_id, period_id, product_code, person_id, shares, amount_fen)
          select ${applicationId}, ${period.id}, ${product}, p, 1, 3000 from unnest(${sql.param(persons)}::int[]) p`);

      // Declared: a draft counts nothing until submitted; returned leaves, resubmitted comes back; revoked goes.
      const draft = await application(union.a, 'draft');
      await lines(draft, people.slice(0, 3), period.product);
      await lines(draft, people.slice(0, 1), period.second);
      await run(sql`update applications set state = 'submitted' where id = ${draft}`);
      await expectAgree(tx);
      await run(sql`update applications set state = 'returned' where id = ${draft}`);
      await run(sql`update applications set state = 'submitted' where id = ${draft}`);
      await run(sql`update applications set state = 'unpaid' where id = ${draft}`);
      await run(
        sql`update application_lines set shares = 2, amount_fen = 6000 where application_id = ${draft} and person_id = ${people[1]}`,
      );
      // Paid: coverages made, one already covered, one waiting; the second product starts later.
      await run(sql`update applications set state = 'paid' where id = ${draft}`);
      await run(sql`insert into coverages (person_id, period_id, product_code, shares, unit_id, application_id, line_id, covered_from, continuing, created_at)
        select l.person_id, l.period_id, l.product_code, l.shares, ${union.a}, l.application_id, l.id,
          case when l.person_id = ${people[0]} and l.product_code = ${period.product} then date '2026-01-01' else date '2026-06-01' end, false, now()
        from application_lines l where l.application_id = ${draft}`);
      await expectAgree(tx);
      // Transferred to the union's other unit: the first unit still answers for it, the union counts the person once.
      const transfer = await one(tx, sql`select id from coverage_transfers order by id limit 1`);
      await run(sql`insert into coverage_transfer_lines (transfer_id, coverage_id, from_unit_id, until_date)
        select ${transfer.id}, c.id, c.unit_id, date '2026-05-31' from coverages c where c.person_id = ${people[0]} and c.period_id = ${period.id}`);
      await run(sql`update coverages set unit_id = ${union.b} where person_id = ${people[0]} and period_id = ${period.id}`);
      // The same person also declared at the other unit for nothing else: a second application there, revoked.
      const other = await application(union.b, 'submitted');
      await lines(other, people.slice(3, 6), period.product);
      await expectAgree(tx);
      await run(sql`update applications set state = 'cancelled' where id = ${other}`);
      await run(sql`update application_lines set live = false where application_id = ${other}`);
      // A leaver keeps the cover; a coverage moved back; covered_from corrected.
      await run(sql`update staff set left_on = greatest(joined_on, date '2026-08-31') where person_id = ${people[1]}`);
      await run(sql`update coverages set covered_from = date '2026-02-01' where person_id = ${people[2]} and period_id = ${period.id}`);
      await expectAgree(tx);
      // Deletions: a transfer line, a coverage with its line, an application whole (its lines by cascade).
      await run(sql`delete from coverage_transfer_lines where coverage_id in (select id from coverages where person_id = ${people[0]})`);
      await run(sql`delete from coverages where person_id = ${people[2]} and period_id = ${period.id}`);
      await run(sql`delete from application_lines where application_id = ${draft} and person_id = ${people[2]}`);
      await expectAgree(tx);
      await run(sql`delete from coverages where application_id = ${draft}`);
      await run(sql`delete from applications where id = ${draft}`);
      await run(sql`delete from applications where id = ${other}`);
      await expectAgree(tx);
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
  await expectAgree(database.db);
});

it('the migration backfills the summaries of an existing database as the triggers would keep them', { timeout: 240_000 }, async () => {
  const migration = readFileSync(new URL('../../db/migrations/0034_participation_totals.sql', import.meta.url), 'utf8');
  const backfill = migration.split('--> statement-breakpoint').filter((s) => /^\s*INSERT INTO participation_(people|totals)/.test(s));
  expect(backfill).toHaveLength(2);
  const rolledBack = new Error('rolled back');
  await expect(
    database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from participation_totals`);
      await tx.execute(sql`delete from participation_people`);
      for (const statement of backfill) await tx.execute(sql.raw(statement.replace(/-- manual:participation totals end\s*$/, '')));
      expect((await one(tx, sql`select count(*)::int as n from participation_totals`)).n).toBeGreaterThan(0);
      await expectAgree(tx);
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
});
