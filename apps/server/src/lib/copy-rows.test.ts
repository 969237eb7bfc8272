import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/database';
import { CopyText, copyLine, copyRows } from './copy-rows';

describe('copyRows', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('writes texts with tabs, line breaks and backslashes, nulls, numbers, dates and booleans as given, in the transaction', async () => {
    const { db } = database;
    const rows = [
      ['a\tb\nc\r\\d', null, 12345678901, '2026-03-01', true],
      ['姓名 “引号”', 'x', -1, '2026-12-31', false],
    ] as const;
    const back = await db.transaction(async (tx) => {
      await tx.execute(sql`create temp table copy_probe (t text, n text, i int8, d date, b boolean) on commit drop`);
      await copyRows(tx, 'copy_probe (t, n, i, d, b)', rows.map((r) => copyLine(r)).join(''));
      const result = await tx.execute(sql`select t, n, i::float8 as i, d::text as d, b from copy_probe order by i desc`);
      return (result as unknown as { rows: unknown[] }).rows;
    });
    expect(back).toEqual([
      { t: 'a\tb\nc\r\\d', n: null, i: 12345678901, d: '2026-03-01', b: true },
      { t: '姓名 “引号”', n: 'x', i: -1, d: '2026-12-31', b: false },
    ]);
  });

  it('gathers lines as UTF-8 past its first size, and COPY reads them as the same lines in a string would be', async () => {
    // 20,000 lines of Chinese and ASCII (about 1.3 MB: the text grows several times from 64 KB).
    const lines = Array.from({ length: 20_000 }, (_, i) => copyLine([i, `湘雅医院第${i}病区`, i % 2 ? null : 'K35.800\t急性']));
    const text = new CopyText();
    for (const line of lines) text.append(line);
    const bytes = text.take();
    expect(bytes.equals(Buffer.from(lines.join('')))).toBe(true);
    text.append(lines[1]);
    expect(text.take().toString()).toBe(lines[1]);
    const back = await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temp table copy_text (i int, h text, c text) on commit drop`);
      await copyRows(tx, 'copy_text (i, h, c)', bytes);
      const result = await tx.execute(
        sql`select count(*)::int as n, max(h) filter (where i = 19999) as h, count(c)::int as c, min(c) as code from copy_text`,
      );
      return (result as unknown as { rows: unknown[] }).rows[0];
    });
    expect(back).toEqual({ n: 20_000, h: '湘雅医院第19999病区', c: 10_000, code: 'K35.800\t急性' });
  });

  it('copies parts of lines gathered before, byte for byte, and knows where the next part starts', () => {
    const parts = new CopyText();
    parts.append('湘雅\tK35');
    const middle = parts.byteLength;
    parts.append('长沙\tI21');
    const gathered = parts.take();
    const text = new CopyText();
    text.append('2\t');
    text.appendBytes(gathered, middle, gathered.length);
    text.append('\n1\t');
    text.appendBytes(gathered, 0, middle);
    text.append('\n');
    expect(text.byteLength).toBe(Buffer.byteLength('2\t长沙\tI21\n1\t湘雅\tK35\n'));
    expect(text.take().toString()).toBe('2\t长沙\tI21\n1\t湘雅\tK35\n');
  });

  it('on PostgreSQL, refuses to run on the pool (outside a transaction)', async () => {
    const outside = copyRows(database.db, 'copy_nowhere (a)', 'a\n');
    if (database.kind === 'postgres') await expect(outside).rejects.toThrow(/needs a transaction/);
    else await expect(outside).rejects.toThrow(/copy_nowhere/); // PGlite has one connection: COPY runs, the table is missing
  });
});
