import { cityUnion } from '@hall/shared';
import type { NoticeDetail, NoticeKind, NoticeListItem, Page } from '@hall/shared';
import { auditOperator } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { HallContext } from '../../types';
import { describeFiles, setFilesVisibility, storeFile } from '../files/files.service';
import * as repo from './notices.repository';
import { moveNotice } from './transition.service';

export const KIND_LABELS: Record<NoticeKind, string> = { notice: '通知公告', policy: '政策文件' };
const NOT_FOUND = '公告不存在或已撤回';

/** Plain text only: line endings unified, trailing spaces and runs of blank lines dropped. */
export function normaliseContent(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
const paragraphsOf = (content: string) =>
  content
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);

export async function pageNotices(
  ctx: HallContext,
  kind: NoticeKind,
  query: { title?: string; pageNum: number; pageSize: number },
): Promise<Page<NoticeListItem>> {
  // The lists without a title search are the same for everyone: kept until a notice changes
  // (caches.ts; PostgreSQL only).
  const cache = query.title ? undefined : ctx.caches?.notices;
  if (!cache) return readPage(ctx, kind, query);
  const id = `${kind}|${query.pageNum}|${query.pageSize}`;
  const now = ctx.clock.now().getTime();
  const cached = cache.get(id, now);
  if (cached) return cached;
  const mark = cache.mark();
  const page = await readPage(ctx, kind, query);
  cache.put(id, page, ['n:all'], now, mark);
  return page;
}

async function readPage(ctx: HallContext, kind: NoticeKind, query: { title?: string; pageNum: number; pageSize: number }) {
  const { rows, total } = await repo.pagePublished(ctx.db, kind, query);
  return {
    list: rows.map((r) => ({
      ...r,
      id: String(r.id),
      publishedAt: r.publishedAt!.toISOString(),
      attachmentCount: Number(r.attachmentCount),
    })),
    totlCnt: total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** One published item of the kind asked; drafts, withdrawn items and the other kind are "not found". */
export async function noticeDetail(ctx: HallContext, kind: NoticeKind, rawId: string): Promise<NoticeDetail> {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const row = id ? await repo.findNotice(ctx.db, id) : undefined;
  if (!row || row.kind !== kind || row.status !== 'published') throw refuse(NOT_FOUND);
  return {
    id: String(row.id),
    kind,
    title: row.title,
    content: row.content,
    paragraphs: paragraphsOf(row.content),
    publisher: row.publisher,
    publishedAt: row.publishedAt!.toISOString(),
    attachments: await describeFiles(ctx, row.attachmentIds),
  };
}

export interface NewNotice {
  kind: NoticeKind;
  title: string;
  content: string;
  publisher?: string;
  attachments?: Array<{ name: string; bytes: Buffer }>;
  /** false: kept as a draft */
  publish?: boolean;
}

function checkText(title: string, content: string) {
  if (!title.trim()) throw refuse('请输入标题');
  if (title.trim().length > 100) throw refuse('标题不能超过100个字');
  if (!content) throw refuse('正文不能为空');
  if (content.length > 50_000) throw refuse('正文不能超过50000个字');
}

/**
 * Publishes a notice or policy with its attachments, or keeps it as a draft, for the operator. A
 * draft's attachments are private files until it is published (no one downloads them by id).
 */
export async function publishNotice(ctx: HallContext, operator: string, input: NewNotice) {
  const content = normaliseContent(input.content);
  checkText(input.title, content);
  const publish = input.publish ?? true;
  const attachmentIds: string[] = [];
  for (const file of input.attachments ?? []) {
    const stored = await storeFile(ctx, {
      owner: { kind: 'operator', key: operator },
      visibility: publish ? 'public' : 'private',
      name: file.name,
      bytes: file.bytes,
    });
    attachmentIds.push(stored.fileId);
  }
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (db) => {
    const made = await repo.insertNotice(db, {
      kind: input.kind,
      title: input.title.trim(),
      content,
      publisher: input.publisher?.trim() || cityUnion(ctx.config.cityName),
      status: publish ? 'published' : 'draft',
      publishedAt: publish ? now : null,
      attachmentIds,
      createdAt: now,
      updatedAt: now,
    });
    await auditOperator(db, now, operator, { command: 'notice-publish', id: made, kind: input.kind, draft: !publish });
    return made;
  });
  return { id, attachmentIds };
}

export async function editNotice(ctx: HallContext, operator: string, id: number, change: { title?: string; content?: string }) {
  const row = await repo.findNotice(ctx.db, id);
  if (!row) throw refuse(`公告不存在：${id}`);
  const title = change.title ?? row.title;
  const content = change.content === undefined ? row.content : normaliseContent(change.content);
  checkText(title, content);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (db) => {
    await repo.updateNotice(db, id, { title: title.trim(), content, updatedAt: now });
    await auditOperator(db, now, operator, { command: 'notice-edit', id });
  });
}

/** Publishes a saved draft: on the gateway from now, its attachments downloadable by anyone. */
export async function publishDraft(ctx: HallContext, operator: string, id: number) {
  const row = await repo.findNotice(ctx.db, id);
  if (!row) throw refuse(`公告不存在：${id}`);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (db) => {
    const moved = await moveNotice(db, id, 'published', now);
    if (!moved) throw refuse(row.status === 'published' ? `公告已发布：${id}` : `已撤回的公告不能再发布：${id}`);
    await setFilesVisibility(db, moved.attachmentIds, 'public');
    await auditOperator(db, now, operator, { command: 'notice-draft-publish', id, attachments: moved.attachmentIds.length });
  });
}

/** Takes an item off the portal: its attachments are private files again (a saved link no longer downloads). */
export async function withdrawNotice(ctx: HallContext, operator: string, id: number) {
  const row = await repo.findNotice(ctx.db, id);
  if (!row) throw refuse(`公告不存在：${id}`);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (db) => {
    const moved = await moveNotice(db, id, 'withdrawn', now);
    if (!moved) throw refuse(`公告已撤回：${id}`);
    await setFilesVisibility(db, moved.attachmentIds, 'private');
    await auditOperator(db, now, operator, { command: 'notice-withdraw', id });
  });
}

/** One item whole, whatever its status, as the editor loads it: the full text and the attachments. */
export async function operatorNoticeDetail(ctx: HallContext, id: number) {
  const row = await repo.findNotice(ctx.db, id);
  if (!row) throw refuse(`公告不存在：${id}`);
  return {
    id: String(row.id),
    kind: row.kind as NoticeKind,
    title: row.title,
    content: row.content,
    status: row.status as repo.NoticeStatus,
    publisher: row.publisher,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    attachments: await describeFiles(ctx, row.attachmentIds),
  };
}

export const listNotices = (ctx: HallContext) => repo.listAll(ctx.db);

/** Every notice and policy as the operator API lists them (drafts and withdrawn ones too). */
export async function noticeList(ctx: HallContext) {
  const rows = await listNotices(ctx);
  return {
    list: rows.map((n) => ({
      id: String(n.id),
      kind: n.kind as NoticeKind,
      title: n.title,
      status: n.status as repo.NoticeStatus,
      publisher: n.publisher,
      publishedAt: n.publishedAt ? n.publishedAt.toISOString() : null,
      attachmentCount: n.attachmentIds.length,
    })),
  };
}
