import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP } from '@hall/shared';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/database';
import { capped, cappedCount } from './capped-count.repository';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const series = (n: number) => sql`select g from generate_series(1, ${n}::int) g`;

describe('the capped count of a list', () => {
  it('is exact up to the cap', async () => {
    expect(await cappedCount(database.db, series(0))).toEqual({ totlCnt: 0 });
    expect(await cappedCount(database.db, series(37))).toEqual({ totlCnt: 37 });
    expect(await cappedCount(database.db, series(LIST_COUNT_CAP))).toEqual({ totlCnt: LIST_COUNT_CAP });
  });

  it('stops at the cap and says so beyond it', async () => {
    expect(await cappedCount(database.db, series(LIST_COUNT_CAP + 1))).toEqual({ totlCnt: LIST_COUNT_CAP, totlCntCapped: true });
    expect(await cappedCount(database.db, series(250_000))).toEqual({ totlCnt: LIST_COUNT_CAP, totlCntCapped: true });
  });

  it('takes a query that has its own order and limit', async () => {
    expect(await cappedCount(database.db, sql`${series(50)} order by g desc limit 20`)).toEqual({ totlCnt: 20 });
  });

  it('an exact count computed anyway reads the same', () => {
    expect(capped(9_999)).toEqual({ totlCnt: 9_999 });
    expect(capped(LIST_COUNT_CAP + 5)).toEqual({ totlCnt: LIST_COUNT_CAP, totlCntCapped: true });
  });
});
