import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { backendCpu, backendPids } from '../measure';

/**
 * The write floor of a settlement load: the settlements and treatments it wrote, copied with one
 * INSERT … SELECT each into new tables with the same indexes (no triggers, no checks, nothing
 * read from a file, no round trip): what PostgreSQL spends only to store those rows and their
 * index entries. On its database side the load can be no cheaper than this. Runs after a
 * checkpoint, as the load does (the first change of every page after one is logged whole).
 */
export async function writeFloor(db: Db): Promise<{ seconds: number; cpu: number; rows: number }> {
  await db.execute(sql`checkpoint`);
  const pids = await backendPids(db);
  const cpu0 = backendCpu(pids);
  const t = performance.now();
  let rows = 0;
  for (const table of ['settlements', 'treatments']) {
    const copy = `bench_floor_${table}`;
    await db.execute(sql.raw(`create table ${copy} (like ${table} including defaults including indexes)`));
    const done = (await db.execute(sql.raw(`insert into ${copy} select * from ${table}`))) as unknown as { rowCount: number };
    rows += done.rowCount;
  }
  const result = { seconds: (performance.now() - t) / 1000, cpu: backendCpu(pids) - cpu0, rows };
  for (const table of ['settlements', 'treatments']) await db.execute(sql.raw(`drop table bench_floor_${table}`));
  return result;
}
