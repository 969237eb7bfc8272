import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { persons, units } from '../../db/schema';

export async function unitByUact(db: Db, uact: string) {
  const [row] = await db.select({ uact: units.uact, empName: units.empName }).from(units).where(eq(units.uact, uact));
  return row;
}

export async function personByCertNo(db: Db, certNo: string) {
  const [row] = await db
    .select({ certNo: persons.certNo, name: persons.name })
    .from(persons)
    .where(and(eq(persons.certType, '01'), eq(persons.certNo, certNo)));
  return row;
}
