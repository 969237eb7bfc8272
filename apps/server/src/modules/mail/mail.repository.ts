import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { MailMessage, Page } from '@hall/shared';
import type { Db } from '../../db/client';
import { mailMessages } from '../../db/schema';

export interface Recipient {
  kind: 'unit' | 'personal';
  key: string;
}

const ofRecipient = (r: Recipient): SQL => and(eq(mailMessages.recipientKind, r.kind), eq(mailMessages.recipientKey, r.key))!;

/** A page of a recipient's mail, newest first (index mail_recipient_idx), capped offset. */
export async function pageMail(
  db: Db,
  recipient: Recipient,
  query: { readFlag?: '0' | '1'; pageNum: number; pageSize: number },
): Promise<Page<MailMessage>> {
  const where = query.readFlag ? and(ofRecipient(recipient), eq(mailMessages.readFlag, query.readFlag)) : ofRecipient(recipient);
  const [{ total }] = await db.select({ total: count() }).from(mailMessages).where(where);
  const rows = await db
    .select()
    .from(mailMessages)
    .where(where)
    .orderBy(desc(mailMessages.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return {
    totlCnt: total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    list: rows.map((m) => ({
      id: String(m.id),
      title: m.title,
      content: m.content,
      sender: m.sender,
      readFlag: m.readFlag as '0' | '1',
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/** Marks one of the recipient's own messages read; false when it is not theirs (or does not exist). */
export async function markRead(db: Db, recipient: Recipient, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(mailMessages)
    .set({ readFlag: '1', readAt: now })
    .where(and(eq(mailMessages.id, id), ofRecipient(recipient)))
    .returning({ id: mailMessages.id });
  return rows.length === 1;
}

export async function sendMail(db: Db, recipient: Recipient, message: { title: string; content: string; sender: string }, now: Date) {
  await db.insert(mailMessages).values({ recipientKind: recipient.kind, recipientKey: recipient.key, ...message, createdAt: now });
}
