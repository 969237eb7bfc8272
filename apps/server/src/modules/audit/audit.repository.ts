import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export const AUDIT_PAGE = 50;

/** A page of the audit log, newest first, by id (keyset): the filters are columns the indexes hold. */
export async function auditPage(
  db: Db,
  f: { actor?: string; action?: string; from?: Date; to?: Date; before?: number },
  limit = AUDIT_PAGE + 1,
) {
  const where: (SQL | undefined)[] = [
    f.actor ? eq(auditLog.actorKey, f.actor) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.from ? gte(auditLog.at, f.from) : undefined,
    f.to ? lt(auditLog.at, f.to) : undefined,
    f.before ? lt(auditLog.id, f.before) : undefined,
  ];
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/** What an account does about itself that its history shows (not its business: staff, claims …). */
export const ACCOUNT_OWN_ACTIONS = [
  'login',
  'login-failed',
  'login-locked',
  'logout',
  'refresh-reuse',
  'password-change',
  'password-recover',
  'register',
  'email-bind',
  'phone-change',
] as const;

/**
 * An account's history, newest first, at most `limit` rows of each kind: what was done under its
 * login (audit_actor_idx; a failed login or a lock is written before anyone is logged in, as
 * anonymous with the login type in its detail) and the operators' actions naming its id
 * (audit_account_idx).
 */
export async function accountHistory(db: Db, who: { accountId: number; loginType: string; loginName: string }, limit: number) {
  const own = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorKey, who.loginName),
        inArray(auditLog.action, [...ACCOUNT_OWN_ACTIONS]),
        or(
          eq(auditLog.actorKind, who.loginType),
          and(eq(auditLog.actorKind, 'anonymous'), sql`${auditLog.detail} ->> 'loginType' = ${who.loginType}`),
        ),
      ),
    )
    .orderBy(desc(auditLog.at))
    .limit(limit);
  // The literal 'operator' (not a parameter) is what lets the planner use the partial index.
  const byOperators = await db
    .select()
    .from(auditLog)
    .where(and(sql`${auditLog.action} = 'operator'`, sql`${auditLog.detail} ->> 'accountId' = ${String(who.accountId)}`))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return [...own, ...byOperators].sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id).slice(0, limit);
}
