import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { icd10Chapter } from '@hall/shared';
import type { Database } from '../../db/client';
import { seedDemo } from '../../db/seed/demo';
import { seedDemoBusiness } from '../../db/seed/demo-business';
import { seedDictionaries } from '../../db/seed/dictionaries';
import { ManualClock } from '../../lib/clock';
import { loadSettlements } from '../settlement/settlement.service';
import { fileOf, settlementCsv, type StayLine } from '../../test/settlement-fixtures';
import { createTestDatabase } from '../../test/database';
import { type EnrolmentFigures, enrolmentByGroup, enrolmentOfUnits } from './reports.repository';

/*
 * The report totals (migration 0026) are kept by triggers: after the demo city's business (roster
 * and application loads, reviews, payments, settlement loads with a correction and a reversal,
 * treatment recomputes, claims, payout batches) each equals a recount of its raw rows, and stays so
 * under a further mixed sequence of direct writes (rolled back, so the demo stays as seeded).
 * The treatments per hospital level and per ICD-10 chapter (migration 0033) are recounted from the
 * treatments joined to their settlements, after settlement corrections and deletions as well.
 */

type Row = Record<string, unknown>;
let database: Database;
const clock = new ManualClock();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDictionaries(database.db);
  await seedDemo(database.db, clock, '长沙市');
  await seedDemoBusiness(database.db, clock, '长沙市');
});
afterAll(() => database.close());

/** The treatments by month × period × product × state × a key of their settlement, against its summary table. */
function mixDrift(table: string, key: string, of: ReturnType<typeof sql>) {
  return sql`select * from (
      select date_trunc('month', t.discharged_on::timestamp)::date as month, t.period_id, t.product_code, t.state, ${of} as ${sql.identifier(key)},
        count(*)::int as n, sum((t.amount_fen > 0)::int)::int as w, sum(t.amount_fen)::float8 as a, sum(t.paid_fen)::float8 as p
      from treatments t join settlements s on s.id = t.settlement_id group by 1, 2, 3, 4, 5) r
    full join (select month, period_id, product_code, state, ${sql.identifier(key)}, n, with_amount as w, amount_fen::float8 as a, paid_fen::float8 as p
      from ${sql.identifier(table)} where n <> 0 or with_amount <> 0 or amount_fen <> 0 or paid_fen <> 0) k
      using (month, period_id, product_code, state, ${sql.identifier(key)})
    where (r.n, r.w, r.a, r.p) is distinct from (k.n, k.w, k.a, k.p)`;
}

/** Rows where the summary and the recount differ (a summary row of zeros counts as absent). */
const DRIFT = {
  enrolment: sql`select * from (
      select l.period_id, a.unit_id, l.product_code, a.state, count(*)::int as n, sum(l.shares)::int as s, sum(l.amount_fen)::float8 as a
      from application_lines l join applications a on a.id = l.application_id where l.live group by 1, 2, 3, 4) r
    full join (select period_id, unit_id, product_code, state, lines as n, shares as s, amount_fen::float8 as a
      from enrolment_totals where lines <> 0 or shares <> 0 or amount_fen <> 0) k using (period_id, unit_id, product_code, state)
    where (r.n, r.s, r.a) is distinct from (k.n, k.s, k.a)`,
  benefits: sql`select * from (
      select month, period_id, product_code, kind, state, count(*)::int as n, sum(w)::int as w, sum(a)::float8 as a, sum(p)::float8 as p from (
        select date_trunc('month', discharged_on::timestamp)::date as month, period_id, product_code, 'treatment' as kind, state,
          (amount_fen > 0)::int as w, amount_fen as a, paid_fen as p from treatments
        union all
        select date_trunc('month', (coalesce(decided_at, submitted_at, created_at) at time zone 'UTC') + interval '8 hours')::date,
          period_id, product_code, 'claim', state, (amount_fen > 0)::int, amount_fen, case when state = 'paid' then amount_fen else 0 end from claims
      ) x group by 1, 2, 3, 4, 5) r
    full join (select month, period_id, product_code, kind, state, n, with_amount as w, amount_fen::float8 as a, paid_fen::float8 as p
      from benefit_totals where n <> 0 or with_amount <> 0 or amount_fen <> 0 or paid_fen <> 0) k using (month, period_id, product_code, kind, state)
    where (r.n, r.w, r.a, r.p) is distinct from (k.n, k.w, k.a, k.p)`,
  // A unit's treatment totals (migration 0015), the home figures' source.
  treatments: sql`select * from (
      select unit_id, period_id, product_code, state, count(*)::int as n, (count(*) filter (where amount_fen > 0))::int as w,
        sum(amount_fen)::float8 as a, sum(paid_fen)::float8 as p from treatments group by 1, 2, 3, 4) r
    full join (select unit_id, period_id, product_code, state, n, with_amount as w, amount_fen::float8 as a, paid_fen::float8 as p
      from treatment_totals where n <> 0 or with_amount <> 0 or amount_fen <> 0 or paid_fen <> 0) k
      using (unit_id, period_id, product_code, state)
    where (r.n, r.w, r.a, r.p) is distinct from (k.n, k.w, k.a, k.p)`,
  levels: mixDrift('benefit_level_totals', 'hospital_level', sql`s.hospital_level`),
  chapters: mixDrift('benefit_chapter_totals', 'chapter', sql`hall_icd10_chapter(s.diagnosis_code)`),
  fund: sql`select * from (
      select a.period_id, count(*)::int as n, sum(p.amount_fen)::float8 as a from payments p join applications a on a.id = p.application_id group by 1) r
    full join (select period_id, payments as n, received_fen::float8 as a from fund_totals where payments <> 0 or received_fen <> 0) k using (period_id)
    where (r.n, r.a) is distinct from (k.n, k.a)`,
  // A level-1 union's own reports (migration 0031): the same sums with the unit in the key.
  unitBenefits: sql`select * from (
      select unit_id, month, period_id, product_code, kind, state, count(*)::int as n, sum(w)::int as w, sum(a)::float8 as a, sum(p)::float8 as p from (
        select unit_id, date_trunc('month', discharged_on::timestamp)::date as month, period_id, product_code, 'treatment' as kind, state,
          (amount_fen > 0)::int as w, amount_fen as a, paid_fen as p from treatments
        union all
        select unit_id, date_trunc('month', (coalesce(decided_at, submitted_at, created_at) at time zone 'UTC') + interval '8 hours')::date,
          period_id, product_code, 'claim', state, (amount_fen > 0)::int, amount_fen, case when state = 'paid' then amount_fen else 0 end from claims
      ) x group by 1, 2, 3, 4, 5, 6) r
    full join (select unit_id, month, period_id, product_code, kind, state, n, with_amount as w, amount_fen::float8 as a, paid_fen::float8 as p
      from unit_benefit_totals where n <> 0 or with_amount <> 0 or amount_fen <> 0 or paid_fen <> 0) k using (unit_id, month, period_id, product_code, kind, state)
    where (r.n, r.w, r.a, r.p) is distinct from (k.n, k.w, k.a, k.p)`,
  // The city's enrolment rollup (migration 0035): units counted once per cell, and once over all products ('*').
  cityEnrolment: sql`select * from (
      select l.period_id, coalesce(u.region_code, '') as region_code, g.id as union_id, coalesce(l.product_code, '*') as product_code,
        count(distinct a.unit_id)::int as u, count(*)::int as n, sum(l.shares)::int as s, sum(l.amount_fen)::float8 as d,
        coalesce(sum(l.amount_fen) filter (where a.state = 'paid'), 0)::float8 as r
      from application_lines l join applications a on a.id = l.application_id
      join units u on u.id = a.unit_id join units g on g.id = coalesce(u.parent_id, u.id)
      where l.live and a.state in ('unpaid', 'paid')
      group by grouping sets ((l.period_id, u.region_code, g.id, l.product_code), (l.period_id, u.region_code, g.id))) r
    full join (select period_id, region_code, union_id, product_code, units as u, lines as n, shares as s, due_fen::float8 as d, received_fen::float8 as r
      from enrolment_city_totals where units <> 0 or lines <> 0 or shares <> 0 or due_fen <> 0 or received_fen <> 0) k
      using (period_id, region_code, union_id, product_code)
    where (r.u, r.n, r.s, r.d, r.r) is distinct from (k.u, k.n, k.s, k.d, k.r)`,
  // Each unit's due figures (migration 0035) against its enrolment_totals rows.
  unitEnrolment: sql`select * from (
      select e.period_id, e.unit_id, coalesce(e.product_code, '*') as product_code, coalesce(u.region_code, '') as region_code,
        coalesce(u.parent_id, u.id) as union_id, sum(e.lines)::int as n, sum(e.shares)::int as s, sum(e.amount_fen)::float8 as d,
        coalesce(sum(e.amount_fen) filter (where e.state = 'paid'), 0)::float8 as r
      from enrolment_totals e join units u on u.id = e.unit_id where e.state in ('unpaid', 'paid') and e.lines <> 0
      group by grouping sets ((e.period_id, e.unit_id, u.region_code, u.parent_id, u.id, e.product_code), (e.period_id, e.unit_id, u.region_code, u.parent_id, u.id))) r
    full join (select period_id, unit_id, product_code, region_code, union_id, lines as n, shares as s, due_fen::float8 as d,
        received_fen::float8 as r from enrolment_unit_figures) k using (period_id, unit_id, product_code)
    where (r.region_code, r.union_id, r.n, r.s, r.d, r.r) is distinct from (k.region_code, k.union_id, k.n, k.s, k.d, k.r)`,
  // /Home's claim figures and /participation's staff count (migration 0040).
  unitClaims: sql`select * from (
      select unit_id, period_id, type, state, count(*)::int as n, sum(amount_fen)::float8 as a from claims group by 1, 2, 3, 4) r
    full join (select unit_id, period_id, type, state, n, amount_fen::float8 as a from unit_claim_totals where n <> 0 or amount_fen <> 0) k
      using (unit_id, period_id, type, state)
    where (r.n, r.a) is distinct from (k.n, k.a)`,
  unitStaff: sql`select * from (select unit_id, count(*)::int as n from staff where left_on is null group by 1) r
    full join (select unit_id, current as n from unit_staff_totals where current <> 0) k using (unit_id)
    where r.n is distinct from k.n`,
  unitFund: sql`select * from (
      select a.unit_id, a.period_id, count(*)::int as n, sum(p.amount_fen)::float8 as a from payments p join applications a on a.id = p.application_id group by 1, 2) r
    full join (select unit_id, period_id, payments as n, received_fen::float8 as a from unit_fund_totals where payments <> 0 or received_fen <> 0) k using (unit_id, period_id)
    where (r.n, r.a) is distinct from (k.n, k.a)`,
};

const rowsOf = async (db: Pick<Database['db'], 'execute'>, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

async function expectNoDrift(db: Pick<Database['db'], 'execute'>, only?: Array<keyof typeof DRIFT>) {
  for (const [name, query] of Object.entries(DRIFT))
    if (!only || only.includes(name as keyof typeof DRIFT)) expect(await rowsOf(db, query), name).toEqual([]);
}

/** A report row as the service reads it (a sum of nothing is 0; the totals' label is not shown). */
const shown = (r: EnrolmentFigures & { key: string | null; label: string }) => ({
  key: r.key,
  label: r.key === null ? '' : r.label,
  ...Object.fromEntries((['units', 'lines', 'shares', 'dueFen', 'receivedFen'] as const).map((k) => [k, Number(r[k] ?? 0)])),
});

/**
 * The city-wide 参保统计 from the rollup equals the per-unit summary query it replaces, in every
 * grouping, for the whole city and for each district, in every period.
 */
async function expectCityEnrolmentAsPerUnit(db: Database['db']) {
  const periods = await rowsOf(
    db,
    sql`select id, (select array_agg(distinct coalesce(region_code, '')) from units) as districts from periods`,
  );
  let groups = 0;
  for (const { id, districts } of periods as Array<{ id: number; districts: string[] }>)
    for (const district of [undefined, ...districts.filter(Boolean)])
      for (const by of ['district', 'union', 'uniType', 'product'] as const) {
        const f = { periodId: id, district };
        const city = (await enrolmentByGroup(db, by, f)).map(shown);
        expect(city, `${by} of period ${id} ${district ?? ''}`).toEqual((await enrolmentOfUnits(db, by, f)).map(shown));
        groups += city.length - 1;
      }
  expect(groups).toBeGreaterThan(10);
}

it('equals a recount of the raw rows after the demo city business', async () => {
  const [held] = await rowsOf(
    database.db,
    sql`select (select sum(lines) from enrolment_totals where state = 'paid')::int as lines,
      (select sum(n) from benefit_totals where kind = 'treatment')::int as treatments,
      (select sum(n) from benefit_totals where kind = 'claim' and state = 'paid')::int as claims,
      (select sum(payments) from fund_totals)::int as payments,
      (select count(distinct hospital_level) from benefit_level_totals where n > 0)::int as levels,
      (select count(distinct chapter) from benefit_chapter_totals where n > 0)::int as chapters,
      (select sum(n) from unit_benefit_totals where kind = 'treatment')::int as "unitTreatments",
      (select sum(payments) from unit_fund_totals)::int as "unitPayments"`,
  );
  // The sums are not empty: a recount of nothing would equal a summary of nothing.
  expect(held.lines).toBeGreaterThan(1000);
  expect(held.treatments).toBeGreaterThan(100);
  expect(held.claims).toBeGreaterThan(0);
  expect(held.payments).toBeGreaterThan(10);
  expect(held.levels).toBeGreaterThan(1);
  expect(held.chapters).toBeGreaterThan(2);
  expect([held.unitTreatments, held.unitPayments]).toEqual([held.treatments, held.payments]);
  await expectNoDrift(database.db);
  await expectCityEnrolmentAsPerUnit(database.db);
});

it('stays equal under corrections, cancellations, reversals, payments and deletions written directly', async () => {
  const rolledBack = new Error('rolled back');
  await expect(
    database.db.transaction(async (tx) => {
      const run = (query: ReturnType<typeof sql>) => tx.execute(query);
      // An application cancelled (its lines leave the live set afterwards), another returned to review.
      await run(sql`update applications set state = 'cancelled' where id = (select min(id) from applications where state = 'unpaid')`);
      await run(
        sql`update application_lines set live = false where application_id in (select id from applications where state = 'cancelled')`,
      );
      await run(sql`update applications set state = 'submitted' where id = (select max(id) from applications where state = 'paid')`);
      await run(
        sql`update application_lines set shares = 2, amount_fen = amount_fen * 2 where id in (select id from application_lines where live order by id limit 7)`,
      );
      await run(sql`delete from application_lines where id in (select l.id from application_lines l
        where not exists (select 1 from coverages c where c.line_id = l.id) order by l.id desc limit 3)`);
      // An application deleted whole: its lines go by cascade, after it.
      const [spare] = await rowsOf(
        tx,
        sql`select a.id from applications a where not exists (select 1 from coverages c where c.application_id = a.id)
        and not exists (select 1 from payments p where p.application_id = a.id) and exists (select 1 from application_lines l where l.application_id = a.id and l.live)
        order by a.id limit 1`,
      );
      expect(spare).toBeDefined();
      await run(sql`delete from payment_entries where application_id = ${spare.id}`);
      await run(sql`delete from applications where id = ${spare.id}`);
      // A payment refunded (deleted) and one corrected.
      await run(sql`delete from payments where id = (select max(id) from payments)`);
      await run(sql`update payments set amount_fen = amount_fen + 100 where id = (select min(id) from payments)`);
      // A treatment corrected and reversed, another paid, one moved to another month.
      await run(
        sql`update treatments set amount_fen = amount_fen + 500, state = 'pending' where id in (select id from treatments order by id limit 5)`,
      );
      await run(
        sql`update treatments set amount_fen = 0, state = 'pending', reason = '医保结算已冲销' where id = (select max(id) from treatments)`,
      );
      await run(
        sql`update treatments set paid_fen = amount_fen, state = 'paid' where id in (select id from treatments where state = 'pending' order by id limit 3)`,
      );
      await run(
        sql`update treatments set discharged_on = discharged_on - 40 where id in (select id from treatments order by id desc limit 2)`,
      );
      // A treatment, a claim and a paid application moved to another unit (a union's figures follow).
      const other = sql`(select min(id) from units where level = 1)`;
      await run(sql`update treatments set unit_id = ${other} where id = (select min(id) from treatments where unit_id <> ${other})`);
      await run(sql`update claims set unit_id = ${other} where id = (select min(id) from claims where unit_id <> ${other})`);
      await run(sql`update applications set unit_id = ${other} where id = (select min(a.id) from applications a
        join payments p on p.application_id = a.id where a.unit_id <> ${other})`);
      // Claims approved, paid, refused.
      await run(
        sql`update claims set state = 'approved', decided_at = now() where id in (select id from claims where state = 'city_review' limit 2)`,
      );
      await run(
        sql`update claims set state = 'paid', paid_at = now() where id in (select id from claims where state = 'approved' limit 1)`,
      );
      await run(
        sql`update claims set state = 'refused', decided_at = now() where id in (select id from claims where state in ('unit_review', 'draft') limit 1)`,
      );
      // A claim deleted; staff leave (减员), one comes back, one moves to another unit, one is deleted.
      await run(sql`delete from claims where id = (select max(c.id) from claims c where not exists (select 1 from payouts p where p.claim_id = c.id)
        and not exists (select 1 from evaluations e where e.claim_id = c.id))`);
      await run(sql`update staff set left_on = joined_on where id in (select id from staff where left_on is null order by id limit 3)`);
      await run(sql`update staff set left_on = null where id = (select s.id from staff s where s.left_on is not null
        and not exists (select 1 from staff o where o.person_id = s.person_id and o.left_on is null) order by s.id limit 1)`);
      await run(
        sql`update staff set unit_id = ${other} where id = (select max(id) from staff where left_on is null and unit_id <> ${other})`,
      );
      await run(sql`delete from staff where id = (select max(s.id) from staff s where s.left_on is null
        and not exists (select 1 from coverage_transfers t where t.from_staff_id = s.id or t.to_staff_id = s.id))`);
      // Settlements corrected (version + 1: another level, another chapter, the treatment's amount
      // left as it was), reversed (冲销: the treatments fall to zero) and one deleted with its treatments.
      const corrected = sql`select settlement_id from treatments group by 1 order by 1 limit 4`;
      await run(sql`update settlements set version = version + 1, hospital_level = case hospital_level when '3' then '1' else '3' end,
        diagnosis_code = case when diagnosis_code like 'C%' then 'I21.900' else 'C34.900' end where id in (${corrected})`);
      await run(sql`update settlements set version = version + 1, reversed = true where id = (select max(settlement_id) from treatments)`);
      await run(sql`update treatments set amount_fen = 0, state = 'pending', reason = '医保结算已冲销'
        where settlement_id = (select max(settlement_id) from treatments)`);
      await run(
        sql`update settlements set diagnosis_code = 'h60.1' where id = (select min(settlement_id) from treatments where state = 'paid')`,
      );
      const [gone] = await rowsOf(
        tx,
        sql`select settlement_id as id, count(*)::int as n from treatments group by 1 order by 1 desc offset 3 limit 1`,
      );
      await run(sql`delete from settlements where id = ${gone.id}`);
      expect((await rowsOf(tx, sql`select 1 from treatments where settlement_id = ${gone.id}`)).length).toBe(0);
      // A treatment deleted on its own (its settlement stays).
      await run(sql`delete from treatments where id = (select min(id) from treatments where state = 'none')`);
      // A unit with due lines moves to another district and union (its figures move in every
      // period); a union moves district with its own; a paid application moves to a unit of another union.
      const [mover] = await rowsOf(
        tx,
        sql`select f.unit_id as id, u.parent_id as "parentId" from enrolment_unit_figures f join units u on u.id = f.unit_id
        where u.level = 2 and f.product_code = '*' group by 1, 2 order by count(*) desc, 1 limit 1`,
      );
      expect(mover).toBeDefined();
      await run(sql`update units set region_code = '430199', parent_id = (select min(id) from units where level = 1 and id <> ${mover.parentId})
        where id = ${mover.id}`);
      await run(sql`update units set region_code = '430198' where id = ${mover.parentId}`);
      await run(sql`update applications set unit_id = ${mover.id} where id = (select min(a.id) from applications a
        join units u on u.id = a.unit_id where a.state = 'paid' and coalesce(u.parent_id, u.id) <> (select parent_id from units where id = ${mover.id}))`);
      // And back again, in one statement with a change of name (figures leave the cell they came to).
      await run(sql`update units set region_code = null, emp_name = emp_name || '（迁）' where id = ${mover.id}`);
      const [moved] = await rowsOf(
        tx,
        sql`select count(*)::int as n from enrolment_city_totals where region_code = '430198' and units > 0`,
      );
      expect(moved.n).toBeGreaterThan(0);
      await expectNoDrift(tx);
      await expectCityEnrolmentAsPerUnit(tx as unknown as Database['db']);
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
  await expectNoDrift(database.db);
});

it('a settlement load adds its new treatments to the totals itself, and leaves every other write to the triggers (migration 0042)', async () => {
  const rolledBack = new Error('rolled back');
  await expect(
    database.db.transaction(async (tx) => {
      // Covered people with treatments already: new stays of several levels, diagnoses and months
      // (new rows: added by the load), and one of their settlements corrected (an update: the triggers').
      const people = await rowsOf(
        tx,
        sql`select distinct on (c.person_id) p.cert_no as "certNo", y.year from coverages c
          join persons p on p.id = c.person_id join periods y on y.id = c.period_id
          where exists (select 1 from treatments t where t.person_id = c.person_id and t.period_id = c.period_id)
          order by c.person_id, y.year desc limit 7`,
      );
      expect(people.length).toBeGreaterThan(4);
      const [fix] = await rowsOf(
        tx,
        sql`select s.settlement_no as no, p.cert_no as "certNo", s.admitted_on::text as admitted, s.discharged_on::text as discharged,
          (s.self_policy_fen / 100 + 1234)::text as "selfPolicy", case s.hospital_level when '3' then '一级' else '三级' end as level
          from settlements s join persons p on p.id = s.person_id
          where exists (select 1 from treatments t where t.settlement_id = s.id and t.paid_fen = 0) order by s.id limit 1`,
      );
      const levels = ['一级', '二级', '三级', '未定级'];
      const codes = ['I21.900', 'C34.900', 'K35.800', 'J18.900', 'Z51.100', 'h60.1', 'N18.500'];
      const lines: StayLine[] = people.flatMap((p, i) =>
        [3, 8].map((month, j) => ({
          no: `JS-TOTALS-${i}-${j}`,
          certNo: String(p.certNo),
          admitted: `${p.year}-${String(month).padStart(2, '0')}-0${1 + i}`,
          discharged: `${p.year}-${String(month + j).padStart(2, '0')}-1${i}`,
          selfPolicy: String(800 + 3100 * i + 700 * j),
          level: levels[(i + j) % levels.length],
          code: codes[(i * 2 + j) % codes.length],
        })),
      );
      lines.push(fix as unknown as StayLine);
      const ctx = { db: tx, clock, config: { cityName: '长沙市' } } as unknown as Parameters<typeof loadSettlements>[0];
      // Chunks of 3 rows and batches of 2 people: several COPYs, each leaving its rows to the load's sum.
      const loaded = await loadSettlements(ctx, '测试', fileOf('医保结算.csv', settlementCsv(lines)), { chunkRows: 3, batchPeople: 2 });
      expect([loaded.added, loaded.replaced, loaded.rejected]).toEqual([lines.length - 1, 1, 0]);
      expect(loaded.treatments.written).toBeGreaterThan(lines.length);
      await expectNoDrift(tx);
      // The triggers' settings are cleared after the load's COPY: a plain write in the same transaction is counted and checked by them.
      const [setting] = await rowsOf(
        tx,
        sql`select coalesce(current_setting('hall.treatment_totals', true), '') || coalesce(current_setting('hall.treatment_keys', true), '') as value`,
      );
      expect(setting.value).toBe('');
      await tx.execute(sql`with gone as (delete from treatments where id in (select id from treatments order by id desc limit 3) returning *)
        insert into treatments select * from gone`);
      await expectNoDrift(tx);
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
  await expectNoDrift(database.db);
});

it('a statement over many units (planned for its arrays past 64, migration 0039) keeps the figures exact', async () => {
  const rolledBack = new Error('rolled back');
  await expect(
    database.db.transaction(async (tx) => {
      // Ten products' paid and unpaid lines for every unit of the city in one statement (the recount
      // gets a pair per row), then gone in one.
      const write = sql`insert into enrolment_totals (period_id, unit_id, product_code, state, lines, shares, amount_fen)
        select (select max(id) from periods), u.id, 'bulk' || p, s.state, 2, 3, 500
        from units u cross join generate_series(1, 10) p cross join (values ('paid'), ('unpaid')) s(state)`;
      const written = (await tx.execute(write)) as unknown as { rowCount: number; affectedRows?: number };
      expect(written.rowCount ?? written.affectedRows).toBeGreaterThan(64);
      await expectNoDrift(tx, ['unitEnrolment']);
      await expectCityEnrolmentAsPerUnit(tx as unknown as Database['db']);
      await tx.execute(sql`delete from enrolment_totals where product_code like 'bulk%'`);
      await expectNoDrift(tx, ['unitEnrolment']);
      // The custom plans stay inside the recount: the function's SET clause restores the mode.
      const [mode] = await rowsOf(tx, sql`select current_setting('plan_cache_mode') as mode`);
      expect(mode.mode).toBe('auto');
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
});

it.skipIf(!process.env.TEST_DATABASE_URL)('two writers of one unit take turns, so its figures stay exact (PostgreSQL)', async () => {
  const [one, two] = [new pg.Client({ connectionString: database.url }), new pg.Client({ connectionString: database.url })];
  await Promise.all([one.connect(), two.connect()]);
  const key = (
    await one.query(
      `select period_id, unit_id, product_code from enrolment_totals where state = 'paid' and lines > 0 order by 1 desc, 2 limit 1`,
    )
  ).rows[0];
  const args = [key.period_id, key.unit_id, key.product_code];
  const pid = (await two.query('select pg_backend_pid() as pid')).rows[0].pid;
  try {
    // Two products of one unit written at once: the second writer's rewrite must read the first's rows.
    await one.query('begin');
    await one.query(
      `update enrolment_totals set lines = lines + 1, shares = shares + 1, amount_fen = amount_fen + 100
      where period_id = $1 and unit_id = $2 and product_code = $3 and state = 'paid'`,
      args,
    );
    await two.query('begin');
    const second = two.query(`insert into enrolment_totals values ($1, $2, $3 || '+', 'unpaid', 1, 1, 100)`, args);
    // The second waits for the unit (its trigger's lock) until the first commits: seen before committing.
    let waiting = false;
    for (let i = 0; i < 5000 && !waiting; i++)
      waiting = Boolean((await one.query(`select 1 from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'`, [pid])).rowCount);
    expect(waiting).toBe(true);
    await one.query('commit');
    await second;
    await two.query('commit');
    await expectNoDrift(database.db, ['unitEnrolment']);
  } finally {
    await one.query('rollback').catch(() => undefined);
    await two.query('rollback').catch(() => undefined);
    await one.query(`delete from enrolment_totals where period_id = $1 and unit_id = $2 and product_code = $3 || '+'`, args);
    await one.query(
      `update enrolment_totals set lines = lines - 1, shares = shares - 1, amount_fen = amount_fen - 100
      where period_id = $1 and unit_id = $2 and product_code = $3 and state = 'paid'`,
      args,
    );
    await Promise.all([one.end(), two.end()]);
  }
  await expectNoDrift(database.db);
});

it('the database finds the chapter of every code as packages/shared does', async () => {
  const codes = Array.from(
    { length: 26 * 100 },
    (_, i) => `${String.fromCharCode(65 + Math.floor(i / 100))}${String(i % 100).padStart(2, '0')}`,
  );
  codes.push('d48.9', ' H60.0x01', 'I2', '', '9A0');
  const [row] = await rowsOf(
    database.db,
    sql`select array(select hall_icd10_chapter(c) from jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) with ordinality u(c, i) order by i) as chapters`,
  );
  expect(row.chapters).toEqual(codes.map(icd10Chapter));
});

it('migration 0033 backfills the level and chapter totals as the triggers keep them', async () => {
  const migration = readFileSync(new URL('../../db/migrations/0032_benefit_mix_totals.sql', import.meta.url), 'utf8');
  const backfill = migration.split('--> statement-breakpoint').filter((s) => /^\s*INSERT INTO benefit_(level|chapter)_totals/.test(s));
  expect(backfill).toHaveLength(2);
  const rolledBack = new Error('rolled back');
  await expect(
    database.db.transaction(async (tx) => {
      for (const table of ['benefit_level_totals', 'benefit_chapter_totals']) await tx.execute(sql`delete from ${sql.identifier(table)}`);
      for (const statement of backfill) await tx.execute(sql.raw(statement.replace(/-- manual:benefit mix end\s*$/, '')));
      const [n] = await rowsOf(
        tx,
        sql`select (select count(*) from benefit_level_totals)::int as l, (select count(*) from benefit_chapter_totals)::int as c`,
      );
      expect(n.l).toBeGreaterThan(0);
      expect(n.c).toBeGreaterThan(0);
      await expectNoDrift(tx);
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
});

it('the migrations backfill the totals of an existing database as the triggers would keep them', async () => {
  // The backfill is each migration's last statements: from the tables' rows, after emptying the totals.
  const read = (name: string) => readFileSync(new URL(`../../db/migrations/${name}.sql`, import.meta.url), 'utf8');
  const backfill = [
    read('0026_report_totals'),
    read('0031_unit_report_totals'),
    read('0035_enrolment_city_totals'),
    read('0040_unit_counts'),
  ]
    .flatMap((migration) => migration.split('--> statement-breakpoint'))
    .filter((s) => /^\s*INSERT INTO (unit_)?(enrolment|benefit|fund|enrolment_unit|enrolment_city|claim|staff)_(totals|figures)/.test(s));
  expect(backfill).toHaveLength(9);
  const rolledBack = new Error('rolled back');
  await expect(
    database.db.transaction(async (tx) => {
      // The rollup first: emptying enrolment_totals would rewrite it through its triggers.
      for (const table of ['enrolment_city_totals', 'enrolment_unit_figures', 'enrolment_totals', 'benefit_totals', 'fund_totals'])
        await tx.execute(sql`delete from ${sql.identifier(table)}`);
      for (const table of ['unit_benefit_totals', 'unit_fund_totals', 'unit_claim_totals', 'unit_staff_totals'])
        await tx.execute(sql`delete from ${sql.identifier(table)}`);
      for (const statement of backfill) {
        // Migration 0035 meets its tables empty; here the triggers filled them from enrolment_totals' backfill.
        if (/^\s*INSERT INTO enrolment_unit_figures/.test(statement))
          for (const table of ['enrolment_city_totals', 'enrolment_unit_figures'])
            await tx.execute(sql`delete from ${sql.identifier(table)}`);
        await tx.execute(
          sql.raw(statement.replace(/-- manual:(unit report totals|report totals|enrolment city totals|unit counts) end\s*$/, '')),
        );
      }
      const [n] = await rowsOf(
        tx,
        sql`select (select count(*) from enrolment_totals)::int as e, (select count(*) from benefit_totals)::int as b`,
      );
      expect(n.e).toBeGreaterThan(0);
      expect(n.b).toBeGreaterThan(0);
      await expectNoDrift(tx);
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
});
