import { and, count, desc, eq, ilike, lt, ne, sql } from 'drizzle-orm';
import type { NoticeKind } from '@hall/shared';
import type { Db } from '../../db/client';
import { notices } from '../../db/schema';
import { containing } from '../../lib/like';

export type NoticeRow = typeof notices.$inferSelect;
export type { NoticeStatus } from './transition.repository';

/** LIKE pattern for a search text: % and _ typed by the user are literal. */

/** One page of published items of a kind, newest first, with the total for the pager. */
export async function pagePublished(db: Db, kind: NoticeKind, query: { title?: string; pageNum: number; pageSize: number }) {
  const where = and(
    eq(notices.kind, kind),
    eq(notices.status, 'published'),
    query.title ? ilike(notices.title, containing(query.title)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notices.id,
        title: notices.title,
        publisher: notices.publisher,
        publishedAt: notices.publishedAt,
        attachmentCount: sql<number>`cardinality(${notices.attachmentIds})`,
      })
      .from(notices)
      .where(where)
      .orderBy(desc(notices.publishedAt), desc(notices.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ n: count() }).from(notices).where(where),
  ]);
  return { rows, total: Number(total.n) };
}

export async function findNotice(db: Db, id: number): Promise<NoticeRow | undefined> {
  const [row] = await db.select().from(notices).where(eq(notices.id, id));
  return row;
}

export async function insertNotice(db: Db, row: typeof notices.$inferInsert): Promise<number> {
  const [created] = await db.insert(notices).values(row).returning({ id: notices.id });
  return created.id;
}

/** A notice's own fields; its status moves in its transition. */
export async function updateNotice(db: Db, id: number, set: Omit<Partial<typeof notices.$inferInsert>, 'status'>) {
  await db.update(notices).set(set).where(eq(notices.id, id));
}

export async function listAll(db: Db) {
  return db.select().from(notices).orderBy(desc(notices.id));
}

/**
 * Adds a stored file to a notice not withdrawn that has fewer than `max` attachments, in one
 * statement (two uploads at once cannot pass the limit); the notice's status, or undefined when
 * it was refused. It waits on the row a publication or a withdrawal holds, so the status answered
 * is the one the file's visibility must follow.
 */
export async function appendAttachment(db: Db, id: number, fileId: string, max: number, now: Date) {
  const [row] = await db
    .update(notices)
    .set({ attachmentIds: sql`array_append(${notices.attachmentIds}, ${fileId}::uuid)`, updatedAt: now })
    .where(and(eq(notices.id, id), ne(notices.status, 'withdrawn'), lt(sql`cardinality(${notices.attachmentIds})`, max)))
    .returning({ status: notices.status });
  return row?.status;
}

/** Takes a file off a notice's attachments; false when it was not one of them. */
export async function removeAttachment(db: Db, id: number, fileId: string, now: Date) {
  const rows = await db
    .update(notices)
    .set({ attachmentIds: sql`array_remove(${notices.attachmentIds}, ${fileId}::uuid)`, updatedAt: now })
    .where(and(eq(notices.id, id), sql`${fileId}::uuid = any(${notices.attachmentIds})`))
    .returning({ id: notices.id });
  return rows.length === 1;
}
