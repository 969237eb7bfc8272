import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { verificationCodes } from '../../db/schema';

export interface CodeKey {
  channel: 'sms' | 'email';
  target: string;
  purpose: string;
}

/** Serialises the sends to one target, so two requests at once cannot both pass the limits. */
export async function lockTarget(db: Db, target: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${'verify:' + target}))`);
}

/** Codes sent to a target since a moment (all purposes): the send limits count these. */
export async function sentSince(db: Db, key: Pick<CodeKey, 'channel' | 'target'>, since: Date) {
  const [row] = await db
    .select({ n: count(), last: sql<Date | string | null>`max(${verificationCodes.createdAt})` })
    .from(verificationCodes)
    .where(
      and(eq(verificationCodes.channel, key.channel), eq(verificationCodes.target, key.target), gt(verificationCodes.createdAt, since)),
    );
  return { count: Number(row.n), last: row.last ? new Date(row.last) : null };
}

export async function insertCode(db: Db, row: typeof verificationCodes.$inferInsert, sweepBefore: Date) {
  // Codes older than a day count for no limit any more: swept on the way in, no scheduler needed.
  await db.delete(verificationCodes).where(lt(verificationCodes.createdAt, sweepBefore));
  await db.insert(verificationCodes).values(row);
}

/** The newest code for the key: only the last one sent can be used. */
export async function latestCode(db: Db, key: CodeKey) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(eq(verificationCodes.channel, key.channel), eq(verificationCodes.target, key.target), eq(verificationCodes.purpose, key.purpose)),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return row;
}

/** Counts a wrong try; answers the failures so far. */
export async function countFailure(db: Db, id: number): Promise<number> {
  const [row] = await db
    .update(verificationCodes)
    .set({ failures: sql`${verificationCodes.failures} + 1` })
    .where(eq(verificationCodes.id, id))
    .returning({ failures: verificationCodes.failures });
  return row.failures;
}

/** Uses the code up; false when another request used it first. */
export async function markUsed(db: Db, id: number, now: Date, maxFailures: number): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt), lt(verificationCodes.failures, maxFailures)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}
