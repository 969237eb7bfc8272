import { and, asc, count, eq, gt, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, insuredRegistry, unitProfiles, units } from '../../db/schema';
import type { SubFilter } from '@hall/shared';
import { containing } from '../../lib/like';

/** One of a union's level-2 units by uact (acting for a branch). */
export async function branchOf(db: Db, unionId: number, uact: string) {
  const [row] = await db
    .select()
    .from(units)
    .where(and(eq(units.parentId, unionId), eq(units.uact, uact), eq(units.level, 2)));
  return row;
}

const subColumns = {
  id: units.id,
  uact: units.uact,
  name: units.empName,
  uscc: units.uscc,
  contactName: unitProfiles.contactName,
  contactPhone: units.contactTel,
  address: units.address,
  insured: units.insured,
  notifyState: units.notifyState,
  authState: units.authState,
  accountId: accounts.id,
  accountState: accounts.status,
  createdAt: units.createdAt,
};
export type SubRecord = Awaited<ReturnType<typeof subById>>;

const subQuery = (db: Db) =>
  db
    .select(subColumns)
    .from(units)
    .innerJoin(accounts, and(eq(accounts.unitId, units.id), eq(accounts.loginType, 'unit')))
    .leftJoin(unitProfiles, eq(unitProfiles.unitId, units.id));

function filterOf(unionId: number, f: SubFilter): SQL {
  const where: SQL[] = [eq(units.parentId, unionId)];
  if (f.name) where.push(ilike(units.empName, containing(f.name)));
  if (f.uscc) where.push(eq(units.uscc, f.uscc));
  if (f.notifyState) where.push(eq(units.notifyState, f.notifyState));
  if (f.authState) where.push(eq(units.authState, f.authState));
  if (f.accountState) where.push(eq(accounts.status, f.accountState));
  return and(...where)!;
}

/** A union's level-2 units, paged (newest last: the order they were added). */
export async function subPage(db: Db, unionId: number, f: SubFilter, page: { pageNum: number; pageSize: number }) {
  const where = filterOf(unionId, f);
  const [{ n }] = await db
    .select({ n: count() })
    .from(units)
    .innerJoin(accounts, and(eq(accounts.unitId, units.id), eq(accounts.loginType, 'unit')))
    .where(where);
  const list = await subQuery(db)
    .where(where)
    .orderBy(asc(units.id))
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize);
  return { list, total: n };
}

/** Every row of the filter in pages by id (the export; a union has at most some thousands, 50,000 rows at most). */
export async function* subPages(db: Db, unionId: number, f: SubFilter, page = 1000) {
  const where = filterOf(unionId, f);
  let after = 0;
  for (let sent = 0; sent < 50_000; sent += page) {
    const rows = await subQuery(db)
      .where(and(where, gt(units.id, after)))
      .orderBy(asc(units.id))
      .limit(page);
    if (rows.length) yield rows;
    if (rows.length < page) return;
    after = rows[rows.length - 1].id;
  }
}

/** One of the union's units by id, or undefined (another union's, or none). */
export async function subById(db: Db, unionId: number, id: number) {
  const [row] = await subQuery(db).where(and(eq(units.id, id), eq(units.parentId, unionId)));
  return row;
}

/** The union's released branches (代分会办理 options). */
export async function releasedBranches(db: Db, unionId: number) {
  return db
    .select({ uact: units.uact, name: units.empName })
    .from(units)
    .where(and(eq(units.parentId, unionId), eq(units.authState, '2')))
    .orderBy(asc(units.id));
}

/** How many of `ids` are the union's. */
export async function countOwn(db: Db, unionId: number, ids: number[]) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(units)
    .where(and(inArray(units.id, ids), eq(units.parentId, unionId)));
  return n;
}

export async function uactTaken(db: Db, uact: string) {
  const [a] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(sql`lower(${accounts.loginName})`, uact.toLowerCase()))
    .limit(1);
  if (a) return true;
  const [u] = await db
    .select({ id: units.id })
    .from(units)
    .where(eq(sql`lower(${units.uact})`, uact.toLowerCase()))
    .limit(1);
  return u !== undefined;
}

/** Another unit holding this credit code (not `exceptId`). */
export async function usccTaken(db: Db, uscc: string, exceptId?: number) {
  const rows = await db.select({ id: units.id }).from(units).where(eq(units.uscc, uscc)).limit(2);
  return rows.some((r) => r.id !== exceptId);
}

export async function registryInsured(db: Db, uscc: string) {
  const [row] = await db
    .select({ active: insuredRegistry.active })
    .from(insuredRegistry)
    .where(and(eq(insuredRegistry.kind, 'unit'), eq(insuredRegistry.code, uscc)));
  return row?.active === true;
}

export interface SubValues {
  name: string;
  uscc: string;
  contactName: string;
  contactPhone: string;
  address?: string;
}

/** A level-2 unit with its account (the first password to be changed) and its contact. */
export async function insertSub(
  db: Db,
  union: { id: number; uniType: string },
  uact: string,
  v: SubValues,
  insured: boolean,
  passwordHash: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(units)
      .values({
        uact,
        empName: v.name,
        uscc: v.uscc,
        level: 2,
        parentId: union.id,
        insured,
        notifyState: union.uniType === '92' ? '0' : null,
        authState: union.uniType === '93' ? '1' : null,
        contactTel: v.contactPhone,
        address: v.address ?? null,
        infoComplete: true,
        createdAt: now,
      })
      .returning({ id: units.id });
    await tx
      .insert(accounts)
      .values({ loginType: 'unit', loginName: uact, unitId: row.id, passwordHash, mustChangePassword: true, createdAt: now });
    await tx.insert(unitProfiles).values({ unitId: row.id, contactName: v.contactName, updatedAt: now });
    return row.id;
  });
}

export async function updateSub(db: Db, unionId: number, id: number, v: SubValues, now: Date) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(units)
      .set({ empName: v.name, uscc: v.uscc, contactTel: v.contactPhone, address: v.address ?? null })
      .where(and(eq(units.id, id), eq(units.parentId, unionId)))
      .returning({ id: units.id });
    if (rows.length === 0) return false;
    await tx
      .insert(unitProfiles)
      .values({ unitId: id, contactName: v.contactName, updatedAt: now })
      .onConflictDoUpdate({ target: unitProfiles.unitId, set: { contactName: v.contactName, updatedAt: now } });
    return true;
  });
}
