/**
 * The staff list of a unit with 50,000 staff on PostgreSQL: the first and the last page must cost
 * the same (issue 8). Measures the list service (count + page ids + rows, as the route runs it)
 * for the first page, the last page and the last page of a filtered list, against a baseline: the
 * bare indexed query of one page (`order by id desc limit 10`) in the same run.
 *
 * Run: npx tsx bench/staff-list.ts   (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 *      a fresh database is made and dropped)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { ManualClock } from '../apps/server/src/lib/clock';
import { staffPage } from '../apps/server/src/modules/staff/staff.service';
import type { Caller, HallContext } from '../apps/server/src/types';
import { addStaff } from './lib/staff-rows';

const STAFF = 50_000;
const RUNS = 200;
const TARGET_RATIO = 1.25; // last page / first page
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time(run: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await run();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

async function main() {
  const name = `hall_bench_list_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  try {
    const db = database.db;
    const clock = new ManualClock();
    await seedDemo(db, clock, '长沙市');
    const [unit] = (
      (await db.execute(sql`select id, uact, emp_name from units where uact = 'qydw92101'`)) as unknown as {
        rows: Array<{ id: number; uact: string; emp_name: string }>;
      }
    ).rows;
    await addStaff(db, unit.id, STAFF);
    const caller = {
      accountId: 1,
      sessionId: 'bench',
      loginType: 'unit',
      loginName: unit.uact,
      unit: { id: unit.id, uact: unit.uact, empName: unit.emp_name, level: 2, uniType: null, parentId: null, insured: true },
    } as Caller<'unit'>;
    const ctx = { db, clock } as unknown as HallContext;
    const page = (pageNum: number, filter: Record<string, unknown> = {}) =>
      staffPage(ctx, caller, { pageNum, pageSize: 10, ...filter } as Parameters<typeof staffPage>[2]);
    const first = await page(1);
    const lastNum = Math.ceil(first.totlCnt / 10);
    const current = await page(1, { state: 'current' });
    const lastCurrent = Math.ceil(current.totlCnt / 10);

    const baseline = await time(() => db.execute(sql`select id from staff where unit_id = ${unit.id} order by id desc limit 10`));
    const firstMs = await time(() => page(1));
    const lastMs = await time(() => page(lastNum));
    const firstCurrentMs = await time(() => page(1, { state: 'current' }));
    const lastCurrentMs = await time(() => page(lastCurrent, { state: 'current' }));
    const fmt = (x: number) => x.toFixed(2).padStart(7);
    console.log(`staff list of one unit, ${first.totlCnt} staff (${current.totlCnt} current), page size 10, median of ${RUNS}`);
    console.log(`  baseline: bare indexed page query      ${fmt(baseline)} ms`);
    console.log(`  first page                             ${fmt(firstMs)} ms   ${(firstMs / baseline).toFixed(1)}× baseline`);
    console.log(`  last page (${lastNum})                      ${fmt(lastMs)} ms   ${(lastMs / baseline).toFixed(1)}× baseline`);
    console.log(`  first page, 在职 only                   ${fmt(firstCurrentMs)} ms`);
    console.log(`  last page (${lastCurrent}), 在职 only            ${fmt(lastCurrentMs)} ms`);
    const ratio = Math.max(lastMs / firstMs, lastCurrentMs / firstCurrentMs);
    console.log(`  last / first: ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}) ${ratio <= TARGET_RATIO ? '✓' : '✗'}`);
  } finally {
    await database.close();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}

await main();
