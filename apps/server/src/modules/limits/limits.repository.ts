import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateHits } from '../../db/schema';

/**
 * Adds one hit to a counter window and answers the count, in one statement: parallel requests
 * each get their own number, so none slips past a limit. `fresh` is true for a new window row.
 */
export async function addHit(db: Db, scope: string, key: string, windowStart: Date, expiresAt: Date) {
  const [row] = await db
    .insert(rateHits)
    .values({ scope, key, windowStart, hits: 1, expiresAt })
    .onConflictDoUpdate({ target: [rateHits.scope, rateHits.key, rateHits.windowStart], set: { hits: sql`${rateHits.hits} + 1` } })
    .returning({ hits: rateHits.hits });
  return row.hits;
}

/** Counters whose window has ended. */
export async function sweepHits(db: Db, now: Date) {
  await db.delete(rateHits).where(lt(rateHits.expiresAt, now));
}
