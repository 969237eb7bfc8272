import { createHash, randomUUID } from 'node:crypto';
import { ANONYMOUS_FILE_TTL_MS, FILE_MAX_BYTES, FILE_MESSAGES, type FileInfo } from '@hall/shared';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { Caller, HallContext } from '../../types';
import { allowedType, cleanFileName } from './file-type';
import * as repo from './files.repository';

export type { Owner } from './files.repository';

/** A visitor may upload a signed scan for a registration, nothing else, and only so many an hour. */
const ANONYMOUS_MIMES = ['application/pdf', 'image/jpeg', 'image/png'];
const ANONYMOUS_PER_HOUR = 20;

export const ownerOf = (caller: Caller | undefined, ip: string): repo.Owner =>
  caller?.unit ? { kind: 'unit', key: caller.unit.uact } : caller?.person ? { kind: 'personal', key: caller.person.certNo } : { kind: 'anonymous', key: ip };

/**
 * Keeps a file: at most 10 MB, an allowed type by content with a matching extension; bytes go
 * to the file store, metadata to `files`. Answers what the upload call answers.
 */
export async function storeFile(
  ctx: HallContext,
  input: { owner: repo.Owner; visibility: 'public' | 'private'; name: string | undefined; bytes: Buffer },
): Promise<FileInfo> {
  const { bytes, owner } = input;
  if (bytes.length === 0) throw refuse(FILE_MESSAGES.empty);
  if (bytes.length > FILE_MAX_BYTES) throw refuse(FILE_MESSAGES.tooLarge);
  const name = cleanFileName(input.name);
  const type = allowedType(name, bytes);
  if (!type) throw refuse(FILE_MESSAGES.typeNotAllowed);
  const now = ctx.clock.now();
  if (owner.kind === 'anonymous') {
    if (!ANONYMOUS_MIMES.includes(type.mime)) throw refuse('未登录时仅可上传 PDF、JPG、PNG 格式的扫描件');
    await sweepAnonymous(ctx, now);
    if ((await repo.countAnonymousSince(ctx.db, owner.key, new Date(now.getTime() - 3_600_000))) >= ANONYMOUS_PER_HOUR) {
      throw refuse('上传过于频繁，请稍后再试');
    }
  }
  const id = randomUUID();
  await ctx.files.put(id, bytes);
  await repo.insertFile(ctx.db, {
    id, ownerKind: owner.kind, ownerKey: owner.key, visibility: input.visibility, name, mime: type.mime,
    size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), createdAt: now,
  });
  return { fileId: id, name, size: bytes.length };
}

async function sweepAnonymous(ctx: HallContext, now: Date) {
  const ids = await repo.takeStaleAnonymous(ctx.db, new Date(now.getTime() - ANONYMOUS_FILE_TTL_MS));
  await Promise.all(ids.map((id) => ctx.files.delete(id)));
}

async function maySee(db: Db, file: repo.FileRow, caller: Caller | undefined): Promise<boolean> {
  if (file.visibility === 'public') return true;
  if (!caller) return false;
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
    await audit(ctx.db, ctx.clock.now(), { actorKind: caller.loginType, actorKey: caller.loginName, action: 'permission-refused', detail: { call: 'downloadFileByID', fileId }, ip });
  }
  const bytes = file && allowed ? await ctx.files.get(file.id) : undefined;
  if (!file || !bytes) throw refuse(FILE_MESSAGES.notFound);
  return { file, bytes };
}

/** Metadata of several files in the order asked (notice attachments). */
export async function describeFiles(ctx: HallContext, ids: string[]): Promise<FileInfo[]> {
  const rows = new Map((await repo.findFiles(ctx.db, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [{ fileId: row.id, name: row.name, size: row.size }] : [];
  });
}

/** A registration takes over the anonymous upload it names, if it was made within the hour. */
export async function claimUpload(db: Db, fileId: string, owner: repo.Owner, now: Date) {
  if (!(await repo.claimAnonymous(db, fileId, owner, new Date(now.getTime() - ANONYMOUS_FILE_TTL_MS)))) {
    throw refuse('授权委托书文件不存在或已过期，请重新上传');
  }
}
