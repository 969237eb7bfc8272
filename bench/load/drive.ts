/**
 * One measured autocannon run of the load benchmark: a warm-up, the run with every latency kept,
 * the CPU the server process and PostgreSQL's backends spent per request, and a wait until the
 * database is idle before and after.
 */
import autocannon from 'autocannon';
import type pg from 'pg';
import { pgCpuMeter, treeCpu } from '../lib/proc';

export interface Run {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU milliseconds per request: the server process, PostgreSQL's backends. */
  serverCpu: number;
  pgCpu: number;
}

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * Waits until the database has no statement of the servers running: requests a run left queued
 * (autocannon stops sending, the server goes on answering) must not weigh on the next run.
 */
async function drained(admin: pg.Pool, database: string) {
  for (let i = 0; i < 600; i++) {
    const { rows } = await admin.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
      [database],
    );
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function drive(
  opts: autocannon.Options & { duration: number },
  serverPid: number,
  admin: pg.Pool,
  database: string,
): Promise<Run> {
  // A short warm-up (JIT, pool connections, caches), then the measured run.
  // A statistics call of a 50,000-staff unit queues for seconds at 100 connections: no request is dropped.
  const duration = opts.duration;
  opts = { timeout: 120, ...opts };
  await autocannon({ ...opts, duration: 1 });
  await drained(admin, database);
  const latencies: number[] = [];
  const cpu0 = treeCpu(serverPid);
  const meter = await pgCpuMeter(admin, database);
  // Without a callback autocannon answers its instance, which is also a promise of the result.
  const instance = autocannon({ ...opts, duration }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const out = await instance;
  const serverCpu = treeCpu(serverPid) - cpu0;
  const pgCpu = await meter.stop();
  await drained(admin, database);
  const sorted = Float64Array.from(latencies).sort();
  const n = Math.max(1, out.requests.total);
  return {
    rps: out.requests.total / duration,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    non2xx: out.non2xx,
    errors: out.errors + out.timeouts,
    serverCpu: (serverCpu * 1000) / n,
    pgCpu: (pgCpu * 1000) / n,
  };
}
