import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentReference } from '@hall/shared';
import { applications } from '../../db/schema';
import { createTestHall, type TestHall } from '../../test/harness';
import { makeApplication, staffOf } from '../../test/payable-fixtures';
import { loadStatement, type StatementCredit } from './reconcile.service';

/*
 * Lock order (docs/architecture.md): a transaction that pays notices of several units holds each
 * unit's enrolment_totals rows, its unit row and the period's fund_totals row to its commit. Two of
 * them paying the same two units in opposite orders deadlock; the bank statement's load takes its
 * notices and their units in id order first, so two loads wait for each other instead.
 * PostgreSQL only: the embedded database has one connection, nothing runs beside a transaction.
 */

describe.skipIf(!process.env.TEST_DATABASE_URL)('several units written in one transaction (PostgreSQL)', () => {
  let hall: TestHall;
  /** Two notices of unit A (a1, a2) and two of unit B (b1, b2), unpaid. */
  const ids = { a1: 0, a2: 0, b1: 0, b2: 0 };
  const amount: Record<number, number> = {};

  beforeAll(async () => {
    hall = await createTestHall();
    const [a, b] = [await staffOf(hall.db, 'qydw92101'), await staffOf(hall.db, 'dlgh99001')];
    const make = (uact: string, personId: number) =>
      makeApplication(hall.db, { uact, year: 2027, state: 'unpaid', lines: [{ personId, productCode: '01', shares: 2 }] });
    ids.a1 = await make('qydw92101', a[0]!.personId);
    ids.a2 = await make('qydw92101', a[1]!.personId);
    ids.b1 = await make('dlgh99001', b[0]!.personId);
    ids.b2 = await make('dlgh99001', b[1]!.personId);
    for (const row of await hall.db
      .select()
      .from(applications)
      .where(inArray(applications.id, Object.values(ids))))
      amount[row.id] = row.amountFen;
  });
  afterAll(() => hall.close());

  const connect = async () => {
    const client = new pg.Client({ connectionString: hall.databaseUrl });
    await client.connect();
    return client;
  };
  /**
   * Round trips until `n` backends of the database wait on a lock (a condition, not a clock); from a
   * connection outside any transaction (inside one, pg_stat_activity is read once and kept).
   */
  async function untilWaiting(client: pg.Client, n: number) {
    let waiting = 0;
    for (let i = 0; i < 5000 && waiting < n; i++)
      waiting = (
        await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )
      ).rows[0]!.n;
    expect(waiting).toBe(n);
  }
  const pay = `update applications set state = 'paid' where id = $1`;

  it('without an order, two transactions paying units A, B and B, A deadlock', async () => {
    const [one, two, watch] = [await connect(), await connect(), await connect()];
    try {
      await one.query('begin');
      await two.query('begin');
      await one.query(pay, [ids.a1]);
      await two.query(pay, [ids.b2]);
      const first = one.query(pay, [ids.b1]);
      await untilWaiting(watch, 1);
      const second = two.query(pay, [ids.a2]);
      const outcomes = await Promise.allSettled([first, second]);
      const failed = outcomes.filter((o) => o.status === 'rejected');
      expect(failed).toHaveLength(1);
      expect(((failed[0] as PromiseRejectedResult).reason as { code?: string }).code).toBe('40P01');
    } finally {
      await one.query('rollback').catch(() => undefined);
      await two.query('rollback').catch(() => undefined);
      await Promise.all([one.end(), two.end(), watch.end()]);
    }
  });

  it('two statement loads paying A, B and B, A take turns and both confirm', async () => {
    const credit = (txnId: string, id: number): StatementCredit => ({
      txnId,
      bookedOn: '2026-11-21',
      amountFen: amount[id]!,
      payerName: '某某公司',
      payerAccount: '',
      memo: `互助金 ${paymentReference(2027, id)}`,
    });
    // Every commit with audit rows waits while the test holds the audit chain's lock (migration 0038):
    // a load that got its units stops at its commit, holding them and the period's fund_totals row.
    const [barrier, watch] = [await connect(), await connect()];
    try {
      await barrier.query('begin');
      await barrier.query('select pg_advisory_xact_lock(727002)');
      const loads = Promise.allSettled([
        loadStatement(hall.app.hall, '钱会计', {
          bank: 'ICBC',
          fileName: '甲.xlsx',
          credits: [credit('L1', ids.a1), credit('L2', ids.b1)],
        }),
        loadStatement(hall.app.hall, '孙会计', { bank: 'CCB', fileName: '乙.xlsx', credits: [credit('M1', ids.b2), credit('M2', ids.a2)] }),
      ]);
      // One load at its commit, the other at the units the first holds (before the order: at fund_totals).
      await untilWaiting(watch, 2);
      await barrier.query('commit');
      const outcomes = await loads;
      expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.matched : (o.reason as Error).message))).toEqual([2, 2]);
    } finally {
      await barrier.query('rollback').catch(() => undefined);
      await Promise.all([barrier.end(), watch.end()]);
    }
    const states = await hall.db
      .select({ state: applications.state })
      .from(applications)
      .where(inArray(applications.id, Object.values(ids)));
    expect(states.map((s) => s.state)).toEqual(['paid', 'paid', 'paid', 'paid']);
  });
});
