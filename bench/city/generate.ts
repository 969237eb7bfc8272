/**
 * The city-scale data set (issue 11 item 2): at scale 1, 50,000 units with their accounts,
 * 2,000,000 staff with their coverages, 5,000,000 settlements with their treatments, 200,000
 * claims and mail for every unit, written straight into PostgreSQL with COPY on top of the
 * migrated schema, the dictionaries and the demo city (whose accounts still log in).
 *
 * Run: npx tsx bench/city/generate.ts [--scale <f>] [--database-url <url>]
 *      (or BENCH_SCALE and DATABASE_URL). The URL names the database to fill; it is created when
 *      missing. Without one, `hall_city_<scale>` on postgres://postgres@127.0.0.1:5432 is made
 *      afresh. Every generated unit logs in with the demo password (Demo@2026).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { seedDemo } from '../../apps/server/src/db/seed/demo';
import { seedDemoBusiness } from '../../apps/server/src/db/seed/demo-business';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo-data';
import { seedDemoOrg } from '../../apps/server/src/db/seed/demo-org';
import { seedDictionaries } from '../../apps/server/src/db/seed/dictionaries';
import type { Clock } from '../../apps/server/src/lib/clock';
import { systemClock } from '../../apps/server/src/lib/clock';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { createFileStore } from '../../apps/server/src/lib/storage';
import { copyRows, restore, setAside } from './copy';
import { benefits, City, type CityIds, enrolment, mail, org } from './rows';
import { type CityShape, cityShape } from './shape';

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/test';

export interface TableFigure {
  table: string;
  rows: number;
  seconds: number;
  /** CPU seconds of this process and of the PostgreSQL backend (robust when other work shares the machine). */
  nodeCpu?: number;
  pgCpu?: number;
}

/** User + system CPU seconds of a process on this machine (the backend: PostgreSQL on 127.0.0.1), or NaN. */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
const nodeCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

export interface CityReport {
  url: string;
  scale: number;
  tables: TableFigure[];
  seconds: number;
  rows: number;
  databaseBytes: number;
}

/** Creates the database of the URL when it does not exist (on the same server, through its `postgres` database). */
async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** Fills the database of `url` with the city at `scale` (1 = full). Refuses a database that already holds one. */
export async function generateCity(opts: {
  url: string;
  scale: number;
  /** Counts to change from the scale's (the plan test wants more claims and mail than its scale gives). */
  shape?: Partial<Omit<CityShape, 'scale'>>;
  clock?: Clock;
  log?: (line: string) => void;
}): Promise<CityReport> {
  const log = opts.log ?? (() => undefined);
  const clock = opts.clock ?? systemClock;
  const shape = { ...cityShape(opts.scale), ...opts.shape };
  const started = performance.now();
  await ensureDatabase(opts.url);
  const database = await openDatabase({ databaseUrl: opts.url, dataDir: 'memory://' });
  const tables: TableFigure[] = [];
  try {
    const db = database.db;
    await seedDictionaries(db);
    const store = createFileStore(process.env.HALL_FILE_DIR ?? 'memory://');
    await seedDemo(db, clock, '长沙市', store);
    await seedDemoBusiness(db, clock, '长沙市', store);
    await seedDemoOrg(db, clock, '长沙市');
  } finally {
    await database.close();
  }
  tables.push({ table: '(schema + dictionaries + demo city)', rows: 0, seconds: (performance.now() - started) / 1000 });

  const client = new pg.Client({ connectionString: opts.url });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query(`set synchronous_commit = off`);
    const backend = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
    const { rowCount: done } = await client.query(`select 1 from units where uact = 'csgh000000'`);
    if (done) throw new Error('this database already holds a generated city');
    const today = clock.now();
    const year = today.getFullYear();
    const { rows: periodRows } = await client.query<{ id: number }>('select id from periods where year = $1', [year]);
    if (!periodRows[0]) throw new Error(`no period of ${year}`);
    const { rows: heavyRows } = await client.query<{ id: number; uact: string; parent_id: number }>(
      `select id, uact, parent_id from units where uact = 'qydw92101'`,
    );
    const nextId = async (table: string) => Number((await client.query(`select coalesce(max(id), 0) + 1 as n from ${table}`)).rows[0].n);
    const base: CityIds = {
      unit: await nextId('units'),
      account: await nextId('accounts'),
      person: await nextId('persons'),
      staff: await nextId('staff'),
      application: await nextId('applications'),
      payment: await nextId('payments'),
      line: await nextId('application_lines'),
      coverage: await nextId('coverages'),
      batch: await nextId('payout_batches'),
      settlement: await nextId('settlements'),
      treatment: await nextId('treatments'),
      claim: await nextId('claims'),
      mail: await nextId('mail_messages'),
    };
    // One argon2 hash for every generated account (hashing 50,000 would take ten minutes).
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const city = new City({
      shape,
      today,
      year,
      periodId: periodRows[0].id,
      base,
      heavy: { id: heavyRows[0].id, uact: heavyRows[0].uact, parentId: heavyRows[0].parent_id },
      passwordHash,
    });

    const plan: Array<{ table: string; columns: string[]; count: number; row: (i: number) => string; big: boolean }> = [
      { table: 'units', columns: org.unitColumns, count: city.units, row: (i) => org.unitRow(city, i), big: false },
      { table: 'accounts', columns: org.accountColumns, count: city.units, row: (i) => org.accountRow(city, i), big: false },
      { table: 'persons', columns: org.personColumns, count: shape.persons, row: (i) => org.personRow(city, i), big: true },
      { table: 'staff', columns: org.staffColumns, count: shape.persons, row: (i) => org.staffRow(city, i), big: true },
      {
        table: 'applications',
        columns: enrolment.applicationColumns,
        count: city.applications,
        row: (i) => enrolment.applicationRow(city, i),
        big: false,
      },
      {
        table: 'payments',
        columns: enrolment.paymentColumns,
        count: city.applications,
        row: (i) => enrolment.paymentRow(city, i),
        big: false,
      },
      {
        table: 'application_lines',
        columns: enrolment.lineColumns,
        count: shape.persons,
        row: (i) => enrolment.lineRow(city, i),
        big: true,
      },
      {
        table: 'coverages',
        columns: enrolment.coverageColumns,
        count: shape.persons,
        row: (i) => enrolment.coverageRow(city, i),
        big: true,
      },
      {
        table: 'payout_batches',
        columns: benefits.batchColumns,
        count: benefits.paidMonths(city) + 1,
        row: (i) => benefits.batchRow(city, i),
        big: false,
      },
      {
        table: 'settlements',
        columns: benefits.settlementColumns,
        count: shape.settlements,
        row: (i) => benefits.settlementRow(city, i),
        big: true,
      },
      {
        table: 'treatments',
        columns: benefits.treatmentColumns,
        count: shape.settlements,
        row: (i) => benefits.treatmentRow(city, i),
        big: true,
      },
      { table: 'claims', columns: benefits.claimColumns, count: shape.claims, row: (i) => benefits.claimRow(city, i), big: true },
      { table: 'mail_messages', columns: mail.mailColumns, count: mail.mailRows(city), row: (i) => mail.mailRow(city, i), big: true },
    ];
    // The participation summaries (migration 0034) recount each written person by index, and the
    // load sets the indexes aside: their triggers wait, and the migration's backfill counts after.
    for (const [table, trigger] of PARTICIPATION_TRIGGERS) await client.query(`alter table ${table} disable trigger ${trigger}`);
    for (const t of plan) {
      const t0 = performance.now();
      const [n0, p0] = [nodeCpu(), cpuOf(backend)];
      await client.query('begin');
      const aside = t.big ? await setAside(client, t.table) : undefined;
      await copyRows(client, t.table, t.columns, t.count, t.row);
      if (aside) await restore(client, t.table, aside);
      await client.query('commit');
      // Fresh statistics before the next table: the statement triggers of the next one join its
      // rows to this one (application_lines to applications), and a plan made for the demo city's
      // few hundred rows ran a 2,000,000-line insert for more than 28 minutes.
      await client.query(`analyze ${t.table}`);
      const figure = {
        table: t.table,
        rows: t.count,
        seconds: (performance.now() - t0) / 1000,
        nodeCpu: nodeCpu() - n0,
        pgCpu: cpuOf(backend) - p0,
      };
      tables.push(figure);
      log(row(figure));
    }

    const t0 = performance.now();
    const [n0, p0] = [nodeCpu(), cpuOf(backend)];
    // The batches' figures from what they paid.
    await client.query(
      `update payout_batches b set count = x.n, total_fen = x.total
      from (select batch_id, count(*) as n, sum(paid_fen) as total from treatments where batch_id >= $1 group by batch_id
            union all select batch_id, count(*), sum(amount_fen) from claims where batch_id >= $1 group by batch_id) x
      where b.id = x.batch_id`,
      [base.batch],
    );
    for (const [table, trigger] of PARTICIPATION_TRIGGERS) await client.query(`alter table ${table} enable trigger ${trigger}`);
    await client.query('delete from participation_totals');
    await client.query('delete from participation_people');
    for (const statement of participationBackfill()) await client.query(statement);
    for (const t of plan) {
      await client.query(`select setval(pg_get_serial_sequence($1, 'id'), (select max(id) from ${t.table}))`, [t.table]);
    }
    await client.query('vacuum analyze');
    const finish = {
      table: '(batch totals, sequences, vacuum analyze)',
      rows: 0,
      seconds: (performance.now() - t0) / 1000,
      nodeCpu: nodeCpu() - n0,
      pgCpu: cpuOf(backend) - p0,
    };
    tables.push(finish);
    log(row(finish));
    const { rows: size } = await client.query<{ n: string }>('select pg_database_size(current_database()) as n');
    const rows = tables.reduce((s, t) => s + t.rows, 0);
    return {
      url: opts.url,
      scale: opts.scale,
      tables,
      rows,
      seconds: (performance.now() - started) / 1000,
      databaseBytes: Number(size[0].n),
    };
  } finally {
    await client.end();
  }
}

const PARTICIPATION_TRIGGERS = [
  ['application_lines', 'application_lines_participation_insert'],
  ['coverages', 'coverages_participation_insert'],
];

/** The backfill statements of migration 0034 (its last two: the people, then their counts). */
const participationBackfill = () =>
  readFileSync(new URL('../../apps/server/src/db/migrations/0034_participation_totals.sql', import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .filter((s) => /^\s*INSERT INTO participation_(people|totals)/.test(s))
    .map((s) => s.replace(/-- manual:participation totals end\s*$/, ''));

const row = (t: TableFigure) =>
  `  ${t.table.padEnd(36)} ${String(t.rows).padStart(10)} rows ${t.seconds.toFixed(1).padStart(8)} s ${
    t.rows
      ? `${Math.round(t.rows / t.seconds)
          .toLocaleString('en-US')
          .padStart(10)} rows/s`
      : ''
  }${t.pgCpu === undefined ? '' : `   CPU node ${t.nodeCpu?.toFixed(1)} s, PostgreSQL ${t.pgCpu.toFixed(1)} s`}`;

function argOf(name: string) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const scale = Number(argOf('--scale') ?? process.env.BENCH_SCALE ?? '0.01');
  let url = argOf('--database-url') ?? process.env.DATABASE_URL;
  if (!url) {
    const fresh = new URL(DEFAULT_SERVER);
    fresh.pathname = `/hall_city_${String(scale).replace('.', '_')}`;
    url = fresh.toString();
    const admin = new pg.Client({ connectionString: DEFAULT_SERVER });
    await admin.connect();
    await admin.query(`drop database if exists ${fresh.pathname.slice(1)} with (force)`);
    await admin.end();
  }
  const shown = new URL(url);
  shown.password = '';
  console.log(`city at scale ${scale} into ${shown.host}${shown.pathname}`);
  const report = await generateCity({ url, scale, log: console.log });
  const pgCpu = report.tables.reduce((s, t) => s + (t.pgCpu ?? 0), 0);
  console.log(
    `  ${'total'.padEnd(36)} ${String(report.rows).padStart(10)} rows ${report.seconds.toFixed(1).padStart(8)} s   CPU of the generator's backend ${pgCpu.toFixed(1)} s (${Math.round(report.rows / pgCpu).toLocaleString('en-US')} rows per CPU-second), load average ${loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `  database size ${(report.databaseBytes / 1024 / 1024).toFixed(0)} MB; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
  const rate = Math.round(report.rows / report.seconds);
  console.log(`RESULT generate ${scale} | ${rate} rows/s | — | ${report.seconds.toFixed(1)} s | ok`);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  await main();
}
