/**
 * The constraints of the union organisation's tables (schema/org.ts, issue 10): each foreign key
 * refuses an orphan and goes with its parent, each CHECK refuses a bad value; the new column of
 * accounts (must_change_password) is never null.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../lib/clock';
import { createTestDatabase } from '../test/database';
import { refusal, rows } from '../test/refusal';
import type { Database } from './client';
import { seedDemo } from './seed/demo';
import { seedDictionaries } from './seed/dictionaries';

let db: Database;
const BATCH = '0b0e0000-0000-4000-8000-000000000001';
const U = sql.raw(`(select id from units where uact = 'lhgh92001')`);
const batch = (v: { id?: string; union?: ReturnType<typeof sql.raw>; state?: string; total?: number; valid?: number }) =>
  sql`insert into org_import_batches (id, union_id, file_name, total, valid, state, created_at, expires_at)
    values (${v.id ?? BATCH}, ${v.union ?? U}, 'a.csv', ${v.total ?? 1}, ${v.valid ?? 1}, ${v.state ?? 'preview'}, now(), now())`;
const row = (v: { batch?: string; rowNo?: number }) =>
  sql`insert into org_import_rows (batch_id, row_no, uact, name, uscc, contact_name, contact_mobile)
    values (${v.batch ?? BATCH}, ${v.rowNo ?? 2}, 'qyx00001', 'x', 'x', 'x', 'x')`;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDictionaries(db.db);
  await seedDemo(db.db, new ManualClock(), '长沙市');
  await db.db.execute(batch({}));
  await db.db.execute(row({}));
});
afterAll(async () => {
  await db?.close();
});

it('refuses orphans, on every foreign key of its tables', async () => {
  expect(await refusal(db.db, batch({ id: '0b0e0000-0000-4000-8000-000000000002', union: sql.raw('999999') }))).toEqual({
    code: '23503',
    constraint: 'org_import_batches_union_id_units_id_fk',
  });
  expect(await refusal(db.db, row({ batch: '0b0e0000-0000-4000-8000-000000000009' }))).toEqual({
    code: '23503',
    constraint: 'org_import_rows_batch_id_org_import_batches_id_fk',
  });
  const fks = await rows(
    db.db,
    sql`select conname from pg_constraint where contype in ('f', 'c') and conrelid::regclass::text in ('org_import_batches', 'org_import_rows') order by conname`,
  );
  expect(fks.map((r) => r.conname)).toEqual([
    'org_import_batches_counts_check',
    'org_import_batches_state_check',
    'org_import_batches_union_id_units_id_fk',
    'org_import_rows_batch_id_org_import_batches_id_fk',
    'org_import_rows_row_no_check',
  ]);
});

it('refuses bad values', async () => {
  const id = '0b0e0000-0000-4000-8000-000000000003';
  expect(await refusal(db.db, batch({ id, state: 'done' }))).toMatchObject({ constraint: 'org_import_batches_state_check' });
  expect(await refusal(db.db, batch({ id, total: 1, valid: 2 }))).toMatchObject({ constraint: 'org_import_batches_counts_check' });
  expect(await refusal(db.db, row({ rowNo: 0 }))).toMatchObject({ constraint: 'org_import_rows_row_no_check' });
  expect(await refusal(db.db, sql`update accounts set must_change_password = null`)).toMatchObject({ code: '23502' });
});

it('rows go with their batch', async () => {
  await db.db.execute(sql`delete from org_import_batches where id = ${BATCH}`);
  expect(await rows(db.db, sql`select 1 from org_import_rows where batch_id = ${BATCH}`)).toEqual([]);
});
