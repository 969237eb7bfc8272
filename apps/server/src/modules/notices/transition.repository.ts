import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notices } from '../../db/schema';

export type NoticeStatus = 'draft' | 'published' | 'withdrawn';

/**
 * Moves a notice still in one of `from` to `to` (a publication stamps its time in the same
 * statement: a published notice always has one); false when it was in none of them.
 */
export async function moveStatus(db: Db, id: number, from: readonly NoticeStatus[], to: NoticeStatus, now: Date) {
  const rows = await db
    .update(notices)
    .set({ status: to, updatedAt: now, ...(to === 'published' ? { publishedAt: now } : {}) })
    .where(and(eq(notices.id, id), inArray(notices.status, [...from])))
    .returning({ id: notices.id, attachmentIds: notices.attachmentIds });
  return rows[0];
}
