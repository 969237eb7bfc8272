import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { IdentityRow, LoginType } from '../../types';
import { preparedOnce } from '../../db/prepared';
import { accounts, captchas, loginGuards, persons, refreshTokens, sessions, units } from '../../db/schema';

export type { LoginType } from '../../types';

/** An account with the unit or person it belongs to. */
export async function findAccount(db: Db, loginType: LoginType, loginName: string) {
  const [row] = await db
    .select({ account: accounts, unit: units, person: persons })
    .from(accounts)
    .leftJoin(units, eq(units.id, accounts.unitId))
    .leftJoin(persons, eq(persons.id, accounts.personId))
    .where(and(eq(accounts.loginType, loginType), eq(accounts.loginName, loginName)));
  return row;
}

/**
 * Session, account, unit and person in one query by the session's primary key: the per-request
 * identity check. Only the columns the check and the caller need, as a prepared statement built
 * once per database (not rebuilt by the query builder on every call).
 */
const identityQuery = preparedOnce((db) =>
  db
    .select({
      session: {
        id: sessions.id,
        accountId: sessions.accountId,
        accessGen: sessions.accessGen,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        revokedAt: sessions.revokedAt,
        revokeReason: sessions.revokeReason,
      },
      account: {
        id: accounts.id,
        loginType: accounts.loginType,
        loginName: accounts.loginName,
        status: accounts.status,
        operatorName: accounts.operatorName,
        operatorRoles: accounts.operatorRoles,
        mustChangePassword: accounts.mustChangePassword,
      },
      unit: {
        id: units.id,
        uact: units.uact,
        empName: units.empName,
        level: units.level,
        uniType: units.uniType,
        parentId: units.parentId,
        insured: units.insured,
        authState: units.authState,
      },
      person: { id: persons.id, certNo: persons.certNo, name: persons.name, insured: persons.insured },
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(units, eq(units.id, accounts.unitId))
    .leftJoin(persons, eq(persons.id, accounts.personId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('hall_identity'),
);

export type { IdentityRow } from '../../types';

/** What the per-call identity check reads (the shape types.ts declares, so the node's cache can hold it). */
export async function findSessionWithAccount(db: Db, sessionId: string): Promise<IdentityRow | undefined> {
  const [row] = await identityQuery(db).execute({ sessionId });
  return row;
}

// --- login guards (failure counter and lock) ---

/**
 * Counts a login attempt before its password is checked, in one statement, so parallel attempts
 * each see their own number: a failure window that has passed (or an expired lock) starts again
 * at 1; a live lock is kept and not counted. Answers the attempt's number and the lock, if any.
 */
export async function countAttempt(db: Db, loginType: LoginType, loginName: string, now: Date, windowMs: number) {
  const windowFrom = new Date(now.getTime() - windowMs);
  const g = loginGuards;
  const [row] = await db
    .insert(g)
    .values({ loginType, loginName, failures: 1, windowStart: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: [g.loginType, g.loginName],
      set: {
        failures: sql`case when ${g.lockedUntil} > ${now} then ${g.failures}
          when ${g.lockedUntil} is not null or ${g.windowStart} <= ${windowFrom} then 1 else ${g.failures} + 1 end`,
        windowStart: sql`case when ${g.lockedUntil} > ${now} then ${g.windowStart}
          when ${g.lockedUntil} is not null or ${g.windowStart} <= ${windowFrom} then ${now} else ${g.windowStart} end`,
        lockedUntil: sql`case when ${g.lockedUntil} > ${now} then ${g.lockedUntil} else null end`,
      },
    })
    .returning({ failures: g.failures, lockedUntil: g.lockedUntil });
  return row;
}

/** Locks the login name until `until` (kept if a lock is already running). */
export async function lockGuard(db: Db, loginType: LoginType, loginName: string, until: Date) {
  const g = loginGuards;
  await db
    .update(g)
    .set({ lockedUntil: sql`greatest(coalesce(${g.lockedUntil}, ${until}), ${until})`, failures: 0 })
    .where(and(eq(g.loginType, loginType), eq(g.loginName, loginName)));
}

/** A new password is written and the must-change flag lifted (auth/password.service setPassword). */
export async function writePasswordHash(db: Db, accountId: number, passwordHash: string, now: Date, mustChangePassword = false) {
  await db.update(accounts).set({ passwordHash, passwordChangedAt: now, mustChangePassword }).where(eq(accounts.id, accountId));
}

export async function clearGuard(db: Db, loginType: LoginType, loginName: string) {
  await db.delete(loginGuards).where(and(eq(loginGuards.loginType, loginType), eq(loginGuards.loginName, loginName)));
}

// --- captchas ---

/** Expired captchas are swept at most this often per process (not on every issue: dead rows). */
const SWEEP_EVERY_MS = 30_000;
const lastSweep = new WeakMap<Db, number>();

export async function insertCaptcha(db: Db, row: typeof captchas.$inferInsert, now: Date) {
  // Expired rows are swept on the way in, so the table stays small without a scheduler.
  if (now.getTime() - (lastSweep.get(db) ?? 0) >= SWEEP_EVERY_MS) {
    lastSweep.set(db, now.getTime());
    await db.delete(captchas).where(lt(captchas.expiresAt, now));
  }
  await db.insert(captchas).values(row);
}

/**
 * Uses a captcha up (single use, whatever the answer): the row is deleted as it is read, so a
 * second use finds nothing. Answers its stored answer hash if it was live.
 */
export async function consumeCaptcha(db: Db, id: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .delete(captchas)
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt), sql`${captchas.expiresAt} > ${now}`))
    .returning({ answerHash: captchas.answerHash });
  return row?.answerHash;
}

// --- sessions and refresh tokens ---

/** Takes the account's row lock for the rest of the transaction (serialises its logins). */
export async function lockAccount(db: Db, accountId: number) {
  await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
}

export async function insertSession(db: Db, row: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(row);
}

export async function revokeSession(db: Db, sessionId: string, reason: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of an account except one (or all when keep is undefined). */
export async function revokeAccountSessions(db: Db, accountId: number, reason: string, now: Date, keep?: string) {
  const live = and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(keep ? and(live, ne(sessions.id, keep)) : live);
}

export async function touchSession(db: Db, sessionId: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** Raises the session's access generation; returns the new one. */
export async function bumpAccessGen(db: Db, sessionId: string, now: Date): Promise<number> {
  const [row] = await db
    .update(sessions)
    .set({ accessGen: sql`${sessions.accessGen} + 1`, lastSeenAt: now })
    .where(eq(sessions.id, sessionId))
    .returning({ accessGen: sessions.accessGen });
  return row.accessGen;
}

export async function insertRefreshToken(db: Db, sessionId: string, tokenHash: string, now: Date) {
  await db.insert(refreshTokens).values({ sessionId, tokenHash, issuedAt: now });
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks a refresh token used; false when it already was (a concurrent or repeated use). */
export async function consumeRefreshToken(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function listLiveSessions(db: Db, now: Date, idleMs: number) {
  return db
    .select({
      id: sessions.id,
      loginType: sessions.loginType,
      loginName: accounts.loginName,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(isNull(sessions.revokedAt), sql`${sessions.lastSeenAt} > ${new Date(now.getTime() - idleMs)}`))
    .orderBy(sessions.lastSeenAt);
}
