import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../db/client';
import { createTestDatabase } from '../test/database';
import { readTogether } from './read-together';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const pid = async (db: Db) =>
  Number(((await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: Array<{ pid: number }> }).rows[0].pid);
const value = async (db: Db, n: number) =>
  Number(((await db.execute(sql`select ${n}::int as n`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n);

it('answers each read in its place, on the pool and in a transaction', async () => {
  const { db } = database;
  expect(await readTogether(db, [() => value(db, 1), async () => 'two', () => value(db, 3)] as const)).toEqual([1, 'two', 3]);
  expect(await db.transaction((tx) => readTogether(tx, [() => value(tx, 1), () => value(tx, 2)] as const))).toEqual([1, 2]);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
  it('runs the reads at once on the pool, and one at a time on a transaction’s one connection', async () => {
    const { db } = database;
    const [a, b] = await readTogether(db, [() => pid(db), () => pid(db)] as const);
    expect(a).not.toBe(b); // both in flight at once: two connections of the pool

    // node-pg's own check: a query sent while the client runs another (queued, deprecated).
    const sentWhileBusy: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: { _activeQuery?: unknown }, ...args: unknown[]) {
      if (this._activeQuery) sentWhileBusy.push(String((args[0] as { text?: string })?.text ?? args[0]));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      const pids = await db.transaction((tx) => readTogether(tx, [() => pid(tx), () => pid(tx), () => pid(tx)] as const));
      expect(new Set(pids).size).toBe(1);
      expect(sentWhileBusy).toEqual([]);
      // The check itself sees a Promise.all on a transaction.
      await db.transaction((tx) => Promise.all([pid(tx), pid(tx)]));
      expect(sentWhileBusy).toHaveLength(1);
    } finally {
      pg.Client.prototype.query = query;
    }
  });
});
