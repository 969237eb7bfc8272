import { idCardCheckChar } from '@hall/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { insuredRegistry, registryLoads } from '../db/schema';

/**
 * Rosters for tests and the benchmark: valid ID numbers by index (n → a distinct person; gender
 * follows n's parity), names, and the insurance bureau's registry rows that make them insurable.
 */
export function certNoOf(n: number, district = '430104'): string {
  const birth = new Date(Date.UTC(1970, 0, 1) + Math.floor(n / 1000) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const body = `${district}${birth}${String(n % 1000).padStart(3, '0')}`;
  return body + idCardCheckChar(body);
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英';
export const nameOf = (n: number) =>
  SURNAMES[n % SURNAMES.length] + GIVEN[Math.floor(n / SURNAMES.length) % GIVEN.length] + GIVEN[(n * 7) % GIVEN.length];

/** Registers people with the bureau (active unless said otherwise), as a registry load would. */
export async function registerPersons(db: Db, people: Array<{ certNo: string; name: string; active?: boolean }>, now = new Date()) {
  const [load] = await db
    .insert(registryLoads)
    .values({ fileName: 'test.csv', operator: 'test', rows: people.length, added: people.length, changed: 0, loadedAt: now })
    .returning({ id: registryLoads.id });
  for (let i = 0; i < people.length; i += 5000) {
    const part = people.slice(i, i + 5000);
    await db
      .insert(insuredRegistry)
      .values(part.map((p) => ({ kind: 'person', code: p.certNo, name: p.name, active: p.active ?? true, loadId: load.id })))
      .onConflictDoUpdate({
        target: [insuredRegistry.kind, insuredRegistry.code],
        set: { name: sql`excluded.name`, active: sql`excluded.active`, loadId: sql`excluded.load_id` },
      });
  }
}
