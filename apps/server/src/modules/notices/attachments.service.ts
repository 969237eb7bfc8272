import { type FileInfo, NOTICE_ATTACHMENTS_MAX } from '@hall/shared';
import { audit, auditOperator } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { Upload } from '../../lib/upload';
import type { HallContext } from '../../types';
import { dropFileBytes, fileForOperator, forgetFile, receiveUpload, setFilesVisibility } from '../files/files.service';
import * as repo from './notices.repository';

/*
 * A notice's attachments, added and removed one at a time in the console. Each is a file of the
 * hall's one upload (10 MB, the allowed types by content); it is public while its notice is
 * published and private otherwise, so a draft's or a withdrawn notice's file is not downloaded by id.
 */

const TOO_MANY = `每条公告最多 ${NOTICE_ATTACHMENTS_MAX} 个附件`;
const WITHDRAWN = '已撤回的公告不能添加附件';

/** The notice id sent before the file (multipart field `id`). */
function noticeIdOf(file: Upload): number {
  const raw = file.fields.id?.trim() ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (!id) throw refuse('公告编号不正确');
  return id;
}

/** The notice the file is for, when it can take one more attachment. */
async function admitted(ctx: HallContext, file: Upload): Promise<number> {
  const id = noticeIdOf(file);
  const row = await repo.findNotice(ctx.db, id);
  if (!row) throw refuse(`公告不存在：${id}`);
  if (row.status === 'withdrawn') throw refuse(WITHDRAWN);
  if (row.attachmentIds.length >= NOTICE_ATTACHMENTS_MAX) throw refuse(TOO_MANY);
  return id;
}

/** Receives one attachment for a notice (refused before any byte is kept when the notice cannot take it). */
export async function addAttachment(ctx: HallContext, operator: string, file: Upload): Promise<FileInfo> {
  let id: number;
  try {
    id = await admitted(ctx, file);
  } catch (error) {
    file.stream.resume();
    throw error;
  }
  const stored = await receiveUpload(ctx, {
    owner: { kind: 'operator', key: operator },
    visibility: 'private',
    name: file.fileName,
    stream: file.stream,
  });
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (db) => {
      // The notice may have been withdrawn or filled meanwhile: the append says so, and its status decides the visibility.
      const status = await repo.appendAttachment(db, id, stored.fileId, NOTICE_ATTACHMENTS_MAX, now);
      if (!status) throw refuse((await repo.findNotice(db, id))?.status === 'withdrawn' ? WITHDRAWN : TOO_MANY);
      if (status === 'published') await setFilesVisibility(db, [stored.fileId], 'public');
      await auditOperator(db, now, operator, { command: 'notice-attachment-add', id, fileId: stored.fileId, name: stored.name });
    });
  } catch (error) {
    await forgetFile(ctx.db, stored.fileId);
    await dropFileBytes(ctx, stored.fileId);
    throw error;
  }
  return stored;
}

/** Removes one attachment from a notice, and the file with it. */
export async function removeAttachment(ctx: HallContext, operator: string, id: number, fileId: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (db) => {
    if (!(await repo.removeAttachment(db, id, fileId, now))) throw refuse('附件不存在或已删除');
    await forgetFile(db, fileId);
    await auditOperator(db, now, operator, { command: 'notice-attachment-remove', id, fileId });
  });
  await dropFileBytes(ctx, fileId);
}

/**
 * One attachment of a notice for the console (admin and auditor; a draft's and a withdrawn notice's
 * too, private files the portal does not serve), audited as a download. A file of another notice is
 * refused as missing.
 */
export async function noticeAttachment(ctx: HallContext, operator: string, id: number, fileId: string) {
  const row = await repo.findNotice(ctx.db, id);
  const file = row?.attachmentIds.includes(fileId) ? await fileForOperator(ctx, fileId) : undefined;
  if (!file) throw refuse('附件不存在或已删除');
  await audit(ctx.db, ctx.clock.now(), { actorKind: 'operator', actorKey: operator, action: 'download', detail: { noticeId: id, fileId } });
  return file;
}
