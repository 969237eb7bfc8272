/**
 * Roster import (互助人员导入) on PostgreSQL: N valid rows generated as an .xlsx, then the import's
 * own path — streamed reading, row checks, staging in chunks, the set-based checks against the
 * hall, and the confirmation's INSERT … SELECT in one transaction — against a baseline: a bare
 * unnest insert of the same rows in the same chunks (what writing them costs at the least).
 * Prints seconds, CPU seconds of node and of the PostgreSQL backends, peak RSS and the ratio, with
 * the issue's targets (100,000 rows ≤ 4 s; 460,000 rows ≤ 20 s and ≤ 300 MB peak RSS), and ends
 * with RESULT lines for `npm run bench`.
 *
 * Each size runs in a child process of its own (its peak RSS is its own) on a fresh database,
 * created on the server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), prepared
 * (demo city, registry, VACUUM ANALYZE, CHECKPOINT) and dropped afterwards. The service reads the
 * file as the route hands it; BENCH_HTTP=1 also runs the import through the compiled server as a
 * clerk does (httpImport), on a second database prepared alike. The machine is shared (two CPUs):
 * the CPU seconds say what the import costs, the seconds also what the others took.
 *
 * Run: npm run bench:roster                     (BENCH_SCALE=1: 100,000 and 460,000 rows)
 *      BENCH_SCALE=0.1 npm run bench:roster     (10,000 and 46,000 rows; targets scaled alike)
 *      npm run bench:roster -- 20000            (other sizes, without targets; 100000 keeps its own)
 *      BENCH_HTTP=1 npm run bench:roster        (also through the HTTP server: upload, preview, confirm)
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ApiPath, open, PROTOCOL_HEADER, PROTOCOL_VERSION, ROSTER_COLUMNS } from '@hall/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { ManualClock } from '../apps/server/src/lib/clock';
import { writeTable, type TableColumn } from '../apps/server/src/lib/table-file';
import { confirmImport, importRoster } from '../apps/server/src/modules/staff/roster.service';
import { certNoOf, nameOf } from '../apps/server/src/test/staff-fixtures';
import type { HallContext } from '../apps/server/src/types';
import { backendCpu, backendPids, benchScale, dbPrefix, nodeCpu, result } from './measure';
import { cpuOf } from './lib/proc';
import { startHall } from './lib/server';
import { unitCaller } from './lib/unit-caller';
import { sealedRequest } from './load/capture';
import { login } from './load/subject';

/** The issue's sizes at scale 1, with their targets (seconds of preview + confirm; peak RSS). */
const FULL = [
  { rows: 100_000, seconds: 4 },
  { rows: 460_000, seconds: 20, rssMb: 300 },
];
/** A smaller scale shrinks both sizes (and their seconds) alike, to no less than this. */
const MIN_ROWS = 3000;
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The import's chunk (roster.service CHUNK). */
const CHUNK = 10_000;
const mb = (bytes: number) => bytes / 1024 / 1024;

/** The generator: N valid rows (distinct ID numbers, registered names), as a clerk's workbook. */
async function writeRoster(file: string, n: number) {
  const out = createWriteStream(file);
  const done = new Promise<void>((resolve, reject) => out.on('finish', () => resolve()).on('error', reject));
  function* rows() {
    for (let i = 0; i < n; i++) {
      const card = i % 3 === 0 ? `62220200${String(i).padStart(11, '0')}` : '';
      yield [
        nameOf(i),
        certNoOf(i),
        i % 10 === 0 ? '退休职工' : '在职职工',
        `138${String(i).padStart(8, '0')}`,
        card ? '中国工商银行' : '',
        card,
        '2024-03-01',
      ];
    }
  }
  await writeTable(out, '互助人员', ROSTER_COLUMNS as unknown as TableColumn[], rows());
  await done;
}

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** A fresh database with the demo city and the bureau's registry holding all N people. */
async function prepare(n: number) {
  const name = `${dbPrefix()}_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  // Loaded here, not at the top: the measuring child needs neither (PGlite, argon2).
  const { openDatabase } = await import('../apps/server/src/db/client');
  const { seedDemo } = await import('../apps/server/src/db/seed/demo');
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  const db = database.db;
  await seedDemo(db, new ManualClock(), '长沙市');
  const [load] = await rowsOf(
    db,
    sql`insert into registry_loads (file_name, operator, rows, added, changed, loaded_at) values ('bench', 'bench', ${n}, ${n}, 0, now()) returning id`,
  );
  for (let i = 0; i < n; i += 50_000) {
    const ids = Array.from({ length: Math.min(50_000, n - i) }, (_, k) => i + k);
    await db.execute(sql`insert into insured_registry (kind, code, name, active, load_id)
      select 'person', c, nm, true, ${load.id} from unnest(${sql.param(ids.map((k) => certNoOf(k)))}::text[], ${sql.param(ids.map(nameOf))}::text[]) as t(c, nm)`);
  }
  await db.execute(sql`vacuum analyze`);
  // The preparation's dirty pages and WAL are written now, not by the measured import.
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

/**
 * The measured import, in a process of its own on the prepared database (only what the import
 * needs is loaded: the node-postgres client, the schema, the service): one JSON line with the
 * seconds and CPU seconds of each step, the peak RSS and the largest heap seen.
 */
async function child(n: number, file: string, url: string) {
  // Idle connections stay open: their backends' CPU time is read at the end.
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 0 });
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  let heapMb = 0;
  const sampler = setInterval(() => {
    heapMb = Math.max(heapMb, mb(process.memoryUsage().heapUsed));
  }, 100);
  try {
    const [unit] = await rowsOf(db, sql`select id, uact, emp_name from units where uact = 'qydw92101'`);
    const caller = unitCaller(unit);
    // The import reads the database and the clock only.
    const ctx = { db, clock: new ManualClock() } as unknown as HallContext;
    // The import uses at most three connections at once (the batch, two staging writes): open four.
    await Promise.all(Array.from({ length: 4 }, () => db.execute(sql`select pg_sleep(0.05)`)));
    const pids = await backendPids(db);
    const step = async <T>(run: () => Promise<T>) => {
      const cpu0 = { node: process.cpuUsage(), server: backendCpu(pids) };
      const t = performance.now();
      const value = await run();
      return { value, s: (performance.now() - t) / 1000, node: nodeCpu(cpu0.node), server: backendCpu(pids) - cpu0.server };
    };
    const preview = await step(() =>
      importRoster(ctx, caller, { fileName: 'roster.xlsx', stream: createReadStream(file), truncated: () => false }),
    );
    if (preview.value.valid !== n)
      throw new Error(`expected ${n} valid rows, got ${preview.value.valid}: ${JSON.stringify(preview.value.invalidRows.slice(0, 3))}`);
    const confirm = await step(() => confirmImport(ctx, caller, preview.value.batchId));
    if (confirm.value.added !== n) throw new Error(`expected ${n} added, got ${confirm.value.added}`);
    const strip = ({ value: _, ...figures }: { value: unknown; s: number; node: number; server: number }) => figures;
    console.log(JSON.stringify({ preview: strip(preview), confirm: strip(confirm), rssMb: process.resourceUsage().maxRSS / 1024, heapMb }));
  } finally {
    clearInterval(sampler);
    await pool.end();
  }
}

/** The baseline: the same rows, bare, into a table of the staging's shape, in the same chunks, with unnest. */
async function baseline(db: Db, n: number) {
  await db.execute(sql`create unlogged table bench_rows (like import_rows)`);
  const batch = crypto.randomUUID();
  const t = performance.now();
  for (let i = 0; i < n; i += CHUNK) {
    const part = Array.from({ length: Math.min(CHUNK, n - i) }, (_, k) => i + k);
    const col = <T>(pick: (k: number) => T) => sql.param(part.map(pick));
    await db.execute(sql`insert into bench_rows (batch_id, row_no, cert_no, name, psn_type, phone, joined_on)
      select ${batch}::uuid, t.* from unnest(${col((k) => k + 2)}::int[], ${col((k) => certNoOf(k))}::text[], ${col(nameOf)}::text[],
        ${col((k) => (k % 10 === 0 ? '2' : '1'))}::text[], ${col((k) => `138${String(k).padStart(8, '0')}`)}::text[], ${col(() => '2024-03-01')}::date[]) as t`);
  }
  return (performance.now() - t) / 1000;
}

/**
 * BENCH_HTTP=1: the same import as a unit clerk makes it, through the compiled server (production,
 * PostgreSQL) on a database prepared alike: login, the upload of the workbook (multipart), the
 * preview's first page, the confirmation; seconds of each, the server's and the database's CPU seconds.
 */
async function httpImport(n: number, file: string) {
  const { url, drop } = await prepare(n);
  const admin = new pg.Pool({ connectionString: url, max: 2 });
  admin.on('error', () => undefined);
  const hall = await startHall(url);
  try {
    const token = await login(hall.url, admin, 'qydw92101');
    // The database's backends and their CPU seconds (the server's pool opens its connections as it needs them).
    const backends = async () =>
      new Map(
        (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()')).rows.map((r) => [
          r.pid,
          cpuOf(r.pid),
        ]),
      );
    const pg0 = await backends();
    const cpu0 = cpuOf(hall.pid);
    const call = async <T>(path: string, init: { body: BodyInit; headers: Record<string, string> }) => {
      const t = performance.now();
      const res = await fetch(`${hall.url}/api${path}`, { method: 'POST', ...init });
      const answer = (await res.json()) as { code: number; message: string; data?: string };
      if (answer.code !== 0) throw new Error(`${path} answered ${answer.code} ${answer.message}`);
      return { data: open<T>(answer.data ?? ''), s: (performance.now() - t) / 1000 };
    };
    const form = new FormData();
    form.append('file', new Blob([readFileSync(file)]), 'roster.xlsx');
    const upload = await call<{ batchId: string; valid: number }>(ApiPath.staffImport, {
      body: form,
      headers: { authorization: token, [PROTOCOL_HEADER]: PROTOCOL_VERSION },
    });
    if (upload.data.valid !== n) throw new Error(`expected ${n} valid rows through HTTP, got ${upload.data.valid}`);
    const preview = await call(ApiPath.staffImportPreview, sealedRequest({ batchId: upload.data.batchId }, token));
    const confirm = await call<{ added: number }>(ApiPath.staffImportConfirm, sealedRequest({ batchId: upload.data.batchId }, token));
    if (confirm.data.added !== n) throw new Error(`expected ${n} added through HTTP, got ${confirm.data.added}`);
    const cpu = cpuOf(hall.pid) - cpu0;
    const server = [...(await backends())].reduce((sum, [pid, seconds]) => sum + seconds - (pg0.get(pid) ?? 0), 0);
    return { upload: upload.s, preview: preview.s, confirm: confirm.s, cpu, server };
  } finally {
    await hall.stop();
    await admin.end();
    await drop();
  }
}

interface Step {
  s: number;
  node: number;
  server: number;
}

async function parent(sizes: Array<{ rows: number; seconds?: number; rssMb?: number }>) {
  console.log(`roster import on PostgreSQL (${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}), each size in its own process and database`);
  console.log(
    'rows      file MB  import s (preview + confirm)  target s  CPU s node / PostgreSQL  peak RSS MB  target MB  baseline s  ratio  load',
  );
  let failed = false;
  const results: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'roster-bench-'));
  for (const target of sizes) {
    const n = target.rows;
    const file = join(dir, `roster-${n}.xlsx`);
    await writeRoster(file, n);
    const fileMb = mb(statSync(file).size);
    const { url, db, drop } = await prepare(n);
    try {
      const load = loadavg()[0];
      // BENCH_PROFILE=<dir>: a CPU profile of the import's process (node --cpu-prof) goes there.
      const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
      const run = spawnSync(
        process.execPath,
        [...process.execArgv, ...profile, fileURLToPath(import.meta.url), '--child', String(n), file, url],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const line = run.stdout.trim().split('\n').pop() ?? '';
      if (run.status !== 0 || !line.startsWith('{')) {
        console.log(`${n}: failed (${run.status})\n${run.stdout}`);
        results.push(result('roster-import', `${n} rows`, 'failed', '—', false));
        failed = true;
        continue;
      }
      const r = JSON.parse(line) as { preview: Step; confirm: Step; rssMb: number; heapMb: number };
      const baselineS = await baseline(db, n);
      const total = r.preview.s + r.confirm.s;
      const ok = (v: number, limit?: number) => (limit === undefined ? '' : v <= limit ? ' ok' : ' OVER');
      console.log(
        [
          String(n).padEnd(8),
          fileMb.toFixed(1).padStart(8),
          `${total.toFixed(2)} (${r.preview.s.toFixed(2)} + ${r.confirm.s.toFixed(2)})`.padStart(29),
          `${target.seconds ? `≤ ${target.seconds}` : '—'}${ok(total, target.seconds)}`.padStart(10),
          `${(r.preview.node + r.confirm.node).toFixed(2)} / ${(r.preview.server + r.confirm.server).toFixed(2)}`.padStart(24),
          r.rssMb.toFixed(0).padStart(12),
          `${target.rssMb ? `≤ ${target.rssMb}` : '—'}${ok(r.rssMb, target.rssMb)}`.padStart(10),
          baselineS.toFixed(2).padStart(11),
          (total / baselineS).toFixed(1).padStart(6),
          load.toFixed(1).padStart(5),
        ].join(' '),
      );
      const cpu = (what: string, x: Step) =>
        `${what} ${x.s.toFixed(2)} s wall, CPU node ${x.node.toFixed(2)} s, PostgreSQL ${x.server.toFixed(2)} s`;
      console.log(`          ${cpu('preview', r.preview)}; ${cpu('confirm', r.confirm)}; largest heap ${r.heapMb.toFixed(0)} MB`);
      const seconds = target.seconds ?? Number.POSITIVE_INFINITY;
      if (process.env.BENCH_HTTP === '1') {
        const load = loadavg()[0];
        const h = await httpImport(n, file);
        const through = h.upload + h.preview + h.confirm;
        console.log(
          `          through HTTP (compiled server): ${through.toFixed(2)} s = upload and check ${h.upload.toFixed(2)} + preview ${h.preview.toFixed(2)} + confirm ${h.confirm.toFixed(2)}; CPU node ${h.cpu.toFixed(2)} s, PostgreSQL ${h.server.toFixed(2)} s (the service: ${(r.preview.node + r.confirm.node).toFixed(2)} / ${(r.preview.server + r.confirm.server).toFixed(2)}); against the service's ${total.toFixed(2)} s: ${(through / total).toFixed(2)} ×; load ${load.toFixed(1)}`,
        );
        results.push(
          result(
            'roster-import-http',
            `${n} rows ${through.toFixed(2)} s`,
            target.seconds ? `≤ ${target.seconds} s` : '—',
            `service ${total.toFixed(2)} s (${(through / total).toFixed(2)} ×)`,
            through <= seconds,
          ),
        );
      }
      results.push(
        result(
          'roster-import',
          `${n} rows ${total.toFixed(2)} s`,
          target.seconds ? `≤ ${target.seconds} s` : '—',
          `${(total / baselineS).toFixed(1)} × bare unnest`,
          total <= seconds,
        ),
      );
      if (target.rssMb)
        results.push(
          result('roster-import-rss', `${n} rows ${r.rssMb.toFixed(0)} MB`, `≤ ${target.rssMb} MB`, '—', r.rssMb <= target.rssMb),
        );
    } finally {
      await drop();
      rmSync(file, { force: true });
    }
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(
    "(the workbook and the database are prepared beforehand; peak RSS is the measuring process: node, its modules, the database client and the import;\n CPU: the import's process and the PostgreSQL backends of its connections; baseline: a bare unnest insert of the same rows;\n load: the 1-minute load average when the import started, on this machine of 2 CPUs)",
  );
  for (const line of results) console.log(line);
  if (failed) process.exitCode = 1;
}

/** The sizes of a scale: both full-scale sizes shrunk alike (their seconds too), peak RSS held to its target. */
function scaled(scale: number) {
  return FULL.map((f) => {
    const rows = Math.max(MIN_ROWS, Math.round(f.rows * scale));
    return { rows, seconds: Number(((f.seconds * rows) / f.rows).toFixed(2)), rssMb: f.rssMb };
  });
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  child(Number(args[1]), args[2], args[3]).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  const sizes = args.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  // A size of the issue's keeps its targets.
  void parent(sizes.length ? sizes.map((rows) => FULL.find((f) => f.rows === rows) ?? { rows }) : scaled(benchScale()));
}
