/**
 * 统计报表 at city scale (issue 20): each report's p95 in the database against 50 ms. The reports
 * read the summary tables kept on write (migrations 0026, 0035); the baseline is the bare read of
 * one period's enrolment summary rows in the same run, and each city-wide enrolment grouping is
 * also set against the query it replaced (the per-unit summary rows joined to units, before the
 * rollup enrolment_city_totals).
 *
 * Run: npx tsx bench/reports.ts   (DATABASE_URL a generated city, `npm run bench:city`; without
 *      it a city of BENCH_SCALE (default 0.01) is generated into a fresh database and dropped)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { ManualClock } from '../apps/server/src/lib/clock';
import {
  benefitReport,
  cityBenefitReport,
  enrolmentReport,
  fundReport,
  treatmentMix,
} from '../apps/server/src/modules/reports/reports.service';
import { enrolmentOfUnits } from '../apps/server/src/modules/reports/reports.repository';
import type { HallContext } from '../apps/server/src/types';
import { generateCity } from './city/generate';

const RUNS = 200;
const TARGET_MS = 50;
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

async function time(run: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
  }
  return p95(ms);
}

async function main() {
  let url = process.env.DATABASE_URL;
  let made: string | null = null;
  if (!url) {
    made = `hall_bench_reports_${Math.random().toString(16).slice(2, 10)}`;
    const at = new URL(ADMIN_URL);
    at.pathname = `/${made}`;
    url = at.toString();
    const scale = Number(process.env.BENCH_SCALE ?? 0.01);
    console.log(`generating a city at scale ${scale} into ${made}…`);
    await generateCity({ url, scale, clock: new ManualClock() });
  }
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  try {
    const db = database.db;
    await db.execute(sql`analyze`);
    const ctx = { db, clock: new ManualClock() } as unknown as HallContext;
    const rows = async (q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Array<Record<string, number>> }).rows;
    const [size] =
      await rows(sql`select (select count(*) from application_lines)::int as lines, (select count(*) from treatments)::int as treatments,
      (select count(*) from enrolment_totals)::int as summary, (select count(*) from enrolment_city_totals)::int as rollup, (select max(year) from periods where start_date <= now())::int as year`);
    const [union] = await rows(sql`select id from units where level = 1 order by id limit 1`);
    const [period] = await rows(sql`select id from periods where year = ${size.year}`);
    const [product] = (
      (await db.execute(sql`select code from products where period_id = ${period.id} order by code limit 1`)) as unknown as {
        rows: Array<{ code: string }>;
      }
    ).rows;
    const year = size.year;
    console.log(
      `reports of ${year}: ${size.lines} application lines, ${size.treatments} treatments; ${size.summary} enrolment summary rows, ${size.rollup} rollup rows; p95 of ${RUNS}`,
    );
    const baseline = await time(() => db.execute(sql`select sum(amount_fen) from enrolment_totals where period_id = ${period.id}`));
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['enrolment of one union', () => enrolmentReport(ctx, { unionId: union.id }, { year, by: 'product' })],
      ['benefits per month', () => benefitReport(ctx, {}, { year })],
      ['benefits per hospital level', () => treatmentMix(ctx, 'level', { year })],
      ['benefits by ICD-10 chapter', () => treatmentMix(ctx, 'chapter', { year })],
      ['chapters of one product', () => treatmentMix(ctx, 'chapter', { year, productCode: product.code })],
      ['benefits (the console tab)', () => cityBenefitReport(ctx, { year })],
      ['the fund', () => fundReport(ctx, {}, {})],
      ["a union's own benefits", () => benefitReport(ctx, { unionId: union.id }, { year })],
      ["a union's own fund", () => fundReport(ctx, { unionId: union.id }, {})],
    ];
    const fmt = (x: number) => x.toFixed(2).padStart(7);
    console.log(`  baseline: one period's summary rows summed ${fmt(baseline)} ms`);
    let worst = 0;
    // The city-wide groupings against the query they replaced, timed the same way.
    for (const by of ['district', 'union', 'uniType', 'product'] as const) {
      const ms = await time(() => enrolmentReport(ctx, {}, { year, by }));
      const before = await time(() => enrolmentOfUnits(db, by, { periodId: period.id }));
      worst = Math.max(worst, ms);
      console.log(
        `  enrolment by ${by.padEnd(15)} ${fmt(ms)} ms   per-unit rows before ${fmt(before)} ms: ${(before / ms).toFixed(1)}× faster ${ms <= TARGET_MS ? '✓' : '✗'}`,
      );
    }
    for (const [name, run] of cases) {
      const ms = await time(run);
      worst = Math.max(worst, ms);
      console.log(`  ${name.padEnd(28)} ${fmt(ms)} ms   ${(ms / baseline).toFixed(1)}× baseline ${ms <= TARGET_MS ? '✓' : '✗'}`);
    }
    console.log(
      `RESULT reports | ${worst.toFixed(1)} ms p95 (slowest) | ≤ ${TARGET_MS} ms | ${baseline.toFixed(2)} ms | ${worst <= TARGET_MS ? 'ok' : 'MISSED'}`,
    );
  } finally {
    await database.close();
    if (made) {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database ${made} with (force)`);
      await admin.end();
    }
  }
}

await main();
