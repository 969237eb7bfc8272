/**
 * A unit's participation figures (issue 21 item 6): `unitFigures` read from the summaries kept on
 * write (migration 0034) against the raw-row query they replaced (test/unit-figures-oracle.ts), on
 * the same city, for the unit with the most coverages and the union with the most units.
 *
 * Usage: DATABASE_URL=<a city of bench/city/generate.ts> npx tsx bench/participation-figures.ts
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { unitFigures } from '../apps/server/src/modules/participation/unit-figures.repository';
import { rawUnitFigures } from '../apps/server/src/test/unit-figures-oracle';
import { result } from './measure';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a city made by bench/city/generate.ts');
const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', migrated: true });
const db = database.db;
const first = async (query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0];
const big = await first(sql`select unit_id, period_id, count(*)::int as n from coverages group by 1, 2 order by n desc limit 1`);
const union = await first(
  sql`select u.id, array_agg(s.id) as subs from units u join units s on s.parent_id = u.id group by u.id order by count(*) desc limit 1`,
);
const [unitId, periodId, subs] = [Number(big.unit_id), Number(big.period_id), (union.subs as number[]).map(Number)];
console.log(`biggest unit ${unitId}: ${big.n} coverages; union ${union.id}: ${subs.length} units`);
const today = '2026-11-22';
const cases: Array<[string, Parameters<typeof unitFigures>[1]]> = [
  ['unit by product', { unitIds: [unitId], periodIds: [periodId], today, by: ['product'] }],
  ['unit alone', { unitIds: [unitId], periodIds: [periodId], today }],
  ['union by unit', { unitIds: [Number(union.id), ...subs], periodIds: [periodId], today, by: ['unit'] }],
  ['union once', { unitIds: [Number(union.id), ...subs], periodIds: [periodId], today }],
];
const RUNS = 15;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(read: typeof unitFigures, q: Parameters<typeof unitFigures>[1]) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await read(db, q);
    times.push(performance.now() - t);
  }
  return { min: Math.min(...times), median: median(times) };
}
for (const [name, q] of cases) {
  const [kept, raw] = [await time(unitFigures, q), await time(rawUnitFigures, q)];
  const same = JSON.stringify(await unitFigures(db, q)) === JSON.stringify(await rawUnitFigures(db, q));
  console.log(
    result(
      `participation figures, ${name}`,
      `${kept.min.toFixed(1)} ms (median ${kept.median.toFixed(1)}); raw rows ${raw.min.toFixed(1)} ms (median ${raw.median.toFixed(1)})`,
      '—',
      `${(raw.min / kept.min).toFixed(1)}× faster${same ? '' : ', rows differ in order'}`,
      undefined,
    ),
  );
}
await database.close();
