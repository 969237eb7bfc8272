/**
 * The union organisation's data (issue 10): its import stages in import_batches/import_rows (kind
 * 'org', migration 0019; db/integrity.test.ts answers for their constraints), its rows' own fields
 * in `extra`; the new column of accounts (must_change_password) is never null.
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

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDictionaries(db.db);
  await seedDemo(db.db, new ManualClock(), '长沙市');
});
afterAll(async () => {
  await db?.close();
});

it('stages an org import in the one staging, its own fields in extra', async () => {
  await db.db.execute(sql`insert into import_batches (id, unit_id, kind, file_name, total, valid, created_at, expires_at)
    values (${BATCH}, ${U}, 'org', 'a.csv', 1, 1, now(), now())`);
  await db.db.execute(sql`insert into import_rows (batch_id, row_no, cert_no, name, phone, extra)
    values (${BATCH}, 2, '91430100MA4L0000XX', 'x', '13800000000', ${JSON.stringify({ uact: 'qyx00001' })}::jsonb)`);
  expect(await rows(db.db, sql`select extra->>'uact' as uact from import_rows where batch_id = ${BATCH}`)).toEqual([{ uact: 'qyx00001' }]);
  expect(await rows(db.db, sql`select 1 from pg_class where relname in ('org_import_batches', 'org_import_rows')`)).toEqual([]);
});

it('refuses a null must_change_password', async () => {
  expect(await refusal(db.db, sql`update accounts set must_change_password = null`)).toMatchObject({ code: '23502' });
});
