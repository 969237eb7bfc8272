import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export async function insertOutbox(db: Db, row: typeof outbox.$inferInsert) {
  await db.insert(outbox).values(row);
}

/** The newest messages first, optionally to one target or on one channel. */
export async function listOutbox(db: Db, filter: { target?: string; channel?: string; limit: number }) {
  return db
    .select()
    .from(outbox)
    .where(
      and(filter.target ? eq(outbox.target, filter.target) : undefined, filter.channel ? eq(outbox.channel, filter.channel) : undefined),
    )
    .orderBy(desc(outbox.id))
    .limit(filter.limit);
}
