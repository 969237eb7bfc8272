import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../client';
import { seedDemo } from './demo';
import { seedDemoBusiness } from './demo-business';
import { DEMO_NEW_HIRES, DEMO_POOL_START, demoCertNo } from './demo-staff';
import { seedDictionaries } from './dictionaries';

type Row = Record<string, unknown>;
let database: Database;
const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const clock = new ManualClock(); // 2026-11-22, Beijing

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDictionaries(database.db);
  await seedDemo(database.db, clock, '长沙市');
  expect(await seedDemoBusiness(database.db, clock, '长沙市')).toBe(true);
});
afterAll(() => database.close());

describe('the demo business', () => {
  it('runs once', async () => {
    const counts = sql`select (select count(*) from staff)::int as staff, (select count(*) from applications)::int as apps,
      (select count(*) from settlements)::int as settlements, (select count(*) from payout_batches)::int as batches`;
    const before = await rows(counts);
    expect(await seedDemoBusiness(database.db, clock, '长沙市')).toBe(false);
    expect(await rows(counts)).toEqual(before);
  });

  it('has thousands of staff, every insured person in the registry, the pool unrostered', async () => {
    const [counts] = await rows(sql`select (select count(*) from staff)::int as staff,
      (select count(*) from insured_registry where kind = 'person' and active)::int as insured,
      (select count(*) from insured_registry where kind = 'person' and not active)::int as stopped`);
    expect(counts.staff).toBeGreaterThan(3800);
    expect(counts.insured).toBeGreaterThan(4200);
    expect(counts.stopped).toBe(10);
    expect(await rows(sql`select 1 from persons where cert_no = ${demoCertNo(DEMO_POOL_START)}`)).toEqual([]);
  });

  it('has applications in every state, next year enrolling', async () => {
    const states = await rows(
      sql`select distinct a.state from applications a join periods p on p.id = a.period_id where p.year = 2027 order by 1`,
    );
    expect(states.map((s) => s.state)).toEqual(['cancelled', 'draft', 'paid', 'returned', 'submitted', 'unpaid']);
    const [review] = await rows(sql`select r.uact from applications a join units r on r.id = a.review_unit_id where a.state = 'submitted'`);
    expect(review.uact).toBe('lhgh92001');
    // Amounts are the lines' sum; cancelled lines are not live.
    expect(
      await rows(
        sql`select a.id from applications a where a.amount_fen <> (select coalesce(sum(amount_fen), 0) from application_lines l where l.application_id = a.id)`,
      ),
    ).toEqual([]);
    expect(
      await rows(
        sql`select count(*)::int as n from application_lines l join applications a on a.id = l.application_id where a.state = 'cancelled' and l.live`,
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('covers continuing members from the start of the year and new hires after the waiting period', async () => {
    const cover = async (i: number, year: number) =>
      (
        await rows(sql`select c.covered_from::text as "from", c.continuing from coverages c join persons p on p.id = c.person_id
        join periods y on y.id = c.period_id where p.cert_no = ${demoCertNo(i)} and y.year = ${year} and c.product_code = '01'`)
      )[0];
    expect(await cover(20, 2024)).toEqual({ from: '2024-03-05', continuing: false });
    expect(await cover(20, 2026)).toEqual({ from: '2026-01-01', continuing: true });
    expect(await cover(DEMO_NEW_HIRES.qydw92101[0], 2026)).toEqual({ from: '2026-09-10', continuing: false });
  });

  it('has subsidy claims in every state over three years, several paid in batches, each with its attachments', async () => {
    const states = await rows(sql`select distinct state from claims order by 1`);
    expect(states.map((s) => s.state)).toEqual([
      'approved',
      'city_review',
      'draft',
      'paid',
      'refused',
      'returned',
      'union_review',
      'unit_review',
    ]);
    const years = await rows(sql`select distinct p.year from claims c join periods p on p.id = c.period_id order by 1`);
    expect(years.map((y) => y.year)).toEqual([2024, 2025, 2026]);
    const types = await rows(sql`select count(distinct type)::int as n from claims`);
    expect(types).toEqual([{ n: 5 }]);
    const [batches] = await rows(sql`select count(*)::int as n from payout_batches where kind = 'claim'`);
    expect(batches.n).toBeGreaterThanOrEqual(3);
    // Paid claims have their payout; workers filed some; the required attachments are there.
    expect(
      await rows(sql`select c.id from claims c where c.state = 'paid' and not exists (select 1 from payouts p where p.claim_id = c.id)`),
    ).toEqual([]);
    expect(await rows(sql`select count(*)::int as n from claims where filed_by = 'personal'`)).toEqual([{ n: 3 }]);
    expect(await rows(sql`select c.id from claims c where not exists (select 1 from claim_attachments a where a.claim_id = c.id)`)).toEqual(
      [],
    );
    // Runs once.
    const [before] = await rows(sql`select count(*)::int as n from claims`);
    await seedDemoBusiness(database.db, clock, '长沙市');
    expect(await rows(sql`select count(*)::int as n from claims`)).toEqual([before]);
  });

  it('has three years of treatments computed and paid through the services: closed years paid, this year partly', async () => {
    const years = await rows(sql`select y.year, count(*)::int as n, count(*) filter (where t.state = 'paid')::int as paid,
        count(*) filter (where t.state = 'pending')::int as pending, sum(t.paid_fen)::float8 as paid_fen
      from treatments t join periods y on y.id = t.period_id group by y.year order by y.year`);
    expect(years.map((y) => y.year)).toEqual([2024, 2025, 2026]);
    for (const y of years) expect(y.paid as number, String(y.year)).toBeGreaterThan(20);
    expect(years[2].pending as number).toBeGreaterThan(5);
    const batches = await rows(sql`select batch_no, paid_on::text as day from payout_batches where kind = 'treatment' order by id`);
    expect(batches.map((b) => b.day)).toEqual(['2025-03-15', '2026-03-15', '2026-08-15']);
    expect(batches[0].batch_no).toBe('FF2025031500001');
    const reasons = (await rows(sql`select distinct reason from treatments where reason is not null`)).map((r) => String(r.reason));
    expect(reasons).toEqual(
      expect.arrayContaining([
        '已达年度封顶（60,000.00元）',
        '医保结算已冲销',
        '等待期内入院（保障自2026-09-10起）',
        '未超过年度起付线（1,000.00元）',
      ]),
    );
    // The reversal and the correction left set-offs: paid more than the amount now.
    const [setOff] = await rows(sql`select count(*)::int as n from treatments where state = 'pending' and amount_fen < paid_fen`);
    expect(setOff.n).toBe(2);
    // Every treatment's unit is the unit holding its person's cover on the discharge day (a coverage
    // transfer moves only the later stays).
    expect(
      await rows(sql`select t.id from treatments t where not exists (select 1 from coverages c
        where c.person_id = t.person_id and c.period_id = t.period_id and coalesce(
          (select l.from_unit_id from coverage_transfer_lines l where l.coverage_id = c.id and t.discharged_on <= l.until_date
            order by l.until_date limit 1), c.unit_id) = t.unit_id)`),
    ).toEqual([]);
  });

  // treatment_totals (migration 0015) is kept by triggers: after the demo's loads, payouts, the
  // reversal and the correction it equals the sum of the treatments, and stays so under an
  // operator's direct SQL (run in a transaction that is rolled back, so the demo stays as seeded).
  it('keeps the treatment totals equal to the treatments under loads, payouts, recomputes and direct SQL', async () => {
    const drift = sql`select * from (
        select unit_id, period_id, product_code, state, count(*)::int as n, (count(*) filter (where amount_fen > 0))::int as w,
          sum(amount_fen)::float8 as a, sum(paid_fen)::float8 as p from treatments group by 1, 2, 3, 4) t
      full join (select unit_id, period_id, product_code, state, n, with_amount as w, amount_fen::float8 as a, paid_fen::float8 as p
        from treatment_totals where n <> 0 or with_amount <> 0 or amount_fen <> 0 or paid_fen <> 0) k
      using (unit_id, period_id, product_code, state)
      where (t.n, t.w, t.a, t.p) is distinct from (k.n, k.w, k.a, k.p)`;
    const [kept] = await rows(sql`select count(*)::int as n, sum(n)::int as treatments from treatment_totals`);
    expect(kept.treatments).toBeGreaterThan(100);
    expect(await rows(drift)).toEqual([]);
    const rolledBack = new Error('rolled back');
    await expect(
      database.db.transaction(async (tx) => {
        const run = async (query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;
        await run(
          sql`update treatments set amount_fen = amount_fen + 100, state = 'pending' where id in (select id from treatments order by id limit 5)`,
        );
        await run(
          sql`update treatments set unit_id = (select min(unit_id) from treatments) where id in (select id from treatments order by id desc limit 3)`,
        );
        await run(sql`update treatments set reason = reason where id in (select id from treatments limit 10)`);
        await run(sql`delete from treatments where id in (select id from treatments where paid_fen = 0 order by id limit 4)`);
        expect(await run(drift)).toEqual([]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await rows(drift)).toEqual([]);
  });
});
