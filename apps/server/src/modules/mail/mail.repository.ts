import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { MailMessage, Page } from '@hall/shared';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { cappedCount } from '../../lib/capped-count.repository';
import { containing } from '../../lib/like';
import { mailMessages } from '../../db/schema';

export interface Recipient {
  kind: 'unit' | 'personal';
  key: string;
}

const ofRecipient = (r: Recipient): SQL => and(eq(mailMessages.recipientKind, r.kind), eq(mailMessages.recipientKey, r.key))!;

/**
 * A page of a recipient's mail, newest first, capped offset (pageNum ≤ 500). Served by the index
 * mail_recipient_idx (recipient_kind, recipient_key, read_flag, id): with a read filter, one
 * backward index scan; without one, the unread and the read messages are each read newest first
 * from the index, at most offset + pageSize rows of each, and merged (Merge Append, no sort of
 * the whole inbox; docs/decisions.md, "Inbox page by two index scans").
 */
const ph = sql.placeholder;
const ofPlaceholders = and(eq(mailMessages.recipientKind, ph('kind')), eq(mailMessages.recipientKey, ph('key')));
const withFlag = and(ofPlaceholders, eq(mailMessages.readFlag, ph('readFlag')));
const newestOf = (db: Db, readFlag: '0' | '1' | undefined, limit: ReturnType<typeof ph>) =>
  db
    .select()
    .from(mailMessages)
    .where(and(ofPlaceholders, eq(mailMessages.readFlag, readFlag ?? ph('readFlag'))))
    .orderBy(desc(mailMessages.id))
    .limit(limit);

// Every page of the portal asks for the unread count (the header badge): these run prepared.
const unreadCountQuery = preparedOnce((db) =>
  db.select({ total: count() }).from(mailMessages).where(withFlag).prepare('mail_unread_count'),
);
const flagPageQuery = preparedOnce((db) => newestOf(db, undefined, ph('limit')).offset(ph('offset')).prepare('mail_page_flag'));
const mergedPageQuery = preparedOnce((db) =>
  newestOf(db, '0', ph('depth'))
    .unionAll(newestOf(db, '1', ph('depth')))
    .orderBy(desc(mailMessages.id))
    .limit(ph('limit'))
    .offset(ph('offset'))
    .prepare('mail_page'),
);

/**
 * A page of a recipient's mail, newest first, capped offset (pageNum ≤ 500). Served by the index
 * mail_recipient_idx (recipient_kind, recipient_key, read_flag, id): with a read filter, one
 * backward index scan; without one, the unread and the read messages are each read newest first
 * from the index, at most offset + pageSize rows of each, and merged (Merge Append, no sort of
 * the whole inbox; docs/decisions.md, "Inbox page by two index scans").
 */
export async function pageMail(
  db: Db,
  recipient: Recipient,
  query: { readFlag?: '0' | '1'; pageNum: number; pageSize: number },
): Promise<Page<MailMessage>> {
  const offset = (query.pageNum - 1) * query.pageSize;
  const who = { kind: recipient.kind, key: recipient.key };
  // The unread count is exact (the portal's badge reads it here with pageSize 1, on every page:
  // prepared); the other lists count up to the cap: without a read filter the whole inbox would be visited.
  const where = query.readFlag ? and(ofRecipient(recipient), eq(mailMessages.readFlag, query.readFlag)) : ofRecipient(recipient);
  const total =
    query.readFlag === '0'
      ? { totlCnt: (await unreadCountQuery(db).execute({ ...who, readFlag: '0' }))[0].total }
      : await cappedCount(db, db.select({ id: mailMessages.id }).from(mailMessages).where(where));
  const rows = query.readFlag
    ? await flagPageQuery(db).execute({ ...who, readFlag: query.readFlag, limit: query.pageSize, offset })
    : await mergedPageQuery(db).execute({ ...who, depth: offset + query.pageSize, limit: query.pageSize, offset });
  return {
    ...total,
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

/**
 * Marks the recipient's unread messages read in one statement: the ones named, or all of them.
 * Ids of other recipients match nothing (the recipient is part of the condition). Answers how many changed.
 */
export async function markManyRead(db: Db, recipient: Recipient, ids: number[] | 'all', now: Date): Promise<number> {
  const unread = and(ofRecipient(recipient), eq(mailMessages.readFlag, '0'));
  const rows = await db
    .update(mailMessages)
    .set({ readFlag: '1', readAt: now })
    .where(ids === 'all' ? unread : and(unread, inArray(mailMessages.id, ids)))
    .returning({ id: mailMessages.id });
  return rows.length;
}

export async function sendMail(db: Db, recipient: Recipient, message: { title: string; content: string; sender: string }, now: Date) {
  await db.insert(mailMessages).values({ recipientKind: recipient.kind, recipientKey: recipient.key, ...message, createdAt: now });
}

/** A unit that reads mail: it has a registered account (active or disabled; not a registration pending or refused). */
const registered = (unit: SQL) =>
  sql`exists (select 1 from accounts a where a.login_type = 'unit' and a.unit_id = ${unit} and a.status in ('active', 'disabled'))`;

/**
 * To a level-1 union and every registered unit under it: one message each, one INSERT … SELECT
 * over units_parent_idx. Answers how many were sent.
 */
export async function sendUnionMail(db: Db, unionId: number, message: { title: string; content: string; sender: string }, now: Date) {
  const result = await db.execute(sql`
    insert into mail_messages (recipient_kind, recipient_key, title, content, sender, read_flag, created_at)
    select 'unit', u.uact, ${message.title}, ${message.content}, ${message.sender}, '0', ${now}
    from units u
    where (u.id = ${unionId} or u.parent_id = ${unionId}) and ${registered(sql`u.id`)}
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Level-1 unions by the whole account or a part of the name (at most `limit`), each with how many
 * units a message to it reaches (counted over units_parent_idx, the same rule as sendUnionMail).
 */
export async function unionsWithReach(db: Db, keyword: string, limit: number) {
  const result = await db.execute(sql`
    select u.uact, u.emp_name as name,
      (select count(*) from units m where (m.id = u.id or m.parent_id = u.id) and ${registered(sql`m.id`)})::int as units
    from units u
    where u.level = 1 and (u.uact = ${keyword} or u.emp_name ilike ${containing(keyword)})
    order by u.uact
    limit ${limit}`);
  return (result as unknown as { rows: Array<{ uact: string; name: string; units: number }> }).rows;
}

/**
 * To every covered person of a paid application who has a personal account: what they are now
 * covered by and from when (one message per person, one INSERT … SELECT).
 */
export async function sendCoverageMail(db: Db, applicationId: number, sender: string, now: Date): Promise<number> {
  const result = await db.execute(sql`
    insert into mail_messages (recipient_kind, recipient_key, title, content, sender, read_flag, created_at)
    select 'personal', p.cert_no, '您已参加' || y.year || '年度职工医疗互助',
      u.emp_name || '已为您办理' || y.year || '年度职工医疗互助：'
        || string_agg(pr.name || c.shares || '份，自' || to_char(c.covered_from, 'YYYY-MM-DD') || '起保障', '；' order by pr.sort)
        || '。保障期至' || to_char(y.end_date, 'YYYY-MM-DD') || '。',
      ${sender}, '0', ${now}
    from coverages c
    join persons p on p.id = c.person_id
    join accounts a on a.login_type = 'personal' and a.person_id = p.id
    join products pr on pr.period_id = c.period_id and pr.code = c.product_code
    join periods y on y.id = c.period_id
    join units u on u.id = c.unit_id
    where c.application_id = ${applicationId}
    group by p.cert_no, y.year, y.end_date, u.emp_name
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
