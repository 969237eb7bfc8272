import { eq } from 'drizzle-orm';
import { idCardCheckChar } from '@hall/shared';
import type { Db } from '../db/client';
import { accounts, persons, staff, units } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed/demo-data';
import { hashPassword } from '../lib/passwords';

/*
 * What the application tests build for themselves (the demo seed grows on its own): units of
 * their own with logins, and staff with valid ID numbers from a district the seed does not use.
 */

let serial = 0;
let passwordHash: string | undefined;

/** A valid ID number, unique within the test database; gender '1' male, '2' female. */
export function newCertNo(gender: '1' | '2'): string {
  serial++;
  const day = new Date(Date.UTC(1970, 0, 1) + serial * 86_400_000 * 3).toISOString().slice(0, 10).replace(/-/g, '');
  const seq = `${String(serial % 100).padStart(2, '0')}${gender === '1' ? 1 : 2}`;
  const body = `650102${day}${seq}`;
  return body + idCardCheckChar(body);
}

export async function createUnit(
  db: Db,
  u: { uact: string; name: string; level: 1 | 2; parent?: string; uniType?: '92' | '93' | '99'; insured?: boolean },
): Promise<number> {
  passwordHash ??= await hashPassword(DEMO_PASSWORD);
  let parentId: number | null = null;
  if (u.parent) [{ id: parentId }] = await db.select({ id: units.id }).from(units).where(eq(units.uact, u.parent));
  const [row] = await db
    .insert(units)
    .values({
      uact: u.uact,
      empName: u.name,
      level: u.level,
      uniType: u.uniType ?? null,
      parentId,
      insured: u.insured ?? true,
      createdAt: new Date(),
    })
    .returning({ id: units.id });
  await db.insert(accounts).values({ loginType: 'unit', loginName: u.uact, unitId: row.id, passwordHash, createdAt: new Date() });
  return row.id;
}

export interface TestStaff {
  staffId: number;
  personId: number;
  certNo: string;
  name: string;
  gender: '1' | '2';
}

/** Staff of a unit (new people), employed since 2020. */
export async function addStaff(
  db: Db,
  unitId: number,
  people: Array<{ name: string; gender: '1' | '2'; insured?: boolean }>,
): Promise<TestStaff[]> {
  const out: TestStaff[] = [];
  for (const p of people) {
    const certNo = newCertNo(p.gender);
    const [person] = await db
      .insert(persons)
      .values({ certNo, name: p.name, gender: p.gender, insured: p.insured ?? true, createdAt: new Date() })
      .returning({ id: persons.id });
    const [row] = await db
      .insert(staff)
      .values({ unitId, personId: person.id, joinedOn: '2020-01-01', createdAt: new Date(), updatedAt: new Date() })
      .returning({ id: staff.id });
    out.push({ staffId: row.id, personId: person.id, certNo, name: p.name, gender: p.gender });
  }
  return out;
}

/** 减员: the person leaves the unit on that day. */
export async function leave(db: Db, staffId: number, on: string) {
  await db.update(staff).set({ leftOn: on }).where(eq(staff.id, staffId));
}

export { multipart } from './multipart';
