import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { audit } from '../lib/audit';
import { createTestDatabase } from '../test/database';
import type { Database } from './client';
import { seedDemo } from './seed/demo';
import { seedDictionaries } from './seed/dictionaries';
import { ManualClock } from '../lib/clock';
import { accounts, auditLog, dictEntries, persons, units } from './schema';
import { checkIdCard, checkUscc } from '@hall/shared';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('the audit log refuses updates and deletes', async () => {
  const { db } = database;
  await audit(db, new Date(), { actorKind: 'operator', actorKey: 'x', action: 'operator' });
  await expect(db.execute(sql`update audit_log set actor_key = 'y'`)).rejects.toThrow();
  await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
  expect((await db.select().from(auditLog)).length).toBe(1);
});

it('the audit log refuses TRUNCATE (a statement-level trigger: row triggers do not see it)', async () => {
  const { db } = database;
  const before = (await db.select().from(auditLog)).length;
  expect(before).toBeGreaterThan(0);
  await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
  await expect(db.execute(sql`truncate audit_log restart identity cascade`)).rejects.toThrow();
  expect((await db.select().from(auditLog)).length).toBe(before);
});

it('the demo seed is idempotent and its people and unions are valid', async () => {
  const { db } = database;
  const clock = new ManualClock();
  await seedDictionaries(db);
  await seedDictionaries(db);
  expect(await seedDemo(db, clock, '长沙市')).toBe(true);
  const counts = async () => ({
    units: (await db.select().from(units)).length,
    persons: (await db.select().from(persons)).length,
    accounts: (await db.select().from(accounts)).length,
    dict: (await db.select().from(dictEntries)).length,
  });
  const first = await counts();
  expect(await seedDemo(db, clock, '长沙市')).toBe(false);
  expect(await counts()).toEqual(first);
  const types = (await db.select().from(units))
    .filter((u) => u.level === 1)
    .map((u) => u.uniType)
    .sort();
  expect(types).toEqual(['92', '93', '99']);
  for (const p of await db.select().from(persons)) expect(checkIdCard(p.certNo), p.certNo).toBeNull();
  for (const u of await db.select().from(units)) expect(checkUscc(u.uscc), u.uact).toBeNull();
});
