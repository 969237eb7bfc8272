import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ANONYMOUS_FILE_TTL_MS, FILE_MAX_BYTES, FILE_MESSAGES, type FileInfo, MATERIAL_TYPES } from '@hall/shared';
import type { Db } from '../../db/client';
import { audit, auditRefusal } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { type StreamedFile, TooLargeError } from '../../lib/storage';
import type { Caller, HallContext } from '../../types';
import { allowedType, cleanFileName } from './file-type';
import * as repo from './files.repository';

export type { Owner } from './files.repository';

/** A visitor may upload a signed scan for a registration (a material: MATERIAL_TYPES), nothing else, and only so many an hour. */
const ANONYMOUS_PER_HOUR = 20;

export const ownerOf = (caller: Caller | undefined, ip: string): repo.Owner =>
  caller?.unit
    ? { kind: 'unit', key: caller.unit.uact }
    : caller?.person
      ? { kind: 'personal', key: caller.person.certNo }
      : { kind: 'anonymous', key: ip };

interface Incoming {
  owner: repo.Owner;
  visibility: 'public' | 'private';
  name: string | undefined;
}

/** What may be stored before any byte is: the anonymous hourly limit. */
async function admit(ctx: HallContext, owner: repo.Owner, now: Date) {
  if (owner.kind !== 'anonymous') return;
  await sweepAnonymous(ctx, now);
  if ((await repo.countAnonymousSince(ctx.db, owner.key, new Date(now.getTime() - 3_600_000))) >= ANONYMOUS_PER_HOUR) {
    throw refuse('上传过于频繁，请稍后再试');
  }
}

/** The bytes' type must be allowed (by content, matching the extension), and for visitors a scan. */
async function typeOf(name: string, owner: repo.Owner, head: Buffer, whole: () => Promise<Buffer>) {
  const type = await allowedType(name, head, whole);
  if (!type) throw refuse(FILE_MESSAGES.typeNotAllowed);
  if (owner.kind === 'anonymous' && !MATERIAL_TYPES.mimes.includes(type.mime))
    throw refuse(`未登录时仅可上传 ${MATERIAL_TYPES.label} 格式的扫描件`);
  return type;
}

/**
 * Keeps an uploaded file: streamed to the file store as it arrives (never whole in memory), at most
 * 10 MB (more: refused, nothing kept), then an allowed type by content with a matching extension;
 * metadata to `files`. Answers what the upload call answers.
 */
export async function receiveUpload(ctx: HallContext, input: Incoming & { stream: Readable }): Promise<FileInfo> {
  const name = cleanFileName(input.name);
  const now = ctx.clock.now();
  await admit(ctx, input.owner, now);
  const id = randomUUID();
  let streamed: StreamedFile;
  try {
    streamed = await ctx.files.putStream(id, input.stream, FILE_MAX_BYTES);
  } catch (error) {
    // The store's own limit (an upload's stream fails earlier, at the reader's: lib/upload).
    if (error instanceof TooLargeError) throw refuse(FILE_MESSAGES.tooLarge);
    throw error;
  }
  try {
    if (streamed.size === 0) throw refuse(FILE_MESSAGES.empty);
    // The first bytes tell the type; only an Office/OFD package is read back whole, for its entries.
    const type = await typeOf(name, input.owner, streamed.head, async () => (await ctx.files.get(id))!);
    await repo.insertFile(ctx.db, {
      id,
      ownerKind: input.owner.kind,
      ownerKey: input.owner.key,
      visibility: input.visibility,
      name,
      mime: type.mime,
      size: streamed.size,
      sha256: streamed.sha256,
      createdAt: now,
    });
  } catch (error) {
    await ctx.files.delete(id);
    throw error;
  }
  return { fileId: id, name, size: streamed.size };
}

/** Keeps a file the hall already holds in memory (an operator's notice attachment): the same checks. */
export async function storeFile(ctx: HallContext, input: Incoming & { bytes: Buffer }): Promise<FileInfo> {
  return receiveUpload(ctx, { ...input, stream: Readable.from([input.bytes]) });
}

async function sweepAnonymous(ctx: HallContext, now: Date) {
  const ids = await repo.takeStaleAnonymous(ctx.db, new Date(now.getTime() - ANONYMOUS_FILE_TTL_MS));
  await Promise.all(ids.map((id) => ctx.files.delete(id)));
}

async function maySee(db: Db, file: repo.FileRow, caller: Caller | undefined): Promise<boolean> {
  if (file.visibility === 'public') return true;
  if (!caller) return false;
  if (await ownerOrParent(db, file, caller)) return true;
  // A claim's attachment: whoever may see the claim (its unit, the reviewing union, the worker).
  return repo.attachedToVisibleClaim(db, file.id, { unitId: caller.unit?.id, personId: caller.person?.id });
}

async function ownerOrParent(db: Db, file: repo.FileRow, caller: Caller): Promise<boolean> {
  if (file.ownerKind === 'personal') return caller.person?.certNo === file.ownerKey;
  if (file.ownerKind !== 'unit' || !caller.unit) return false;
  if (caller.unit.uact === file.ownerKey) return true;
  return caller.unit.level === 1 && (await repo.parentIdOfUnit(db, file.ownerKey)) === caller.unit.id;
}

/**
 * The file and its bytes when the caller may see it; one message for missing and forbidden.
 * The caller is only looked up for a private file, so a public attachment downloads whatever
 * state the visitor's stored token is in.
 */
export async function openForDownload(ctx: HallContext, fileId: string, callerOf: () => Promise<Caller | undefined>, ip: string) {
  const file = await repo.findFile(ctx.db, fileId);
  const caller = file && file.visibility !== 'public' ? await callerOf() : undefined;
  const allowed = file ? await maySee(ctx.db, file, caller) : false;
  if (file && !allowed && caller) {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { call: 'downloadFileByID', fileId }, ip);
  }
  const bytes = file && allowed ? await ctx.files.get(file.id) : undefined;
  if (!file || !bytes) throw refuse(FILE_MESSAGES.notFound);
  // Who read a private file (a registration scan, a claim's attachment) is kept; public notices are not.
  if (file.visibility !== 'public') {
    await audit(ctx.db, ctx.clock.now(), {
      actorKind: caller?.loginType ?? 'anonymous',
      actorKey: caller?.loginName ?? ip,
      action: 'download',
      detail: { fileId: file.id, owner: file.ownerKind },
      ip,
    });
  }
  return { file, bytes };
}

/** A file's name, type and bytes for an operator whose domain has checked it may read it (a notice's attachment), or undefined. */
export async function fileForOperator(ctx: HallContext, fileId: string) {
  const file = await repo.findFile(ctx.db, fileId);
  const bytes = file ? await ctx.files.get(file.id) : undefined;
  return file && bytes ? { name: file.name, mime: file.mime, bytes } : undefined;
}

/** Metadata of several files in the order asked (notice attachments). */
export async function describeFiles(ctx: HallContext, ids: string[]): Promise<FileInfo[]> {
  const rows = new Map((await repo.findFiles(ctx.db, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [{ fileId: row.id, name: row.name, size: row.size }] : [];
  });
}

/** Makes files public or private (a notice's attachments as it is published or withdrawn), in the caller's transaction. */
export const setFilesVisibility = (db: Db, ids: string[], visibility: 'public' | 'private') => repo.setVisibility(db, ids, visibility);

/** Forgets a file (in the caller's transaction); its bytes go with `dropFileBytes` once that has committed. */
export const forgetFile = (db: Db, id: string) => repo.deleteFile(db, id);
export const dropFileBytes = (ctx: HallContext, id: string) => ctx.files.delete(id);

/** A registration takes over the anonymous upload it names, if it was made within the hour. */
export async function claimUpload(db: Db, fileId: string, owner: repo.Owner, now: Date) {
  if (!(await repo.claimAnonymous(db, fileId, owner, new Date(now.getTime() - ANONYMOUS_FILE_TTL_MS)))) {
    throw refuse('授权委托书文件不存在或已过期，请重新上传');
  }
}
