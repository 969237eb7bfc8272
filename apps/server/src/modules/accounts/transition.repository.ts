import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';

/** The values of accounts.status (its CHECK). */
export const ACCOUNT_STATUSES = ['active', 'disabled', 'pending', 'rejected'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** One account by id, or a unit's account (a unit has one). */
export type AccountTarget = { accountId: number } | { unitId: number };

/** Moves the account's status from one of `from` to `to`, atomically; false when it was in none of them. */
export async function moveStatus(db: Db, target: AccountTarget, from: readonly AccountStatus[], to: AccountStatus) {
  const which =
    'accountId' in target ? eq(accounts.id, target.accountId) : and(eq(accounts.unitId, target.unitId), eq(accounts.loginType, 'unit'));
  const rows = await db
    .update(accounts)
    .set({ status: to })
    .where(and(which, inArray(accounts.status, [...from])))
    .returning({ id: accounts.id });
  return rows.length > 0;
}
