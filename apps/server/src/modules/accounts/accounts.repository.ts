import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, units } from '../../db/schema';

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
export async function insertOperatorAccount(db: Db, loginName: string, operatorName: string, passwordHash: string, now: Date) {
  await db.insert(accounts).values({ loginType: 'operator', loginName, operatorName, passwordHash, createdAt: now });
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
    .select({ loginName: accounts.loginName, name: accounts.operatorName, status: accounts.status, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.loginType, 'operator'))
    .orderBy(asc(accounts.loginName));
}
