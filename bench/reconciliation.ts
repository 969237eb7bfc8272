/**
 * Bank reconciliation of a large statement (issue 20): a bank statement of N credits (default
 * 10,000) mixing every outcome, through the console's path: staged and previewed
 * (`stageStatement`: the file read, the rows staged, what loading would do), then confirmed in one
 * transaction (`confirmStatement`: the credits stored, matched, the matched notices' payments
 * confirmed through settlePayment).
 *
 * Mix, by the credit's number mod 10: 0–3 the payment reference of a 待缴费 notice (matched),
 * 4 the payer's name and the amount of its only such notice (matched), 5 less than the notice
 * (部分缴费), 6 more (多缴), 7 no reference and no payer (无识别码), 8 the reference of a notice an
 * earlier credit paid (重复到账), 9 two references (多个识别码). Half the credits confirm a payment.
 *
 * Baseline, in the same run on the same data: the look-ups the matching needs sent one credit at a
 * time, as the matching did before it read them in sets (per credit: its notice by primary key, or
 * the payer's 待缴费 notices of that amount; the voucher's use). The preview's ratio to it is the
 * figure that compares across runs; target: the preview ≤ 2 CPU-seconds (Node and PostgreSQL) for
 * 10,000 credits and below the per-credit look-ups alone.
 *
 * Run: npx tsx bench/reconciliation.ts [credits]   (BENCH_SCALE × 10,000 when not given)
 * DATABASE_URL: default postgres://postgres@127.0.0.1:5432/test; a fresh database is made and dropped.
 */
import { Readable } from 'node:stream';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { paymentReference, STATEMENT_FIELD_KEYS, STATEMENT_FIELDS } from '@hall/shared';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client';
import { ManualClock } from '../apps/server/src/lib/clock';
import { confirmStatement, stageStatement } from '../apps/server/src/modules/reconciliation/statement-stage.service';
import type { HallContext, OperatorCaller } from '../apps/server/src/types';
import { rowsOf } from './lib/settlement-city';
import { backendCpu, backendPids, benchScale, dbPrefix, nodeCpu, result } from './measure';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const N = Number(process.argv[2]) || Math.round(10_000 * benchScale(1));
const TARGET_PREVIEW_S = (2 * N) / 10_000;
const clock = new ManualClock(new Date('2026-11-25T10:00:00+08:00'));

async function prepare() {
  const name = `${dbPrefix()}_recon_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const { openDatabase } = await import('../apps/server/src/db/client');
  const { seedDemo } = await import('../apps/server/src/db/seed/demo');
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  await seedDemo(database.db, clock, '长沙市');
  const drop = async () => {
    await database.close();
    const dropper = new pg.Client({ connectionString: ADMIN_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  return { db: database.db, drop };
}

/** The notices the credits name (one per credit but the 无识别码 and 多个识别码 ones), 待缴费, of distinct amounts. */
async function makeNotices(db: Db) {
  const unitRows = await rowsOf(db, sql`select id, emp_name from units order by id`);
  const [period] = await rowsOf(db, sql`select id from periods where year = 2027`);
  const ks = Array.from({ length: N }, (_, i) => i).filter((i) => i % 10 !== 7 && i % 10 !== 9);
  const ids = await rowsOf(
    db,
    sql`insert into applications (unit_id, period_id, kind, state, headcount, amount_fen, created_at, submitted_at, reviewed_at, updated_at)
      select u, ${period.id}, 'new', 'unpaid', 1, a, now(), now(), now(), now()
      from unnest(${sql.param(ks.map((k) => unitRows[k % unitRows.length].id))}::int[], ${sql.param(ks.map(amountOf))}::int8[]) with ordinality as t(u, a, n)
      order by n returning id`,
  );
  await db.execute(sql`analyze applications`);
  return {
    notice: new Map(ks.map((k, j) => [k, Number(ids[j].id)])),
    payer: (k: number) => String(unitRows[k % unitRows.length].emp_name),
  };
}

const amountOf = (k: number) => 100_000 + k * 10;

/** The statement as the bank exports it (CSV, UTF-8 with BOM). */
function statementCsv(notice: Map<number, number>, payer: (k: number) => string) {
  const lines = [STATEMENT_FIELD_KEYS.map((k) => STATEMENT_FIELDS[k].label).join(',')];
  for (let i = 0; i < N; i++) {
    const kind = i % 10;
    // 重复到账: the notice of the credit eight before, which matched by its reference.
    const named = notice.get(kind === 8 ? i - 8 : i);
    const ref = (x: number | undefined) => (x === undefined ? '' : paymentReference(2027, x));
    const amount = kind === 5 ? amountOf(i) - 100 : kind === 6 ? amountOf(i) + 100 : kind === 8 ? amountOf(i - 8) : amountOf(i);
    const memo =
      kind === 9 ? `${ref(notice.get(i - 9))} ${ref(notice.get(i - 8))}` : kind === 4 || kind === 7 ? '医疗互助金' : `互助金 ${ref(named)}`;
    const name = kind === 4 ? payer(i) : kind === 7 ? '不相干公司' : '某某公司';
    lines.push([`B${String(i).padStart(8, '0')}`, '2026-11-21', (amount / 100).toFixed(2), name, '', memo].join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The per-credit look-ups, one statement each, as the matching sent them before (the baseline). */
async function perCreditLookups(db: Db, csv: string) {
  const { referencesIn } = await import('@hall/shared');
  const rows = csv
    .slice(1)
    .trim()
    .split('\r\n')
    .slice(1)
    .map((l) => l.split(','));
  for (const [txn, , amount, name, account, memo] of rows) {
    const refs = referencesIn(memo);
    if (refs.length > 1) continue;
    const amountFen = Math.round(Number(amount) * 100);
    if (refs.length === 1)
      await db.execute(sql`select a.id, a.state, a.amount_fen, u.uact, p.year, p.enrol_start from applications a
        join units u on u.id = a.unit_id join periods p on p.id = a.period_id where a.id = ${refs[0].applicationId}`);
    else
      await db.execute(sql`select a.id from applications a join units u on u.id = a.unit_id left join union_infos ui on ui.unit_id = a.unit_id
        where a.state = 'unpaid' and a.amount_fen = ${amountFen} and (u.emp_name = ${name} or (${account} <> '' and ui.bank_account_no = ${account}))
        order by a.id limit 2`);
    await db.execute(sql`select application_id from payments where voucher_no = ${`BENCH-${txn}`}`);
  }
}

async function timed<T>(pids: number[], run: () => Promise<T>) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const pg0 = backendCpu(pids);
  const answer = await run();
  return { answer, s: (performance.now() - t0) / 1000, node: nodeCpu(cpu0), pg: backendCpu(pids) - pg0 };
}

async function main() {
  const load = loadavg()[0];
  const { db, drop } = await prepare();
  try {
    const { notice, payer } = await makeNotices(db);
    const csv = statementCsv(notice, payer);
    const ctx = { db, clock, config: { cityName: '长沙市' } } as unknown as HallContext;
    const [clerk] = await rowsOf(db, sql`select id from accounts where login_type = 'operator' order by id limit 1`);
    const operator = { accountId: Number(clerk.id), loginName: 'bench', name: 'bench', roles: ['finance'] } as unknown as OperatorCaller;
    await Promise.all(Array.from({ length: 4 }, () => db.execute(sql`select pg_sleep(0.05)`))); // open the pool's connections
    const pids = await backendPids(db);

    const baseline = await timed(pids, () => perCreditLookups(db, csv));
    const input = () => ({ fileName: '对账单.csv', stream: Readable.from([Buffer.from(csv)]), truncated: () => false });
    const preview = await timed(pids, () => stageStatement(ctx, operator, 'BENCH', input()));
    const confirm = await timed(pids, () => confirmStatement(ctx, operator, preview.answer.batchId));

    const o = preview.answer.outcome;
    console.log(`bank statement of ${N} credits (load ${load.toFixed(1)}):`);
    console.log(`  preview outcome: ${o.matched} matched, ${o.exceptions} exceptions ${JSON.stringify(o.reasons)}`);
    console.log(`  confirmed:       ${confirm.answer.matched} matched, ${confirm.answer.exceptions} exceptions`);
    const line = (what: string, m: { s: number; node: number; pg: number }) =>
      console.log(`  ${what.padEnd(34)} ${m.s.toFixed(2)} s (CPU node ${m.node.toFixed(2)} s, PostgreSQL ${m.pg.toFixed(2)} s)`);
    line('per-credit look-ups (baseline)', baseline);
    line('stage + preview', preview);
    line('confirm (one transaction)', confirm);
    const ratio = preview.s / baseline.s;
    console.log(`  preview / per-credit look-ups: ${ratio.toFixed(2)}`);
    console.log(
      result(
        `reconciliation preview ${N} credits`,
        `${preview.s.toFixed(2)} s, ${(preview.node + preview.pg).toFixed(2)} CPU-s (confirm ${confirm.s.toFixed(2)} s)`,
        `≤ ${TARGET_PREVIEW_S.toFixed(2)} CPU-s, ratio < 1`,
        `ratio ${ratio.toFixed(2)} to per-credit look-ups ${baseline.s.toFixed(2)} s`,
        preview.node + preview.pg <= TARGET_PREVIEW_S && ratio < 1,
      ),
    );
  } finally {
    await drop();
  }
}

await main();
