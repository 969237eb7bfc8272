import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, claims, periods, persons, units } from '../../db/schema';
import { containing } from '../../lib/like';

/** At most this many of each kind: the box opens a record, it is not a list. */
export const SEARCH_LIMIT = 10;

export const unitsBy = (db: Db, keyword: string) =>
  db
    .select({ id: units.id, uact: units.uact, empName: units.empName, level: units.level })
    .from(units)
    .where(or(eq(units.uact, keyword), eq(units.uscc, keyword.toUpperCase()), ilike(units.empName, containing(keyword))))
    .orderBy(asc(units.id))
    .limit(SEARCH_LIMIT);

/** People by the whole ID number (its unique index) or the whole name (persons_name_idx). */
export const personsBy = (db: Db, keyword: string) =>
  db
    .select({ id: persons.id, name: persons.name, certNo: persons.certNo, phone: persons.phone })
    .from(persons)
    .where(or(and(eq(persons.certType, '01'), eq(persons.certNo, keyword.toUpperCase())), eq(persons.name, keyword)))
    .orderBy(asc(persons.id))
    .limit(SEARCH_LIMIT);

export async function personById(db: Db, id: number) {
  const [row] = await db
    .select({ id: persons.id, name: persons.name, certNo: persons.certNo, phone: persons.phone })
    .from(persons)
    .where(eq(persons.id, id));
  return row;
}

export async function claimByNo(db: Db, claimNo: string) {
  const [row] = await db
    .select({ id: claims.id, claimNo: claims.claimNo, state: claims.state, personName: persons.name })
    .from(claims)
    .innerJoin(persons, eq(persons.id, claims.personId))
    .where(eq(claims.claimNo, claimNo));
  return row;
}

export async function applicationById(db: Db, id: number, year: number) {
  const [row] = await db
    .select({ id: applications.id, state: applications.state, empName: units.empName, year: periods.year })
    .from(applications)
    .innerJoin(units, eq(units.id, applications.unitId))
    .innerJoin(periods, eq(periods.id, applications.periodId))
    .where(and(eq(applications.id, id), eq(periods.year, year)));
  return row;
}
