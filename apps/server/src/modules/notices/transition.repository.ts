import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notices } from '../../db/schema';

export type NoticeStatus = 'draft' | 'published' | 'withdrawn';

/** Moves a notice still in one of `from` to `to`; false when it was in none of them. */
export async function moveStatus(db: Db, id: number, from: readonly NoticeStatus[], to: NoticeStatus, now: Date) {
  const rows = await db
    .update(notices)
    .set({ status: to, updatedAt: now })
    .where(and(eq(notices.id, id), inArray(notices.status, [...from])))
    .returning({ id: notices.id });
  return rows.length === 1;
}
