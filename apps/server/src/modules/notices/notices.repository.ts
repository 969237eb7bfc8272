import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { NoticeKind } from '@hall/shared';
import type { Db } from '../../db/client';
import { notices } from '../../db/schema';

export type NoticeRow = typeof notices.$inferSelect;

/** LIKE pattern for a search text: % and _ typed by the user are literal. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

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
