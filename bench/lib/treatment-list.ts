/**
 * Part 2 of the settlement bench (bench/settlement-load.ts): settlements and treatments grown to
 * 5 × the load with INSERT … SELECT, then the big unit's treatment list (modules/treatment) timed
 * for the first, a deep (keyset) and the last page in the database, with the plan of the deep one.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { ManualClock } from '../../apps/server/src/lib/clock';
import * as treatments from '../../apps/server/src/modules/treatment/treatment.repository';
import { treatmentPage } from '../../apps/server/src/modules/treatment/treatment.service';
import type { HallContext } from '../../apps/server/src/types';
import { result } from '../measure';
import { BIG_SHARE, DISTRICT, UNITS, rowsOf } from './settlement-city';
import { unitCaller } from './unit-caller';

const TARGET_PAGE_MS = 20;
const RUNS = 100;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

/** Grows settlements and treatments to `total` rows (2024 and 2025 stays of the same people), set-based. */
async function grow(db: Db, total: number, people: number) {
  const [{ n }] = await rowsOf(db, sql`select count(*)::int as n from treatments`);
  const extra = total - Number(n);
  const periods = await rowsOf(db, sql`select id, year from periods where year in (2024, 2025) order by year`);
  const [{ first }] = await rowsOf(db, sql`select min(id) as first from persons where cert_no like ${`${DISTRICT}%`}`);
  const unitIds = await rowsOf(db, sql`select id, uact from units`);
  const unitArray = UNITS.map((u) => Number(unitIds.find((x) => x.uact === u)!.id));
  const big = Math.floor(people * BIG_SHARE);
  for (let from = 0; from < extra; from += 250_000) {
    const to = Math.min(extra, from + 250_000);
    for (const [i, p] of periods.entries()) {
      // Half of the extra rows in each of the two years.
      const lo = from + i * Math.ceil((to - from) / 2);
      const hi = Math.min(to, lo + Math.ceil((to - from) / 2));
      if (hi <= lo) continue;
      await db.execute(sql`
        with s as (
          insert into settlements (settlement_no, person_id, period_id, hospital_name, hospital_level, kind, admitted_on, discharged_on,
            settled_on, total_fen, policy_fen, fund_fen, self_policy_fen, self_excluded_fen, diagnosis_code, diagnosis_name, created_at, updated_at)
          select 'GX' || g, ${first}::int + (g % ${people}), ${p.id}, '长沙市第' || (1 + g % 9) || '人民医院', '3', 'inpatient',
            make_date(${p.year}, 1, 1) + (g % 330), make_date(${p.year}, 1, 1) + (g % 330) + (g % 9), make_date(${p.year}, 1, 1) + (g % 330) + (g % 9),
            400000, 300000, 200000, 100000 + (g % 1000) * 100, 30000, 'K35.800', '急性阑尾炎', now(), now()
          from generate_series(${lo}::int, ${hi - 1}::int) g
          returning id, person_id, period_id, discharged_on, hospital_name, self_policy_fen
        )
        insert into treatments (settlement_id, person_id, unit_id, period_id, product_code, discharged_on, hospital_name, base_fen,
          amount_fen, paid_fen, state, computed_at)
        select s.id, s.person_id,
          (${sql.param(unitArray)}::int[])[case when s.person_id - ${first}::int < ${big} then 1 else 2 + ((s.person_id - ${first}::int) % ${UNITS.length - 1}) end],
          s.period_id, '01', s.discharged_on, s.hospital_name, s.self_policy_fen, s.self_policy_fen * 45 / 100, s.self_policy_fen * 45 / 100,
          'paid', now()
        from s`);
    }
  }
  await db.execute(sql`vacuum analyze`);
}

async function timed(run: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
  }
  return p95(ms);
}

async function query(db: Db) {
  const [unit] = await rowsOf(db, sql`select id, uact, emp_name from units where uact = ${UNITS[0]}`);
  const owner = { unitId: Number(unit.id) };
  const caller = unitCaller(unit);
  const ctx = { db, clock: new ManualClock() } as unknown as HallContext;
  const [{ all }] = await rowsOf(db, sql`select count(*)::int as all from treatments`);
  const totals = await treatments.totals(db, owner, {});
  const size = 20;
  const pages = Math.ceil(totals.count / size);
  // A deep page by keyset: the key of the row just before the middle page.
  const middle = Math.floor(pages / 2);
  const [deep] = await rowsOf(
    db,
    sql`select discharged_on::text as d, id::float8 as id from treatments where unit_id = ${owner.unitId}
      order by discharged_on desc, id desc offset ${middle * size - 1} limit 1`,
  );
  const after = { dischargedOn: String(deep.d), id: Number(deep.id) };
  const page = async (at: Parameters<typeof treatments.pageKeys>[3]) => {
    const keys = await treatments.pageKeys(db, owner, {}, at);
    return treatments.rowsByIds(
      db,
      owner,
      keys.map((k) => k.id),
    );
  };
  const first = await timed(() => page({ offset: 0, limit: size, fromEnd: false }));
  const keyset = await timed(() => page({ after, offset: 0, limit: size, fromEnd: false }));
  const last = await timed(() => page({ offset: 0, limit: totals.count - (pages - 1) * size, fromEnd: true }));
  const totalsMs = await timed(() => treatments.totals(db, owner, {}));
  const serviceMs = await timed(() =>
    treatmentPage(ctx, caller, { pageNum: middle + 1, pageSize: size, afterKey: `${after.dischargedOn}_${after.id}` }),
  );
  const pagingMs = await timed(() =>
    treatmentPage(ctx, caller, { pageNum: middle + 1, pageSize: size, afterKey: `${after.dischargedOn}_${after.id}`, withTotals: false }),
  );
  const plan = await rowsOf(
    db,
    sql`explain (analyze, buffers) select t.discharged_on, t.id from treatments t where t.unit_id = ${owner.unitId}
      and (t.discharged_on, t.id) < (${after.dischargedOn}::date, ${after.id}) order by t.discharged_on desc, t.id desc limit ${size}`,
  );
  return {
    all: Number(all),
    rows: totals.count,
    pages,
    first,
    keyset,
    last,
    totalsMs,
    serviceMs,
    pagingMs,
    plan: plan.map((r) => String(r['QUERY PLAN'])),
  };
}

/** Part 2: treatments grown to `total`, the big unit's list timed; its RESULT line. */
export async function treatmentList(db: Db, total: number, people: number) {
  await grow(db, total, people);
  const q = await query(db);
  console.log(
    `\n2. the unit's treatment list: ${q.rows.toLocaleString('en-US')} rows of unit ${UNITS[0]} among ${q.all.toLocaleString('en-US')} treatments (pages of 20: ${q.pages.toLocaleString('en-US')})`,
  );
  console.log(`   p95 over ${RUNS} runs, page keys + rows in the database:`);
  console.log(
    `   first page ${q.first.toFixed(2)} ms, deep page (keyset, page ${Math.floor(q.pages / 2) + 1}) ${q.keyset.toFixed(2)} ms, last page ${q.last.toFixed(2)} ms (target ≤ ${TARGET_PAGE_MS}: ${Math.max(q.first, q.keyset, q.last) <= TARGET_PAGE_MS ? 'ok' : 'MISSED'}); deep/first ${(q.keyset / q.first).toFixed(2)}`,
  );
  console.log(
    `   totals of the whole filtered set (count and sums over the unit's rows): ${q.totalsMs.toFixed(1)} ms; the whole service call (totals + page) ${q.serviceMs.toFixed(1)} ms; a later page without the totals (count + page) ${q.pagingMs.toFixed(1)} ms`,
  );
  console.log('   plan of the deep page:');
  for (const l of q.plan) console.log(`     ${l}`);
  const worst = Math.max(q.first, q.keyset, q.last);
  return result(
    'treatment-list',
    `p95 first ${q.first.toFixed(2)} / deep ${q.keyset.toFixed(2)} / last ${q.last.toFixed(2)} ms of ${q.all} treatments`,
    `≤ ${TARGET_PAGE_MS} ms`,
    `deep/first ${(q.keyset / q.first).toFixed(2)}`,
    worst <= TARGET_PAGE_MS,
  );
}
