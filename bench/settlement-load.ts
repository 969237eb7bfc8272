/**
 * Settlement load (医保结算导入) and the unit's treatment query on PostgreSQL (issue 9).
 *
 * 1. Load: a generated settlement CSV of N rows (default 1,000,000) for existing persons with
 *    coverages (N / 4 people, made with unnest), loaded through the real service
 *    (modules/settlement: streamed reading, row checks, each chunk of new numbers copied into
 *    settlements while the next is read (a chunk with stored numbers staged and merged), the treatments of every person × year
 *    computed by the banded rule and stored in batches of people) in a process of its own, so
 *    its peak RSS is its own. Targets ≥ 50,000 rows/s and < 400 MB. Baselines: a bare server-side
 *    COPY of the same file into a plain table of text columns, and the write floor (lib/write-floor.ts:
 *    the rows the load wrote, copied into tables with the same indexes).
 * 2. Query (lib/treatment-list.ts): settlements and treatments grown to 5 × N (default 5,000,000) with INSERT … SELECT,
 *    one unit holding a large share; the unit's list (modules/treatment: page keys on
 *    treatments_unit_idx + the rows) for the first page, a deep page (keyset) and the last page
 *    (read from the other end): p95 of the page queries in the database (target ≤ 20 ms), the
 *    totals of the whole filtered set, and the plan of the keyset query (EXPLAIN ANALYZE).
 *
 * Prints the CPU seconds of Node and of the PostgreSQL backends, in all and per phase of the load
 * (lib/phases.ts), and ends with RESULT lines for `npm run bench`.
 *
 * Run: npm run bench:settlement              (BENCH_SCALE, default 1: 1,000,000 rows; 5,000,000 for the query)
 *      npm run bench:settlement -- 0.05      (a scale given here wins: 50,000 rows; 250,000 for the query)
 *      BENCH_LOAD_ONLY=1 …                   (the load only)
 *      BENCH_EXPLAIN=1 …                     (plans of the load's statements over 1 s in the server's log; =<ms> for another bound)
 *      BENCH_FUNCTIONS=1 …                   (the time of each trigger and SQL function during the load, on stderr)
 *      BENCH_STAGED=1 …                      (the console's path instead of the CLI's: the file staged into import_rows
 *                                             and previewed, then confirmed in one transaction; settlement-stage.service)
 * DATABASE_URL: default postgres://postgres@127.0.0.1:5432/test; a fresh database is made and dropped.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { ManualClock } from '../apps/server/src/lib/clock';
import { measureCpu, phase } from '../apps/server/src/lib/phases';
import { SETTLEMENT_COLUMNS, loadSettlements } from '../apps/server/src/modules/settlement/settlement.service';
import { certNoOf, nameOf } from '../apps/server/src/test/staff-fixtures';
import { confirmSettlements, stageSettlements } from '../apps/server/src/modules/settlement/settlement-stage.service';
import type { HallContext, OperatorCaller } from '../apps/server/src/types';
import { DISTRICT, UNITS, rowsOf, unitOfPerson } from './lib/settlement-city';
import { treatmentList } from './lib/treatment-list';
import { writeFloor } from './lib/write-floor';
import { backendCpu, backendPids, benchScale, dbPrefix, nodeCpu, result } from './measure';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_ROWS_PER_S = 50_000;
const TARGET_RSS_MB = 400;

/** Deterministic pseudo-random numbers (the file is the same on every run). */
const rand = (seed: number) => {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  return x - Math.floor(x);
};

/** N rows of the bureau's file: four stays per person in 2026, self-pay ¥500–¥30,000. */
async function writeFile(file: string, n: number, people: number) {
  const out = createWriteStream(file);
  const done = new Promise<void>((resolve, reject) => out.on('finish', () => resolve()).on('error', reject));
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write(`\uFEFF${SETTLEMENT_COLUMNS.map((c) => c.header).join(',')}\r\n`);
  let buf = '';
  for (let i = 0; i < n; i++) {
    const k = i % people;
    const day = 1 + Math.floor(rand(i) * 300);
    const discharged = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
    const admitted = new Date(Date.UTC(2026, 0, 1) + Math.max(0, day - 1 - (i % 12)) * 86_400_000).toISOString().slice(0, 10);
    const self = 500 + Math.floor(rand(i + 0.5) * 2_950_000) / 100;
    const policy = (self * 4).toFixed(2);
    buf += `JS${String(i).padStart(10, '0')},${certNoOf(k, DISTRICT)},${nameOf(k)},长沙市第${1 + (i % 9)}人民医院,${1 + (i % 3)},${i % 7 ? '住院' : '门诊特殊病'},${admitted},${discharged},${discharged},${(self * 4 + 300).toFixed(2)},${policy},${(self * 3).toFixed(2)},${self.toFixed(2)},300,K35.800,急性阑尾炎,否\r\n`;
    if (buf.length > 1 << 16) {
      await write(buf);
      buf = '';
    }
  }
  await write(buf);
  out.end();
  await done;
}

/** A fresh database: the demo city, the people, one paid application per unit and its coverages (2026, product 01). */
async function prepare(people: number) {
  const name = `${dbPrefix()}_settle_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const { openDatabase } = await import('../apps/server/src/db/client');
  const { seedDemo } = await import('../apps/server/src/db/seed/demo');
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  const db = database.db;
  await seedDemo(db, new ManualClock(), '长沙市');
  for (let i = 0; i < people; i += 50_000) {
    const ks = Array.from({ length: Math.min(50_000, people - i) }, (_, j) => i + j);
    await db.execute(sql`insert into persons (cert_type, cert_no, name, insured, bank_name, bank_card, created_at)
      select '01', c, nm, true, '长沙银行', '6222' || lpad(k::text, 15, '0'), now()
      from unnest(${sql.param(ks.map((k) => certNoOf(k, DISTRICT)))}::text[], ${sql.param(ks.map(nameOf))}::text[], ${sql.param(ks)}::int[]) as t(c, nm, k)`);
  }
  const [period] = await rowsOf(db, sql`select id from periods where year = 2026`);
  for (const [u, uact] of UNITS.entries()) {
    const [app] = await rowsOf(
      db,
      sql`insert into applications (unit_id, period_id, kind, state, created_at, updated_at, paid_at)
        select id, ${period.id}, 'new', 'paid', now(), now(), now() from units where uact = ${uact} returning id, unit_id`,
    );
    const ks = Array.from({ length: people }, (_, k) => k).filter((k) => unitOfPerson(k, people) === u);
    for (let i = 0; i < ks.length; i += 50_000) {
      const part = ks.slice(i, i + 50_000).map((k) => certNoOf(k, DISTRICT));
      await db.execute(sql`insert into application_lines (application_id, period_id, product_code, person_id, shares, amount_fen, live)
        select ${app.id}, ${period.id}, '01', p.id, 1, 6000, true from persons p where p.cert_type = '01' and p.cert_no = any(${sql.param(part)}::text[])`);
    }
    await db.execute(sql`insert into coverages (person_id, period_id, product_code, shares, unit_id, application_id, line_id, covered_from, continuing, created_at)
      select person_id, period_id, product_code, shares, ${app.unit_id}, application_id, id, '2026-01-01', true, now()
      from application_lines where application_id = ${app.id}`);
  }
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`);
  const drop = async () => {
    await database.close();
    const dropper = new pg.Client({ connectionString: ADMIN_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  return { url: url.toString(), db, drop };
}

/** The measured load, in a process of its own: one JSON line. */
async function child(file: string, url: string) {
  // Idle connections stay open: their backends' CPU time is read at the end.
  // BENCH_EXPLAIN=1 (or a number of ms, 1 meaning 1000): the plans (EXPLAIN ANALYZE, BUFFERS) of the load's
  // statements over that go to the server's log.
  const explainMs = Number(process.env.BENCH_EXPLAIN) > 1 ? Number(process.env.BENCH_EXPLAIN) : 1000;
  const explain = process.env.BENCH_EXPLAIN
    ? `-c session_preload_libraries=auto_explain -c auto_explain.log_min_duration=${explainMs} -c auto_explain.log_analyze=on -c auto_explain.log_buffers=on -c auto_explain.log_nested_statements=on -c auto_explain.log_triggers=on`
    : undefined;
  // BENCH_FUNCTIONS=1: the time of each trigger and SQL function (track_functions), printed after the load.
  const track = process.env.BENCH_FUNCTIONS ? '-c track_functions=all' : undefined;
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    idleTimeoutMillis: 0,
    options: [explain, track].filter(Boolean).join(' ') || undefined,
  });
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  try {
    const ctx = { db, clock: new ManualClock(), config: { cityName: '长沙市' } } as unknown as HallContext;
    // CPU time of this process and of the database's server processes: what the load costs,
    // whatever else the machine is doing (wall time on a busy machine mostly measures the others).
    await Promise.all(Array.from({ length: 4 }, () => db.execute(sql`select pg_sleep(0.05)`))); // open the pool's connections
    const pids = await backendPids(db);
    const cpu0 = { node: process.cpuUsage(), server: backendCpu(pids) };
    const phases: Record<string, number> = {};
    measureCpu(phases, () => ({ node: nodeCpu(cpu0.node), pg: backendCpu(pids) - cpu0.server }));
    // The largest heap seen (the rest of the peak RSS is the runtime, its code and the collector's slack).
    let heapMb = 0;
    // Buffers (the COPY texts) live outside the heap: the largest seen, and when the RSS peaked.
    let externalMb = 0;
    let rssPeak = { mb: 0, atS: 0 };
    const sampledFrom = performance.now();
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      heapMb = Math.max(heapMb, m.heapUsed / 1048576);
      externalMb = Math.max(externalMb, m.external / 1048576);
      if (m.rss / 1048576 > rssPeak.mb) rssPeak = { mb: m.rss / 1048576, atS: (performance.now() - sampledFrom) / 1000 };
    }, 100);
    const t = performance.now();
    const r = await (process.env.BENCH_STAGED
      ? stagedLoad(ctx, file, phases)
      : loadSettlements(ctx, 'bench', { fileName: 'settlements.csv', input: createReadStream(file) }, { phases })
    ).finally(() => clearInterval(sampler));
    const seconds = (performance.now() - t) / 1000;
    const cpu = { node: nodeCpu(cpu0.node), server: backendCpu(pids) - cpu0.server };
    console.log(
      JSON.stringify({
        seconds,
        cpu,
        rssMb: process.resourceUsage().maxRSS / 1024,
        heapMb,
        externalMb,
        rssPeak,
        phases,
        result: { ...r, errors: r.errors.slice(0, 3) },
      }),
    );
  } finally {
    await pool.end();
  }
  if (process.env.BENCH_FUNCTIONS) {
    // The backends flush their function statistics as they exit (the pool has ended them).
    await new Promise((r) => setTimeout(r, 500));
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const f = await c.query(
      'select funcname, calls, round(total_time) as total_ms, round(self_time) as self_ms from pg_stat_user_functions order by total_time desc',
    );
    console.error('functions (calls, total ms, self ms):');
    for (const r of f.rows) console.error(`  ${r.funcname} ${r.calls} ${r.total_ms} ${r.self_ms}`);
    await c.end();
  }
}

/** The console's path: staged and previewed as the upload is, then confirmed, as the demo's data clerk. */
async function stagedLoad(ctx: HallContext, file: string, phases: Record<string, number>) {
  const [clerk] = await rowsOf(ctx.db, sql`select id from accounts where login_type = 'operator' and login_name = 'ops-data'`);
  const operator = { accountId: clerk.id, loginName: 'ops-data', name: 'bench' } as OperatorCaller;
  const input = { fileName: 'settlements.csv', stream: createReadStream(file), truncated: () => false };
  const preview = await phase(phases, 'stage + preview (upload → preview)', () => stageSettlements(ctx, operator, input));
  const loaded = await phase(phases, 'confirm (one transaction)', () => confirmSettlements(ctx, operator, preview.batchId));
  return { ...loaded, errors: [] as unknown[] };
}

async function baseline(db: Db, file: string) {
  await db.execute(sql.raw(`create table bench_copy (${SETTLEMENT_COLUMNS.map((_, i) => `c${i} text`).join(', ')})`));
  const t = performance.now();
  await db.execute(sql.raw(`copy bench_copy from '${file}' with (format csv, header true)`));
  return (performance.now() - t) / 1000;
}

async function parent(scale: number) {
  const n = Math.round(1_000_000 * scale);
  const people = Math.max(100, Math.round(n / 4));
  const total = Math.round(5_000_000 * scale);
  console.log(`settlement load and treatment query on PostgreSQL (${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}), scale ${scale}`);
  const dir = mkdtempSync(join(tmpdir(), 'settlement-bench-'));
  chmodSync(dir, 0o755); // the server's COPY (the baseline) reads the file as the postgres user
  const file = join(dir, 'settlements.csv');
  await writeFile(file, n, people);
  chmodSync(file, 0o644);
  const { url, db, drop } = await prepare(people);
  let failed = false;
  const results: string[] = [];
  try {
    const load = loadavg()[0];
    const run = spawnSync(
      process.execPath,
      [
        ...process.execArgv,
        ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
        fileURLToPath(import.meta.url),
        '--child',
        file,
        url,
      ],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const line = run.stdout.trim().split('\n').pop() ?? '';
    if (run.status !== 0 || !line.startsWith('{')) throw new Error(`the load failed (${run.status})\n${run.stdout}`);
    const r = JSON.parse(line) as {
      seconds: number;
      cpu: { node: number; server: number };
      rssMb: number;
      heapMb: number;
      externalMb: number;
      rssPeak: { mb: number; atS: number };
      result: { rows: number; added: number; rejected: number; treatments: unknown };
      phases: Record<string, number>;
    };
    if (r.result.added !== n) throw new Error(`expected ${n} added: ${line}`);
    const baselineS = await baseline(db, file);
    const floor = await writeFloor(db);
    const rate = n / r.seconds;
    const ok = (good: boolean) => (good ? 'ok' : 'MISSED');
    console.log(
      `\n1. load of ${n.toLocaleString('en-US')} rows (${(statSync(file).size / 1048576).toFixed(0)} MB CSV, ${people.toLocaleString('en-US')} people covered; load average ${load.toFixed(1)})`,
    );
    console.log(
      `   load + treatments: ${r.seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en-US')} rows/s (target ≥ ${TARGET_ROWS_PER_S.toLocaleString('en-US')}: ${ok(rate >= TARGET_ROWS_PER_S)})`,
    );
    // On two cores the Node side and the database side can run at once: the larger of the two CPU
    // times is what the load would take on a machine of its own.
    const bound = Math.max(r.cpu.node, r.cpu.server);
    console.log(
      `   CPU: Node ${r.cpu.node.toFixed(1)} s, PostgreSQL ${r.cpu.server.toFixed(1)} s → ${Math.round(n / bound).toLocaleString('en-US')} rows per CPU-second of the busier side, ${Math.round(n / (r.cpu.node + r.cpu.server)).toLocaleString('en-US')} rows per CPU-second in all`,
    );
    console.log(
      `   peak RSS: ${r.rssMb.toFixed(0)} MB (target < ${TARGET_RSS_MB}: ${ok(r.rssMb < TARGET_RSS_MB)}); largest heap ${r.heapMb.toFixed(0)} MB, largest outside it (Buffers) ${r.externalMb.toFixed(0)} MB; the RSS sampled peaked at ${r.rssPeak.mb.toFixed(0)} MB, ${r.rssPeak.atS.toFixed(1)} s in`,
    );
    console.log(
      `   baseline (bare COPY of the file into a table of text columns): ${baselineS.toFixed(1)} s; load/baseline ${(r.seconds / baselineS).toFixed(1)}`,
    );
    console.log(
      `   write floor (the ${floor.rows.toLocaleString('en-US')} settlements and treatments written, copied into tables with the same indexes, no triggers): ${floor.seconds.toFixed(1)} s, PostgreSQL ${floor.cpu.toFixed(1)} CPU-s → the database side alone at most ${Math.round(n / floor.seconds).toLocaleString('en-US')} rows/s; load/floor ${(r.seconds / floor.seconds).toFixed(1)}`,
    );
    console.log(`   treatments: ${JSON.stringify(r.result.treatments)}`);
    console.log('   phases (wall s, CPU s of Node and of PostgreSQL; the staging writes overlap the reading):');
    for (const [name, ms] of Object.entries(r.phases)) {
      if (name.endsWith(']')) continue;
      const cpuOf = (clock: string) => (r.phases[`${name} [${clock}]`] === undefined ? '' : r.phases[`${name} [${clock}]`].toFixed(2));
      console.log(`     ${name.padEnd(40)} ${(ms / 1000).toFixed(2).padStart(7)} ${cpuOf('node').padStart(7)} ${cpuOf('pg').padStart(7)}`);
    }
    results.push(
      result(
        'settlement-load',
        `${n} rows ${Math.round(rate)} rows/s (${r.seconds.toFixed(1)} s; CPU Node ${r.cpu.node.toFixed(1)} s, PostgreSQL ${r.cpu.server.toFixed(1)} s)`,
        `≥ ${TARGET_ROWS_PER_S} rows/s`,
        `${(r.seconds / baselineS).toFixed(1)} × bare COPY (${baselineS.toFixed(1)} s), ${(r.seconds / floor.seconds).toFixed(1)} × write floor (${floor.seconds.toFixed(1)} s)`,
        rate >= TARGET_ROWS_PER_S,
      ),
    );
    // Issue 21 item 6: the load at ≥ 0.7 of the write floor measured in the same run.
    const floorRatio = floor.seconds / r.seconds;
    results.push(
      result(
        'settlement-load-floor-ratio',
        `${floorRatio.toFixed(2)} (load ${r.seconds.toFixed(1)} s; write floor ${floor.seconds.toFixed(1)} s, PostgreSQL ${floor.cpu.toFixed(1)} CPU-s)`,
        '≥ 0.7',
        `write floor ${floor.seconds.toFixed(1)} s`,
        floorRatio >= 0.7,
      ),
    );
    results.push(result('settlement-load-rss', `${r.rssMb.toFixed(0)} MB`, `< ${TARGET_RSS_MB} MB`, '—', r.rssMb < TARGET_RSS_MB));
    if (!process.env.BENCH_LOAD_ONLY) results.push(await treatmentList(db, total, people));
  } catch (error) {
    console.error(error);
    results.push(result('settlement-load', `${n} rows`, `≥ ${TARGET_ROWS_PER_S} rows/s`, 'failed', false));
    failed = true;
  } finally {
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
  for (const line of results) console.log(line);
  if (failed) process.exitCode = 1;
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  child(args[1], args[2]).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  const scale = Number(args[0]);
  void parent(Number.isFinite(scale) && scale > 0 ? scale : benchScale());
}
