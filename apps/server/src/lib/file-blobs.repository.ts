import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fileBlobs } from '../db/schema';

/** The SQL of the database file store (db-file-store.ts): a file's bytes as numbered parts. */

export async function insertPart(db: Db, fileId: string, part: number, bytes: Uint8Array) {
  await db.insert(fileBlobs).values({ fileId, part, bytes });
}

/** A file's parts in order (none: the store has no such file). */
export async function readParts(db: Db, fileId: string): Promise<Uint8Array[]> {
  const rows = await db.select({ bytes: fileBlobs.bytes }).from(fileBlobs).where(eq(fileBlobs.fileId, fileId)).orderBy(asc(fileBlobs.part));
  return rows.map((r) => r.bytes);
}

export async function deleteParts(db: Db, fileId: string) {
  await db.delete(fileBlobs).where(eq(fileBlobs.fileId, fileId));
}

/**
 * Moves the parts staged under `staging` to `fileId` in one transaction, replacing whatever was
 * there: a reader sees the old file or the whole new one. (An update keeps each part's stored
 * bytes where they are: only the row's key changes.)
 */
export async function publishParts(db: Db, staging: string, fileId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(fileBlobs).where(eq(fileBlobs.fileId, fileId));
    await tx.update(fileBlobs).set({ fileId }).where(eq(fileBlobs.fileId, staging));
  });
}
