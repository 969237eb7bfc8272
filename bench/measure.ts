/**
 * What the import and load benchmarks share: the scale (BENCH_SCALE, 1 = full city scale), CPU
 * time of this process and of the PostgreSQL backends serving it (robust when other work shares
 * the machine's two CPUs, which wall time is not), and the RESULT lines `npm run bench` collects.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { cpuOf } from './lib/proc';

/** BENCH_SCALE as a positive number, else the given default. */
export function benchScale(fallback = 1): number {
  const scale = Number(process.env.BENCH_SCALE);
  return Number.isFinite(scale) && scale > 0 ? scale : fallback;
}

/** Prefix of the databases a benchmark creates (and drops): BENCH_DB_PREFIX, else hall_bench. */
export const dbPrefix = () => process.env.BENCH_DB_PREFIX ?? 'hall_bench';

/** The pids of the server processes holding this database's connections (open the pool's connections first). */
export async function backendPids(db: Db): Promise<number[]> {
  const result = (await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as {
    rows: Array<{ pid: number }>;
  };
  return result.rows.map((r) => Number(r.pid));
}

/** User + system CPU seconds of these server processes (0 for one not on this machine). */
export function backendCpu(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + cpuOf(pid), 0); // a remote server or a gone backend counts 0
}

/** CPU seconds of this process since `from` (process.cpuUsage()). */
export function nodeCpu(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
}

/** A line for `npm run bench`: RESULT <name> | <figure> | <target> | <ratio or baseline> | ok|MISSED. */
export function result(name: string, figure: string, target: string, ratio: string, ok: boolean | undefined): string {
  return `RESULT ${name} | ${figure} | ${target} | ${ratio} | ${ok === undefined ? '—' : ok ? 'ok' : 'MISSED'}`;
}
