import type { OperatorRole } from '@hall/shared';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, loginGuards, persons, units } from '../../db/schema';
import { containing } from '../../lib/like';
import type { LoginType } from '../../types';

/** A unit by its login account (the units table's row; the one look-up by account). */
export async function unitByUact(db: Db, uact: string) {
  const [row] = await db.select().from(units).where(eq(units.uact, uact));
  return row;
}

/** A unit created by the operator with its active account. */
export async function insertUnitWithAccount(db: Db, unit: typeof units.$inferInsert, passwordHash: string, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx.insert(units).values(unit).returning({ id: units.id });
    await tx.insert(accounts).values({ loginType: 'unit', loginName: unit.uact, unitId: row.id, passwordHash, createdAt: now });
  });
}

/** An operator account of the back office (no unit, no person). */
export async function insertOperatorAccount(
  db: Db,
  operator: { loginName: string; operatorName: string; operatorRoles: OperatorRole[]; passwordHash: string },
  now: Date,
) {
  // A first password someone else typed: changed at the first login (OPERATOR_FIRST_PASSWORD).
  await db.insert(accounts).values({ loginType: 'operator', ...operator, mustChangePassword: true, createdAt: now });
}

/** Sets an operator's roles; answers whether the operator exists. */
export async function setOperatorRoles(db: Db, loginName: string, operatorRoles: OperatorRole[]): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ operatorRoles })
    .where(and(eq(accounts.loginType, 'operator'), eq(accounts.loginName, loginName)))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/** Whether another operator already goes by this name (audit rows and decisions record the name). */
export async function operatorNameTaken(db: Db, operatorName: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.loginType, 'operator'), eq(accounts.operatorName, operatorName)))
    .limit(1);
  return row !== undefined;
}

export async function listOperators(db: Db) {
  return db
    .select({
      loginName: accounts.loginName,
      name: accounts.operatorName,
      roles: accounts.operatorRoles,
      status: accounts.status,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .where(eq(accounts.loginType, 'operator'))
    .orderBy(asc(accounts.loginName));
}

/** What the administrator's account list shows of an account (its unit's or person's name, its lock). */
const accountView = {
  accountId: accounts.id,
  loginType: accounts.loginType,
  loginName: accounts.loginName,
  status: accounts.status,
  roles: accounts.operatorRoles,
  mustChangePassword: accounts.mustChangePassword,
  operatorName: accounts.operatorName,
  unitName: units.empName,
  personName: persons.name,
  lockedUntil: loginGuards.lockedUntil,
};

const accountRows = (db: Db) =>
  db
    .select(accountView)
    .from(accounts)
    .leftJoin(units, eq(units.id, accounts.unitId))
    .leftJoin(persons, eq(persons.id, accounts.personId))
    .leftJoin(loginGuards, and(eq(loginGuards.loginType, accounts.loginType), eq(loginGuards.loginName, accounts.loginName)));

/**
 * Accounts of one login type by a keyword, at most 50: a unit by its account, credit code or a part
 * of its name; a worker by the whole ID number (indexed: no scan of the city's people); an
 * operator by account or a part of the name.
 */
export async function findAccounts(db: Db, loginType: LoginType, keyword: string) {
  const match =
    loginType === 'unit'
      ? or(eq(accounts.loginName, keyword), eq(units.uscc, keyword.toUpperCase()), ilike(units.empName, containing(keyword)))
      : loginType === 'personal'
        ? eq(accounts.loginName, keyword.toUpperCase())
        : or(eq(accounts.loginName, keyword), ilike(accounts.operatorName, containing(keyword)));
  return accountRows(db)
    .where(and(eq(accounts.loginType, loginType), match))
    .orderBy(asc(accounts.id))
    .limit(50);
}

export async function accountById(db: Db, id: number) {
  const [row] = await accountRows(db).where(eq(accounts.id, id));
  return row;
}

export const operatorAccounts = (db: Db) => accountRows(db).where(eq(accounts.loginType, 'operator')).orderBy(asc(accounts.loginName));
