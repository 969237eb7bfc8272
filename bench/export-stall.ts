/**
 * Exports never hold the event loop (issue 21 item 6): 20 exports of 50,000-staff units' lists run
 * on the production server (PostgreSQL) at its own limits (EXPORTS_PER_CALLER 2 per caller,
 * EXPORTS_AT_ONCE 6 per process: three units, each keeping two going), while /healthz is asked
 * every 20 ms; its slowest answer must stay under 100 ms. Baseline: the same exports with the
 * workbooks written on the event loop in slices (HALL_EXPORT_WORKERS=0, the writer before the export
 * workers), in the same run; and the polling with nothing running.
 *
 * Usage: npx tsx bench/export-stall.ts   (BENCH_EXPORTS, default 20; BENCH_STAFF, default 50,000;
 *        HALL_EXPORT_WORKERS the workers' count, else the server's default; BENCH_PROFILE=<dir> CPU
 *        profiles of the server's threads; a fresh demo database
 *        on BENCH_ADMIN_URL's server, dropped afterwards)
 */
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ApiPath } from '@hall/shared';
import { openDatabase, rowsOf } from '../apps/server/src/db/client';
import { result } from './measure';
import { cpuOf } from './lib/proc';
import { startHall } from './lib/server';
import { addStaff } from './lib/staff-rows';
import { sealedRequest } from './load/capture';
import { login, prepareDemo } from './load/subject';

const EXPORTS = Number(process.env.BENCH_EXPORTS ?? 20);
const STAFF = Number(process.env.BENCH_STAFF ?? 50_000);
const TARGET_MS = 100;
const UNITS = 3;

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

/**
 * The server's own event-loop delay since the last scrape (prom-client's monitor, reset at each
 * scrape of /metrics): what the server held, apart from the machine's load, which delays the
 * polling client and the server's process alike. Milliseconds.
 */
async function loopDelay(url: string) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const seconds = (name: string) => Number(new RegExp(`^${name} ([\\d.e+-]+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return { max: seconds('nodejs_eventloop_lag_max_seconds') * 1000, p99: seconds('nodejs_eventloop_lag_p99_seconds') * 1000 };
}

/** Asks /healthz every 20 ms until `done` resolves; the latency of each answer. */
async function poll(url: string, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.then(() => {
    finished = true;
  });
  const ms: number[] = [];
  while (!finished) {
    const t = performance.now();
    await fetch(`${url}/healthz`).then((r) => r.arrayBuffer());
    ms.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  return ms;
}

async function main() {
  const prepared = await prepareDemo();
  const database = await openDatabase({ databaseUrl: prepared.url, dataDir: 'memory://' });
  const units = rowsOf<{ id: number; login_name: string }>(
    await database.db.execute(sql`select u.id, a.login_name from units u join accounts a on a.unit_id = u.id and a.login_type = 'unit'
      where a.status = 'active' and not a.must_change_password and u.insured order by u.id limit ${UNITS}`),
  );
  for (const unit of units) await addStaff(database.db, unit.id, STAFF);
  await database.close();
  const admin = new pg.Pool({ connectionString: prepared.url, max: 2 });
  admin.on('error', () => undefined);
  const f = (x: number) => x.toFixed(1);
  try {
    // The same exports with the workbooks built on the event loop in slices (as before the export
    // workers), then on the workers: the baseline of the same minutes.
    const onLoop = await stall(prepared.url, admin, units, '0', 'on the event loop (HALL_EXPORT_WORKERS=0)');
    const onWorkers = await stall(prepared.url, admin, units, process.env.HALL_EXPORT_WORKERS ?? '', 'on the export workers');
    console.log(
      result(
        'export stall: /healthz max',
        `${f(onWorkers.worst)} ms (p99 ${f(onWorkers.p99)})`,
        `< ${TARGET_MS} ms`,
        `on the event loop ${f(onLoop.worst)} ms (p99 ${f(onLoop.p99)}), quiet ${f(onWorkers.quietMax)} ms`,
        onWorkers.worst < TARGET_MS,
      ),
    );
  } finally {
    await admin.end();
    await prepared.drop();
  }
}

/** One server (HALL_EXPORT_WORKERS=`workers`, '' its default) polled quiet, then through the 20 exports. */
async function stall(url: string, admin: pg.Pool, units: { login_name: string }[], workers: string, what: string) {
  // BENCH_PROFILE=<dir>: CPU profiles of the server's threads go there (node --cpu-prof).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}/${workers || 'default'}`] : [];
  const hall = await startHall(url, workers ? { HALL_EXPORT_WORKERS: workers } : {}, profile);
  try {
    const sealedOf = await Promise.all(units.map(async (u) => sealedRequest({}, await login(hall.url, admin, u.login_name))));
    const exportOnce = async (sealed = sealedOf[0]) => {
      const res = await fetch(hall.url + '/api' + ApiPath.staffExport, { method: 'POST', headers: sealed.headers, body: sealed.body });
      const bytes = (await res.arrayBuffer()).byteLength;
      if (!res.ok || !res.headers.get('content-type')?.includes('spreadsheet')) throw new Error(`export answered ${res.status}`);
      return bytes;
    };
    const size = await exportOnce(); // warm: the first export compiles its path
    await loopDelay(hall.url);
    const quiet = await poll(hall.url, new Promise((r) => setTimeout(r, 3000)));
    const quietLoop = await loopDelay(hall.url);
    const started = performance.now();
    const cpuBefore = cpuOf(hall.pid);
    // Each unit keeps two exports going (its limit) until 20 are done.
    let left = EXPORTS;
    const lane = async (sealed: (typeof sealedOf)[number]) => {
      while (left > 0) {
        left--;
        await exportOnce(sealed);
      }
    };
    const exports = Promise.all(sealedOf.flatMap((sealed) => [lane(sealed), lane(sealed)]));
    const busy = await poll(hall.url, exports);
    await exports;
    const wall = (performance.now() - started) / 1000;
    const busyLoop = await loopDelay(hall.url);
    const cpu = cpuOf(hall.pid) - cpuBefore;
    const f = (x: number) => x.toFixed(1);
    console.log(
      `export stall, ${what}: ${EXPORTS} exports of ${STAFF} staff (${(size / 1e6).toFixed(1)} MB each) in ${wall.toFixed(1)} s; load average ${loadavg()[0].toFixed(1)}`,
    );
    console.log(
      `  /healthz quiet: p50 ${f(percentile(quiet, 0.5))} ms, p99 ${f(percentile(quiet, 0.99))} ms, max ${f(Math.max(...quiet))} ms (${quiet.length} polls)`,
    );
    console.log(
      `  /healthz busy:  p50 ${f(percentile(busy, 0.5))} ms, p99 ${f(percentile(busy, 0.99))} ms, max ${f(Math.max(...busy))} ms (${busy.length} polls)`,
    );
    console.log(
      `  the server's event-loop delay: quiet max ${f(quietLoop.max)} ms (p99 ${f(quietLoop.p99)}), busy max ${f(busyLoop.max)} ms (p99 ${f(busyLoop.p99)}); its CPU while busy ${cpu.toFixed(1)} s in ${wall.toFixed(1)} s`,
    );
    return { worst: Math.max(...busy), p99: percentile(busy, 0.99), quietMax: Math.max(...quiet) };
  } finally {
    await hall.stop();
  }
}

await main();
