import type { mailPageRequest, mailReadAllRequest } from '@hall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditRefusal } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { Caller, HallContext } from '../../types';
import { requireFlag } from '../features/flags.service';
import * as repo from './mail.repository';

export type { Recipient } from './mail.repository';

const recipientOf = (caller: Caller): repo.Recipient =>
  caller.loginType === 'unit' ? { kind: 'unit', key: caller.unit.uact } : { kind: 'personal', key: caller.person.certNo };

/** The caller's inbox. The client names whose mail it wants (uact or certNo): it must be the caller's own. */
export async function ownMailPage(ctx: HallContext, caller: Caller, input: z.output<typeof mailPageRequest>, ip?: string) {
  const recipient = recipientOf(caller);
  const named = caller.loginType === 'unit' ? input.uact : (input.certNo ?? input.uact);
  if (named && named !== recipient.key) {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { call: 'mail', named }, ip);
    throw refuse('无权查看其他账号的消息');
  }
  // The header badge asks for the first unread page on every page of the portal: kept per recipient
  // until the database announces a change of its mail (caches.ts; PostgreSQL only).
  const cache = input.readFlag === '0' && input.pageNum === 1 ? ctx.caches?.unread : undefined;
  if (!cache) return repo.pageMail(ctx.db, recipient, input);
  const who = `m:${recipient.kind}|${recipient.key}`;
  const id = `${who}|${input.pageSize}`;
  const now = ctx.clock.now().getTime();
  const cached = cache.get(id, now);
  if (cached) return cached;
  const mark = cache.mark();
  const page = await repo.pageMail(ctx.db, recipient, input);
  cache.put(id, page, [who], now, mark);
  return page;
}

/** Marks one of the caller's own messages read; another's or an unknown id gets the same refusal. */
export async function readOwnMail(ctx: HallContext, caller: Caller, rawId: string | number) {
  const id = Number(rawId);
  if (!Number.isSafeInteger(id) || id <= 0 || !(await repo.markRead(ctx.db, recipientOf(caller), id, ctx.clock.now()))) {
    throw refuse('消息不存在或无权操作');
  }
  return null;
}

/**
 * Marks several of the caller's own messages read ({ids}), or every unread one ({all: true}), in
 * one UPDATE scoped to the caller. Ids that are not the caller's (or already read) change nothing;
 * the answer says how many changed. The {ids} form is a bulk action on a selection: refused while
 * the batch flag is off (spec §9, docs-flags.md F5); 全部标为已读 is not.
 */
export async function readManyOwnMail(ctx: HallContext, caller: Caller, input: z.output<typeof mailReadAllRequest>) {
  if (!input.all) await requireFlag(ctx.db, 'batch');
  const ids = input.all ? 'all' : [...new Set((input.ids ?? []).map(Number))];
  const updated = await repo.markManyRead(ctx.db, recipientOf(caller), ids, ctx.clock.now());
  return { updated };
}

/** The one way the hall sends an in-site message (站内信), inside the caller's transaction if given. */
export async function deliverMail(
  db: Db,
  recipient: repo.Recipient,
  message: { title: string; content: string; sender: string },
  now: Date,
) {
  await repo.sendMail(db, recipient, message, now);
}

/** One message to a level-1 union and each of its registered units, in one statement (inside the caller's transaction); the count sent. */
export const deliverUnionMail = (db: Db, unionId: number, message: { title: string; content: string; sender: string }, now: Date) =>
  repo.sendUnionMail(db, unionId, message, now);

/** Level-1 unions to write to, found by account or name, with how many units each message reaches. */
export const unionsWithReach = (db: Db, keyword: string, limit: number) => repo.unionsWithReach(db, keyword, limit);

/** Tells every covered person of a paid application (with a personal account) their cover and its start. */
export async function deliverCoverageMail(db: Db, applicationId: number, sender: string, now: Date) {
  return repo.sendCoverageMail(db, applicationId, sender, now);
}
