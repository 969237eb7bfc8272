/**
 * Roster import (互助人员导入) on PostgreSQL: N valid rows generated as an .xlsx, then the import's
 * own path — streamed reading, row checks, staging in chunks with INSERT … SELECT FROM unnest(…),
 * the set-based checks against the hall, and the confirmation's INSERT … SELECT in one transaction —
 * against a baseline: a bare unnest insert of the same rows in the same chunks (what writing them
 * costs at the least). Prints seconds, peak RSS and the ratio, with the issue's targets
 * (100,000 rows ≤ 8 s and ≤ 300 MB; 460,000 rows ≤ 30 s).
 *
 * Each size runs in a child process of its own (its peak RSS is its own) on a fresh database,
 * created on the server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), prepared
 * (demo city, registry, VACUUM ANALYZE, CHECKPOINT) and dropped afterwards. The HTTP layer is left
 * out: the service reads the file as the route hands it. The last column is the 1-minute load
 * average when the import started: other work on the machine shows in the seconds.
 *
 * Run: npm run bench:roster            (100,000 and 460,000 rows)
 *      npm run bench:roster -- 20000   (other sizes)
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ROSTER_COLUMNS } from '@hall/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { ManualClock } from '../apps/server/src/lib/clock';
import { writeTable, type TableColumn } from '../apps/server/src/lib/table-file';
import { confirmImport, importRoster } from '../apps/server/src/modules/staff/roster.service';
import { certNoOf, nameOf } from '../apps/server/src/test/staff-fixtures';
import type { Caller, HallContext } from '../apps/server/src/types';

const TARGETS: Record<number, { seconds: number; rssMb?: number }> = {
  100000: { seconds: 8, rssMb: 300 },
  460000: { seconds: 30 },
};
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The import's chunk (roster.service CHUNK). */
const CHUNK = 10_000;
const mb = (bytes: number) => bytes / 1024 / 1024;

/** The generator: N valid rows (distinct ID numbers, registered names), as a clerk's workbook. */
async function writeRoster(file: string, n: number) {
  const out = createWriteStream(file);
  const done = new Promise((resolve, reject) => out.on('finish', resolve).on('error', reject));
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
  const name = `hall_bench_${Math.random().toString(16).slice(2, 10)}`;
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
 * needs is loaded: the node-postgres client, the schema, the service): one JSON line.
 */
async function child(n: number, file: string, url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  try {
    const [unit] = await rowsOf(db, sql`select id, uact, emp_name from units where uact = 'qydw92101'`);
    const caller: Caller = {
      accountId: 0,
      sessionId: 'bench',
      loginType: 'unit',
      loginName: String(unit.uact),
      unit: {
        id: Number(unit.id),
        uact: String(unit.uact),
        empName: String(unit.emp_name),
        level: 2,
        uniType: null,
        parentId: null,
        insured: true,
      },
    };
    // The import reads the database and the clock only.
    const ctx = { db, clock: new ManualClock() } as unknown as HallContext;
    let t = performance.now();
    const preview = await importRoster(ctx, caller, { fileName: 'roster.xlsx', stream: createReadStream(file), truncated: () => false });
    const previewS = (performance.now() - t) / 1000;
    if (preview.valid !== n)
      throw new Error(`expected ${n} valid rows, got ${preview.valid}: ${JSON.stringify(preview.invalidRows.slice(0, 3))}`);
    t = performance.now();
    const outcome = await confirmImport(ctx, caller, preview.batchId);
    const confirmS = (performance.now() - t) / 1000;
    if (outcome.added !== n) throw new Error(`expected ${n} added, got ${outcome.added}`);
    console.log(JSON.stringify({ previewS, confirmS, rssMb: process.resourceUsage().maxRSS / 1024 }));
  } finally {
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

async function parent(sizes: number[]) {
  console.log(`roster import on PostgreSQL (${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}), each size in its own process and database`);
  console.log(
    'rows      file MB  import s (preview + confirm)  target s  peak RSS MB  target MB  baseline unnest s  import/baseline  load',
  );
  let failed = false;
  const dir = mkdtempSync(join(tmpdir(), 'roster-bench-'));
  for (const n of sizes) {
    const file = join(dir, `roster-${n}.xlsx`);
    await writeRoster(file, n);
    const fileMb = mb(statSync(file).size);
    const { url, db, drop } = await prepare(n);
    try {
      const load = loadavg()[0];
      const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child', String(n), file, url], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const line = run.stdout.trim().split('\n').pop() ?? '';
      if (run.status !== 0 || !line.startsWith('{')) {
        console.log(`${n}: failed (${run.status})\n${run.stdout}`);
        failed = true;
        continue;
      }
      const r = JSON.parse(line) as { previewS: number; confirmS: number; rssMb: number };
      const baselineS = await baseline(db, n);
      const total = r.previewS + r.confirmS;
      const target = TARGETS[n];
      const ok = (v: number, limit?: number) => (limit === undefined ? '' : v <= limit ? ' ok' : ' OVER');
      console.log(
        [
          String(n).padEnd(8),
          fileMb.toFixed(1).padStart(8),
          `${total.toFixed(2)} (${r.previewS.toFixed(2)} + ${r.confirmS.toFixed(2)})`.padStart(29),
          `${target ? `≤ ${target.seconds}` : '—'}${ok(total, target?.seconds)}`.padStart(10),
          r.rssMb.toFixed(0).padStart(12),
          `${target?.rssMb ? `≤ ${target.rssMb}` : '—'}${ok(r.rssMb, target?.rssMb)}`.padStart(10),
          baselineS.toFixed(2).padStart(18),
          (total / baselineS).toFixed(1).padStart(16),
          load.toFixed(1).padStart(5),
        ].join(' '),
      );
    } finally {
      await drop();
      rmSync(file, { force: true });
    }
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(
    '(the workbook and the database are prepared beforehand; peak RSS is the measuring process: node, its modules, the database client and the import;\n load: the 1-minute load average when the import started, on this machine of 2 CPUs)',
  );
  if (failed) process.exitCode = 1;
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  child(Number(args[1]), args[2], args[3]).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  const sizes = args.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  void parent(sizes.length ? sizes : [100_000, 460_000]);
}
