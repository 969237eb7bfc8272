import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accounts, registrations, unitProfiles, units } from '../../db/schema';
import { containing } from '../../lib/like';

/** A unit by account with its registration (if it registered through the portal). */
export async function registrationByUact(db: Db, uact: string) {
  const [row] = await db
    .select({ unit: units, registration: registrations, profile: unitProfiles })
    .from(units)
    .leftJoin(registrations, eq(registrations.unitId, units.id))
    .leftJoin(unitProfiles, eq(unitProfiles.unitId, units.id))
    .where(eq(units.uact, uact));
  return row;
}

/**
 * Whether another unit already holds a credit code or a name. A unit whose registration was
 * rejected holds nothing (its applicant may submit again), nor does the unit `exceptUact`.
 */
export async function heldBy(db: Db, field: 'uscc' | 'empName', value: string, exceptUact?: string): Promise<boolean> {
  const column = field === 'uscc' ? units.uscc : units.empName;
  const [row] = await db
    .select({ id: units.id })
    .from(units)
    .leftJoin(registrations, eq(registrations.unitId, units.id))
    .where(
      and(
        eq(column, value),
        or(sql`${registrations.status} is null`, ne(registrations.status, 'rejected')),
        exceptUact ? ne(units.uact, exceptUact) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** Level-1 unions a unit may register under (92 joint primary, 93 industry), by name. */
export async function firstContacts(db: Db, empName?: string) {
  return db
    .select({ uact: units.uact, empName: units.empName, uniType: sql<string>`${units.uniType}` })
    .from(units)
    .innerJoin(accounts, and(eq(accounts.unitId, units.id), eq(accounts.loginType, 'unit')))
    .where(
      and(
        eq(units.level, 1),
        inArray(units.uniType, ['92', '93']),
        eq(accounts.status, 'active'),
        empName ? ilike(units.empName, containing(empName)) : undefined,
      ),
    )
    .orderBy(asc(units.uniType), asc(units.empName))
    .limit(200);
}

export async function upsertProfile(db: Db, unitId: number, profile: Omit<typeof unitProfiles.$inferInsert, 'unitId'>) {
  await db
    .insert(unitProfiles)
    .values({ unitId, ...profile })
    .onConflictDoUpdate({ target: unitProfiles.unitId, set: profile });
}

const parents = alias(units, 'parent');

/** Registrations for the operator, oldest waiting first. */
export async function listRegistrations(db: Db, status?: string) {
  return db
    .select({
      uact: units.uact,
      empName: units.empName,
      uscc: units.uscc,
      kind: registrations.kind,
      status: registrations.status,
      reason: registrations.reason,
      phone: registrations.phone,
      submittedAt: registrations.submittedAt,
      decidedAt: registrations.decidedAt,
      parentName: parents.empName,
    })
    .from(registrations)
    .innerJoin(units, eq(units.id, registrations.unitId))
    .leftJoin(parents, eq(parents.id, units.parentId))
    .where(status ? eq(registrations.status, status) : undefined)
    .orderBy(status === 'pending' ? asc(registrations.submittedAt) : desc(registrations.submittedAt))
    .limit(500);
}

/** Whether any account uses a login name (a unit account may not take a name in use). */
export async function loginNameTaken(db: Db, loginName: string) {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.loginName, loginName)).limit(1);
  return rows.length > 0;
}

type UnitValues = Omit<typeof units.$inferInsert, 'uact' | 'createdAt'>;

/**
 * A rejected unit's corrected submission: its unit row and the account's password (the account
 * goes back to pending with the registration). The unit is made anew, so its first notification
 * state is written as at an insert.
 */
export async function rewriteRejectedUnit(db: Db, unitId: number, values: UnitValues, passwordHash: string) {
  await db.update(units).set(values).where(eq(units.id, unitId));
  await db.update(accounts).set({ passwordHash }).where(eq(accounts.unitId, unitId));
}

/** A new unit with its pending account; answers the unit's id. */
export async function insertPendingUnit(db: Db, uact: string, values: UnitValues, passwordHash: string, now: Date) {
  const [unit] = await db
    .insert(units)
    .values({ uact, ...values, createdAt: now })
    .returning({ id: units.id });
  await db
    .insert(accounts)
    .values({ loginType: 'unit', loginName: uact, unitId: unit.id, passwordHash, status: 'pending', createdAt: now });
  return unit.id;
}

/** A registration's own fields; its status moves in its transition. */
export async function updateRegistration(db: Db, unitId: number, set: Omit<Partial<typeof registrations.$inferInsert>, 'status'>) {
  await db.update(registrations).set(set).where(eq(registrations.unitId, unitId));
}

export async function insertRegistration(db: Db, row: typeof registrations.$inferInsert) {
  await db.insert(registrations).values(row);
}

/** A unit's own fields; its states move in their transitions (org). */
export async function updateUnit(db: Db, unitId: number, values: Omit<Partial<typeof units.$inferInsert>, 'authState' | 'notifyState'>) {
  await db.update(units).set(values).where(eq(units.id, unitId));
}

export async function unitById(db: Db, unitId: number) {
  const [row] = await db.select().from(units).where(eq(units.id, unitId));
  return row;
}
