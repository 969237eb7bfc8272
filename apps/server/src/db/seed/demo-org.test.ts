import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../client';
import { seedDemo } from './demo';
import { seedDemoBusiness } from './demo-business';
import { seedDemoOrg } from './demo-org';
import { seedDictionaries } from './dictionaries';

let database: Database;
const clock = new ManualClock();
const rows = async (query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDictionaries(database.db);
  await seedDemo(database.db, clock, '长沙市');
  await seedDemoBusiness(database.db, clock, '长沙市');
});
afterAll(() => database.close());

it('shows every notification state of the 92 union and both branch states of the 93 union, once', async () => {
  expect(await seedDemoOrg(database.db, clock, '长沙市')).toBe(true);
  expect(await seedDemoOrg(database.db, clock, '长沙市')).toBe(false);
  const states = await rows(sql`select u.uact, u.notify_state, u.auth_state, u.insured from units u join units p on p.id = u.parent_id
    where p.uact in ('lhgh92001', 'hygh93001') order by u.uact`);
  expect(states.filter((s) => s.notify_state !== null).map((s) => s.notify_state)).toEqual(['3', '0', '1', '2']);
  expect(states.filter((s) => s.auth_state !== null).map((s) => s.auth_state)).toEqual(['1', '2', '1']);
  const staff = await rows(sql`select count(*)::int as n from staff s join units u on u.id = s.unit_id join persons p on p.id = s.person_id
    where u.uact = 'qydw92103' and p.insured`);
  expect(staff[0].n).toBe(3);
  expect(states.find((s) => s.uact === 'qydw92103')?.insured).toBe(true);
});
