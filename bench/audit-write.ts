/**
 * The audit hash chain's cost. An audit row is inserted unchained and chained at its writer's commit
 * under the chain's lock (migration 0038). Three tables in the same database and run, alternating
 * rounds: audit_log as it is; `audit_at_insert`, a copy chained by migration 0033's BEFORE INSERT
 * trigger (the lock taken at the insert and held to the commit: the baseline "before"); and
 * `audit_plain`, the table without a chain. One writer (the added time per row), the work of rows
 * in one transaction, eight writers at once (commits take turns: the throughput that leaves). Then
 * what the change is for: an audited write beside a transaction left open after its audit row
 * (before: it waited for that whole transaction), and how long the commit of a transaction of
 * BENCH_BATCH audit rows (10,000, a large statement confirm; 2,000 on PGlite) holds the lock: the
 * longest any other audited write now waits. Then audit-verify's walk, rows/s.
 * Run: npx tsx bench/audit-write.ts  (PostgreSQL at BENCH_ADMIN_URL, a database made and dropped;
 * BENCH_PGLITE=1: the embedded database instead)
 */
import { execSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { audit } from '../apps/server/src/lib/audit';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client';
import { verifyAuditChain } from '../apps/server/src/modules/audit/chain.service';
import { dbPrefix, result } from './measure';

const ADMIN = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pglite = process.env.BENCH_PGLITE === '1';
const ROWS = Number(process.env.BENCH_ROWS ?? (pglite ? 1000 : 3000));
const WRITERS = 8;
/** The audit rows of one large transaction (a statement confirm of 10,000 credits writes as many). */
const BATCH = Number(process.env.BENCH_BATCH ?? (pglite ? 2000 : 10000));

type Table = 'audit_log' | 'audit_at_insert' | 'audit_plain';
const TABLES: Table[] = ['audit_log', 'audit_at_insert', 'audit_plain'];

const insert = (table: Table, i: number) =>
  sql`insert into ${sql.identifier(table)} (at, actor_kind, actor_key, action, detail, ip)
      values (now(), 'unit', ${`unit.${i % 5000}`}, 'login', ${JSON.stringify({ loginType: 'unit', n: i })}::jsonb, '10.0.0.1')`;

/** Microseconds per row of `n` single-row inserts (each its own transaction) by one writer. */
async function oneWriter(db: Db, table: Table, n: number) {
  const start = performance.now();
  for (let i = 0; i < n; i++) await db.execute(insert(table, i));
  return ((performance.now() - start) * 1000) / n;
}

/** Microseconds per row of `n` single-row inserts in one transaction: the work itself, one commit's flush. */
async function inOneTransaction(db: Db, table: Table, n: number) {
  const start = performance.now();
  await db.transaction(async (tx) => {
    for (let i = 0; i < n; i++) await tx.execute(insert(table, i));
  });
  return ((performance.now() - start) * 1000) / n;
}

/** Rows per second of `writers` connections inserting at once. */
async function manyWriters(db: Db, table: Table, n: number) {
  const start = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; i < n / WRITERS; i++) await db.execute(insert(table, w * n + i));
    }),
  );
  return n / ((performance.now() - start) / 1000);
}

/** Milliseconds of the commit of a transaction of `BATCH` audit rows (its chaining under the lock), and of the whole. */
async function batchCommit(db: Db, table: Table) {
  const start = performance.now();
  let written = 0;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (at, actor_kind, actor_key, action, detail)
          select now(), 'unit', 'unit.' || i, 'login', jsonb_build_object('n', i) from generate_series(1, ${BATCH}) as i`,
    );
    written = performance.now();
  });
  const end = performance.now();
  return { commit: end - written, whole: end - start };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const load = () =>
  execSync('uptime')
    .toString()
    .trim()
    .replace(/.*load average: /, 'load ');

/** Three rounds of `measure` on each table, taking turns; the median of each. */
async function rounds(measure: (table: Table) => Promise<number>, tables = TABLES) {
  const runs = new Map<Table, number[]>(tables.map((t) => [t, []]));
  for (let round = 0; round < 3; round++) for (const table of tables) runs.get(table)!.push(await measure(table));
  return Object.fromEntries(tables.map((t) => [t, median(runs.get(t)!)])) as Record<Table, number>;
}

/** Median milliseconds of `n` audit() writes of a login on the pool, one after another. */
async function loginWrites(db: Db, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await audit(db, new Date(), { actorKind: 'unit', actorKey: `unit.${i}`, action: 'login' });
    times.push(performance.now() - start);
  }
  return median(times);
}

/** PostgreSQL: loginWrites while another connection's transaction holds an audit row, left open (a clerk's import). */
async function besideOpenTransaction(database: Database, n: number) {
  const long = new pg.Client({ connectionString: database.url });
  await long.connect();
  try {
    await long.query('begin');
    await long.query(`insert into audit_log (at, actor_kind, actor_key, action) values (now(), 'operator', 'import', 'operator')`);
    const ms = await loginWrites(database.db, n);
    await long.query('commit');
    return ms;
  } finally {
    await long.end();
  }
}

/** PostgreSQL: whether an insert into audit_at_insert waits while another transaction holds a row of it (the "before"). */
async function waitedBefore(database: Database) {
  const [long, watch] = [new pg.Client({ connectionString: database.url }), new pg.Client({ connectionString: database.url })];
  await Promise.all([long.connect(), watch.connect()]);
  try {
    await long.query('begin');
    await long.query(`insert into audit_at_insert (at, actor_kind, actor_key, action) values (now(), 'operator', 'import', 'operator')`);
    let done = false;
    const write = database.db.execute(insert('audit_at_insert', 0)).finally(() => {
      done = true;
    });
    let waiting = 0;
    for (let i = 0; i < 5000 && !done && waiting === 0; i++)
      waiting = (
        await watch.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event = 'advisory'`,
        )
      ).rows[0]!.n;
    await long.query('commit');
    await write;
    return waiting > 0;
  } finally {
    await Promise.all([long.end(), watch.end()]);
  }
}

async function main() {
  let database: Database;
  let drop = async () => undefined;
  if (pglite) database = await openDatabase({ dataDir: 'memory://' });
  else {
    const name = `${dbPrefix()}_audit_${process.pid}`;
    const admin = new pg.Client({ connectionString: ADMIN });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(ADMIN);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    drop = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const { db } = database;
  try {
    console.log(`start: ${load()}`);
    // The table as it was before the chain: same columns and indexes, no chain columns, no triggers.
    await db.execute(sql`create table audit_plain (like audit_log including all)`);
    await db.execute(sql`alter table audit_plain drop column chain_seq, drop column prev_hash, drop column hash`);
    // The chain as migration 0033 kept it: appended at the insert, under a lock of its own held to the commit.
    await db.execute(sql`create table audit_at_insert (like audit_log including all)`);
    await db.execute(sql`alter table audit_at_insert drop constraint audit_log_chain_whole,
      alter chain_seq set not null, alter prev_hash set not null, alter hash set not null`);
    await db.execute(sql`create function audit_at_insert_chain() returns trigger as $$
      declare last_seq bigint; last_hash text;
      begin
        perform pg_advisory_xact_lock(727003);
        select chain_seq, hash into last_seq, last_hash from audit_at_insert order by chain_seq desc limit 1;
        new.chain_seq := coalesce(last_seq, 0) + 1;
        new.prev_hash := coalesce(last_hash, repeat('0', 64));
        new.hash := audit_log_hash(new.prev_hash, new.id, new.chain_seq, new.at, new.actor_kind, new.actor_key, new.action, new.detail, new.ip);
        return new;
      end $$ language plpgsql`);
    await db.execute(
      sql`create trigger audit_at_insert_chain before insert on audit_at_insert for each row execute function audit_at_insert_chain()`,
    );
    for (const table of TABLES) await oneWriter(db, table, 200); // warm up

    const one = await rounds((t) => oneWriter(db, t, ROWS));
    console.log(
      `one writer: ${one.audit_log.toFixed(0)} µs a row chained at commit, ${one.audit_at_insert.toFixed(0)} µs at insert (before), ${one.audit_plain.toFixed(0)} µs without a chain (${load()})`,
    );
    console.log(
      result(
        'audit row, one writer',
        `${one.audit_log.toFixed(0)} µs`,
        '≤ 1.5 × plain',
        `${(one.audit_log / one.audit_plain).toFixed(2)} × plain, ${(one.audit_log / one.audit_at_insert).toFixed(2)} × before`,
        one.audit_log / one.audit_plain <= 1.5,
      ),
    );
    const work = await rounds((t) => inOneTransaction(db, t, ROWS));
    const added = work.audit_log - work.audit_plain;
    console.log(
      `in one transaction: ${work.audit_log.toFixed(0)} µs a row chained at commit, ${work.audit_at_insert.toFixed(0)} µs at insert, ${work.audit_plain.toFixed(0)} µs without (${load()})`,
    );
    console.log(
      result(
        'audit row, work alone',
        `+${added.toFixed(0)} µs`,
        '≤ 200 µs',
        `${(work.audit_log / work.audit_plain).toFixed(2)} × plain, ${(work.audit_log / work.audit_at_insert).toFixed(2)} × before`,
        added <= 200,
      ),
    );
    const batch = { audit_log: [] as number[], audit_at_insert: [] as number[] };
    for (let round = 0; round < 3; round++) {
      batch.audit_log.push((await batchCommit(db, 'audit_log')).commit);
      batch.audit_at_insert.push((await batchCommit(db, 'audit_at_insert')).whole);
    }
    const [held, heldBefore] = [median(batch.audit_log), median(batch.audit_at_insert)];
    console.log(
      `a transaction of ${BATCH} audit rows holds the chain's lock ${held.toFixed(0)} ms (its commit), before ${heldBefore.toFixed(0)} ms (the whole transaction, here only its inserts) (${load()})`,
    );
    console.log(
      result(
        `chain lock held, ${BATCH} audit rows`,
        `${held.toFixed(0)} ms`,
        '≤ 2000 ms',
        `before ${heldBefore.toFixed(0)} ms + the transaction's other work`,
        held <= 2000,
      ),
    );
    if (!pglite) {
      const many = await rounds((t) => manyWriters(db, t, ROWS));
      console.log(
        `${WRITERS} writers: ${many.audit_log.toFixed(0)} rows/s chained at commit, ${many.audit_at_insert.toFixed(0)} at insert, ${many.audit_plain.toFixed(0)} without (${load()})`,
      );
      console.log(
        result(
          `audit rows, ${WRITERS} writers`,
          `${many.audit_log.toFixed(0)} rows/s`,
          '≥ 0.5 of plain',
          `${(many.audit_log / many.audit_plain).toFixed(2)} of plain, ${(many.audit_log / many.audit_at_insert).toFixed(2)} × before`,
          many.audit_log / many.audit_plain >= 0.5,
        ),
      );
      const alone = await loginWrites(db, 100);
      const beside = await besideOpenTransaction(database, 100);
      const blocked = await waitedBefore(database);
      console.log(
        `a login's audit row beside a transaction left open after its audit row: ${beside.toFixed(2)} ms, alone ${alone.toFixed(2)} ms; before: ${blocked ? 'waited for that transaction to end' : 'did not wait (?)'} (${load()})`,
      );
      console.log(
        result(
          'audited write beside an open transaction',
          `${beside.toFixed(2)} ms`,
          '≤ 2 × alone',
          `${(beside / alone).toFixed(2)} × alone; before: ${blocked ? 'waited for the whole transaction' : 'no wait seen'}`,
          beside / alone <= 2 && blocked,
        ),
      );
    }
    const start = performance.now();
    const report = await verifyAuditChain(db);
    const seconds = (performance.now() - start) / 1000;
    console.log(`audit-verify: ${report.rows} rows in ${seconds.toFixed(2)} s, ${report.problem ? report.problem.message : 'intact'}`);
    console.log(result('audit-verify walk', `${(report.rows / seconds).toFixed(0)} rows/s`, '—', '—', report.problem === undefined));
  } finally {
    await database.close();
    await drop();
  }
}

await main();
