import { asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { fileBlobs } from '../db/schema';

/** The SQL of the database file store (db-file-store.ts): a file's bytes as numbered parts. */

/** A part of an upload still arriving, stamped with the time it was written (the sweep's clock). */
export async function insertPart(db: Db, fileId: string, part: number, bytes: Uint8Array, stagedAt: Date) {
  await db.insert(fileBlobs).values({ fileId, part, bytes, stagedAt });
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
 * Moves the `parts` parts staged under `staging` to `fileId` in one transaction, replacing whatever
 * was there: a reader sees the old file or the whole new one. (An update keeps each part's stored
 * bytes where they are: only the row's key changes.) Fewer parts than written (swept meanwhile:
 * the upload stood still past the age) publish nothing and throw.
 */
export async function publishParts(db: Db, staging: string, fileId: string, parts: number) {
  await db.transaction(async (tx) => {
    await tx.delete(fileBlobs).where(eq(fileBlobs.fileId, fileId));
    const moved = await tx
      .update(fileBlobs)
      .set({ fileId, stagedAt: null })
      .where(eq(fileBlobs.fileId, staging))
      .returning({ part: fileBlobs.part });
    if (moved.length !== parts) throw new Error(`upload ${staging}: ${moved.length} of its ${parts} parts left, not published`);
  });
}

/**
 * Deletes the parts of uploads whose last part was written before `before` (all staged parts
 * without it: a restored database, where no upload goes on). A published file has no stamp.
 */
export async function sweepStaged(db: Db, before?: Date) {
  const rows = await queryRows<{ uploads: number; bytes: string | number | null }>(
    db,
    sql`with gone as (
      delete from file_blobs b using (
        select file_id from file_blobs where staged_at is not null group by file_id
        ${before ? sql`having max(staged_at) < ${before.toISOString()}::timestamptz` : sql``}
      ) s where b.file_id = s.file_id and b.staged_at is not null
      returning b.file_id, octet_length(b.bytes) as n
    ) select count(distinct file_id)::int as uploads, coalesce(sum(n), 0)::bigint as bytes from gone`,
  );
  return { uploads: rows[0]?.uploads ?? 0, bytes: Number(rows[0]?.bytes ?? 0) };
}
