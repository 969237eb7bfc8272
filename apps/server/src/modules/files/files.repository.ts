import { and, count, eq, gt, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { claimAttachments, claims, files, units } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;
export interface Owner {
  kind: 'unit' | 'personal' | 'operator' | 'anonymous';
  key: string;
}

export const insertFile = (db: Db, row: typeof files.$inferInsert) => db.insert(files).values(row);

export async function findFile(db: Db, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row;
}

export async function findFiles(db: Db, ids: string[]): Promise<FileRow[]> {
  return ids.length ? db.select().from(files).where(inArray(files.id, ids)) : [];
}

export async function countAnonymousSince(db: Db, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(files)
    .where(and(eq(files.ownerKind, 'anonymous'), eq(files.ownerKey, key), gt(files.createdAt, since)));
  return Number(row.n);
}

/** Anonymous uploads nobody claimed in time: removed with their bytes (a few at a time). */
export async function takeStaleAnonymous(db: Db, before: Date, limit = 50): Promise<string[]> {
  const stale = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerKind, 'anonymous'), lt(files.createdAt, before)))
    .limit(limit);
  const ids = stale.map((r) => r.id);
  if (ids.length) await db.delete(files).where(inArray(files.id, ids));
  return ids;
}

/** Gives an anonymous upload of the last hour to its new owner; false when there is none to claim. */
export async function claimAnonymous(db: Db, id: string, owner: Owner, since: Date): Promise<boolean> {
  const rows = await db
    .update(files)
    .set({ ownerKind: owner.kind, ownerKey: owner.key })
    .where(and(eq(files.id, id), eq(files.ownerKind, 'anonymous'), gt(files.createdAt, since)))
    .returning({ id: files.id });
  return rows.length === 1;
}

/** The parent union of a unit, by account: a union may see its member units' private files. */
export async function parentIdOfUnit(db: Db, uact: string): Promise<number | null> {
  const [row] = await db.select({ parentId: units.parentId }).from(units).where(eq(units.uact, uact));
  return row?.parentId ?? null;
}

/**
 * Whether a file is an attachment of a claim the viewer may see: the unit the claim belongs to
 * (its own filings, its workers' once submitted), the 92 union reviewing it once submitted, the
 * worker it is for (their own, the unit's for them once submitted).
 */
export async function attachedToVisibleClaim(db: Db, fileId: string, viewer: { unitId?: number; personId?: number }): Promise<boolean> {
  const submitted = isNotNull(claims.submittedAt);
  const sees = viewer.unitId
    ? or(
        and(eq(claims.unitId, viewer.unitId), or(eq(claims.filedBy, 'unit'), submitted)),
        and(eq(claims.reviewUnitId, viewer.unitId), submitted),
      )
    : viewer.personId
      ? and(eq(claims.personId, viewer.personId), or(eq(claims.filedBy, 'personal'), submitted))
      : undefined;
  if (!sees) return false;
  const [row] = await db
    .select({ id: claimAttachments.id })
    .from(claimAttachments)
    .innerJoin(claims, eq(claims.id, claimAttachments.claimId))
    .where(and(eq(claimAttachments.fileId, fileId), sees))
    .limit(1);
  return row !== undefined;
}

/** Public or private together: a notice's attachments follow it on and off the gateway. */
export async function setVisibility(db: Db, ids: string[], visibility: 'public' | 'private') {
  if (ids.length) await db.update(files).set({ visibility }).where(inArray(files.id, ids));
}

export async function deleteFile(db: Db, id: string) {
  await db.delete(files).where(eq(files.id, id));
}

/** The files after `afterId` in id order, with the hash recorded at upload (a walk over every file, by its primary key). */
export async function fileHashesAfter(db: Db, afterId: string, limit: number) {
  return db.select({ id: files.id, sha256: files.sha256 }).from(files).where(gt(files.id, afterId)).orderBy(files.id).limit(limit);
}
