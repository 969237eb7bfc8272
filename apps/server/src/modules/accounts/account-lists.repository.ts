import { and, asc, eq, gt, ilike, isNotNull, max, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, loginGuards, persons, sessions, units } from '../../db/schema';
import { containing } from '../../lib/like';

/*
 * The back office's account lists (账号管理): unions, a union's units, workers' accounts, each a
 * page by keyset on an indexed id (`after`: the last id of the page before), `limit` rows (the
 * service asks one more than it shows, to know whether a next page exists).
 */

/** An account's lock: login_guards by its primary key (login type, login name). */
const guardOf = and(eq(loginGuards.loginType, accounts.loginType), eq(loginGuards.loginName, accounts.loginName));
const unitAccount = and(eq(accounts.unitId, units.id), eq(accounts.loginType, 'unit'));

const unitAccountColumns = {
  unitId: units.id,
  uact: units.uact,
  name: units.empName,
  accountId: accounts.id,
  status: accounts.status,
  lockedUntil: loginGuards.lockedUntil,
};

/**
 * Level-1 unions by id, with how many units each has (counted through units_parent_idx, a page's
 * unions at a time). A keyword is the union's account (exact) or a part of its name: the unions
 * are a few hundred of the city's units, so the name filter reads only them.
 */
export async function unionPage(db: Db, f: { keyword?: string; uniType?: string; regionCode?: string; after?: number }, limit: number) {
  const where: (SQL | undefined)[] = [
    // A literal, not a parameter: the predicate of units_union_idx.
    sql`${units.level} = 1`,
    f.keyword ? or(eq(units.uact, f.keyword), ilike(units.empName, containing(f.keyword))) : undefined,
    f.uniType ? eq(units.uniType, f.uniType) : undefined,
    f.regionCode ? eq(units.regionCode, f.regionCode) : undefined,
    f.after ? gt(units.id, f.after) : undefined,
  ];
  return db
    .select({
      ...unitAccountColumns,
      uniType: units.uniType,
      regionCode: units.regionCode,
      units: sql<number>`(select count(*)::int from ${units} as sub where sub.parent_id = ${units.id})`,
    })
    .from(units)
    .innerJoin(accounts, unitAccount)
    .leftJoin(loginGuards, guardOf)
    .where(and(...where))
    .orderBy(asc(units.id))
    .limit(limit);
}

/** The districts the level-1 unions are in (through units_union_idx: only the unions are read). */
export async function unionDistricts(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: units.regionCode })
    .from(units)
    .where(and(sql`${units.level} = 1`, isNotNull(units.regionCode)))
    .orderBy(asc(units.regionCode));
  return rows.map((r) => r.code!);
}

/** A level-1 union by id (undefined: none, or a level-2 unit). */
export async function unionById(db: Db, id: number) {
  const [row] = await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.id, id), eq(units.level, 1)));
  return row;
}

/** One union's units by id (units_parent_idx), with their states and accounts. */
export async function unionUnitPage(db: Db, unionId: number, after: number | undefined, limit: number) {
  return db
    .select({
      ...unitAccountColumns,
      uscc: units.uscc,
      authState: units.authState,
      notifyState: units.notifyState,
      insured: units.insured,
    })
    .from(units)
    .innerJoin(accounts, unitAccount)
    .leftJoin(loginGuards, guardOf)
    .where(and(eq(units.parentId, unionId), after ? gt(units.id, after) : undefined))
    .orderBy(asc(units.id))
    .limit(limit);
}

/**
 * Workers' personal accounts by account id (the primary key's order). A keyword is a whole ID
 * number (accounts_login_key) or a whole name (persons_name_idx): never a scan of the city's
 * people.
 */
export async function personAccountPage(db: Db, f: { certNo?: string; name?: string; after?: number }, limit: number) {
  return db
    .select({
      accountId: accounts.id,
      personId: persons.id,
      name: persons.name,
      certNo: persons.certNo,
      phone: persons.phone,
      status: accounts.status,
      lockedUntil: loginGuards.lockedUntil,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .innerJoin(persons, eq(persons.id, accounts.personId))
    .leftJoin(loginGuards, guardOf)
    .where(
      and(
        eq(accounts.loginType, 'personal'),
        f.certNo ? eq(accounts.loginName, f.certNo) : undefined,
        f.name ? eq(persons.name, f.name) : undefined,
        f.after ? gt(accounts.id, f.after) : undefined,
      ),
    )
    .orderBy(asc(accounts.id))
    .limit(limit);
}

/** One account in full for its detail: its unit's or person's facts, its lock. */
export async function accountFacts(db: Db, id: number) {
  const [row] = await db
    .select({
      accountId: accounts.id,
      loginType: accounts.loginType,
      loginName: accounts.loginName,
      status: accounts.status,
      roles: accounts.operatorRoles,
      mustChangePassword: accounts.mustChangePassword,
      operatorName: accounts.operatorName,
      createdAt: accounts.createdAt,
      passwordChangedAt: accounts.passwordChangedAt,
      lockedUntil: loginGuards.lockedUntil,
      unitName: units.empName,
      uscc: units.uscc,
      level: units.level,
      uniType: units.uniType,
      parentId: units.parentId,
      authState: units.authState,
      notifyState: units.notifyState,
      unitInsured: units.insured,
      personName: persons.name,
      certNo: persons.certNo,
      phone: persons.phone,
    })
    .from(accounts)
    .leftJoin(units, eq(units.id, accounts.unitId))
    .leftJoin(persons, eq(persons.id, accounts.personId))
    .leftJoin(loginGuards, guardOf)
    .where(eq(accounts.id, id));
  return row;
}

export async function unitName(db: Db, id: number) {
  const [row] = await db.select({ name: units.empName }).from(units).where(eq(units.id, id));
  return row?.name ?? null;
}

/** When the account last logged in: its newest session (sessions_account_idx). */
export async function lastLogin(db: Db, accountId: number) {
  const [row] = await db
    .select({ at: max(sessions.createdAt) })
    .from(sessions)
    .where(eq(sessions.accountId, accountId));
  return row?.at ?? null;
}
