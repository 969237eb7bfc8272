/**
 * The audit hash chain's cost (migration 0033): an audit row written through the chain's trigger
 * (head row FOR UPDATE, SHA-256, head update) against the same insert into a copy of the table as it
 * was before (same columns, same indexes, no chain), in the same database and run, alternating
 * rounds. One writer (the added time per row) and eight at once (the head's lock makes them take
 * turns: the throughput that leaves). Then audit-verify's walk, rows per second.
 * Run: npx tsx bench/audit-write.ts  (PostgreSQL at BENCH_ADMIN_URL, a database made and dropped;
 * BENCH_PGLITE=1: the embedded database instead)
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client';
import { verifyAuditChain } from '../apps/server/src/modules/audit/chain.service';
import { dbPrefix, result } from './measure';

const ADMIN = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pglite = process.env.BENCH_PGLITE === '1';
const ROWS = Number(process.env.BENCH_ROWS ?? (pglite ? 1000 : 3000));
const WRITERS = 8;

const insert = (table: 'audit_log' | 'audit_plain', i: number) =>
  sql`insert into ${sql.identifier(table)} (at, actor_kind, actor_key, action, detail, ip)
      values (now(), 'unit', ${`unit.${i % 5000}`}, 'login', ${JSON.stringify({ loginType: 'unit', n: i })}::jsonb, '10.0.0.1')`;

/** Microseconds per row of `n` single-row inserts (each its own transaction) by one writer. */
async function oneWriter(db: Db, table: 'audit_log' | 'audit_plain', n: number) {
  const start = performance.now();
  for (let i = 0; i < n; i++) await db.execute(insert(table, i));
  return ((performance.now() - start) * 1000) / n;
}

/** Microseconds per row of `n` single-row inserts in one transaction: the work itself, no commit's flush. */
async function inOneTransaction(db: Db, table: 'audit_log' | 'audit_plain', n: number) {
  const start = performance.now();
  await db.transaction(async (tx) => {
    for (let i = 0; i < n; i++) await tx.execute(insert(table, i));
  });
  return ((performance.now() - start) * 1000) / n;
}

/** Rows per second of `writers` connections inserting at once. */
async function manyWriters(db: Db, table: 'audit_log' | 'audit_plain', n: number) {
  const start = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; i < n / WRITERS; i++) await db.execute(insert(table, w * n + i));
    }),
  );
  return n / ((performance.now() - start) / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

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
    // The table as it was before the chain: same columns and indexes, no chain columns, no triggers.
    await db.execute(sql`create table audit_plain (like audit_log including all)`);
    await db.execute(sql`alter table audit_plain drop column chain_seq, drop column prev_hash, drop column hash`);
    await oneWriter(db, 'audit_log', 200); // warm up both
    await oneWriter(db, 'audit_plain', 200);
    const chained: number[] = [];
    const plain: number[] = [];
    for (let round = 0; round < 3; round++) {
      chained.push(await oneWriter(db, 'audit_log', ROWS));
      plain.push(await oneWriter(db, 'audit_plain', ROWS));
    }
    const [c, p] = [median(chained), median(plain)];
    console.log(`one writer: ${c.toFixed(0)} µs a row with the chain, ${p.toFixed(0)} µs without (+${(c - p).toFixed(0)} µs)`);
    console.log(result('audit row, one writer', `${c.toFixed(0)} µs`, '≤ 1.5 × plain', `${(c / p).toFixed(2)} × plain`, c / p <= 1.5));
    const tc: number[] = [];
    const tp: number[] = [];
    for (let round = 0; round < 3; round++) {
      tc.push(await inOneTransaction(db, 'audit_log', ROWS));
      tp.push(await inOneTransaction(db, 'audit_plain', ROWS));
    }
    const [t1, t2] = [median(tc), median(tp)];
    console.log(`in one transaction: ${t1.toFixed(0)} µs a row with the chain, ${t2.toFixed(0)} µs without (+${(t1 - t2).toFixed(0)} µs)`);
    console.log(
      result('audit row, work alone', `+${(t1 - t2).toFixed(0)} µs`, '≤ 200 µs', `${(t1 / t2).toFixed(2)} × plain`, t1 - t2 <= 200),
    );
    if (!pglite) {
      const cm: number[] = [];
      const pm: number[] = [];
      for (let round = 0; round < 3; round++) {
        cm.push(await manyWriters(db, 'audit_log', ROWS));
        pm.push(await manyWriters(db, 'audit_plain', ROWS));
      }
      const [cr, pr] = [median(cm), median(pm)];
      console.log(`${WRITERS} writers: ${cr.toFixed(0)} rows/s with the chain, ${pr.toFixed(0)} without`);
      console.log(
        result(
          `audit rows, ${WRITERS} writers`,
          `${cr.toFixed(0)} rows/s`,
          '≥ 0.5 of plain',
          `${(cr / pr).toFixed(2)} of plain`,
          cr / pr >= 0.5,
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
