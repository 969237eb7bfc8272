import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, orgImportBatches, orgImportRows, units } from '../../db/schema';

export type StagedRow = typeof orgImportRows.$inferInsert;

export async function sweepExpired(db: Db, now: Date) {
  await db.delete(orgImportBatches).where(lt(orgImportBatches.expiresAt, now));
}

export async function createBatch(
  db: Db,
  b: { id: string; unionId: number; fileName: string; total: number; valid: number },
  rows: StagedRow[],
  now: Date,
  expiresAt: Date,
) {
  await db.transaction(async (tx) => {
    await tx.insert(orgImportBatches).values({ ...b, createdAt: now, expiresAt });
    for (let i = 0; i < rows.length; i += 500) await tx.insert(orgImportRows).values(rows.slice(i, i + 500));
  });
}

/** Of these accounts (lower case), those the hall already has. */
export async function takenUacts(db: Db, uacts: string[]) {
  if (!uacts.length) return new Set<string>();
  const a = await db
    .select({ v: sql<string>`lower(${accounts.loginName})` })
    .from(accounts)
    .where(inArray(sql`lower(${accounts.loginName})`, uacts));
  const u = await db
    .select({ v: sql<string>`lower(${units.uact})` })
    .from(units)
    .where(inArray(sql`lower(${units.uact})`, uacts));
  return new Set([...a, ...u].map((r) => r.v));
}

export async function takenUsccs(db: Db, usccs: string[]) {
  if (!usccs.length) return new Set<string>();
  const rows = await db
    .select({ v: units.uscc })
    .from(units)
    .where(and(isNotNull(units.uscc), inArray(units.uscc, usccs)));
  return new Set(rows.map((r) => r.v!));
}

/** The union's batch still in preview and not expired. */
export async function ownBatch(db: Db, id: string, unionId: number, now: Date) {
  const [row] = await db
    .select()
    .from(orgImportBatches)
    .where(
      and(
        eq(orgImportBatches.id, id),
        eq(orgImportBatches.unionId, unionId),
        eq(orgImportBatches.state, 'preview'),
        gt(orgImportBatches.expiresAt, now),
      ),
    );
  return row;
}

/** Takes the batch for confirmation (only once). */
export async function claimBatch(db: Db, id: string, unionId: number) {
  const rows = await db
    .update(orgImportBatches)
    .set({ state: 'confirmed' })
    .where(and(eq(orgImportBatches.id, id), eq(orgImportBatches.unionId, unionId), eq(orgImportBatches.state, 'preview')))
    .returning({ id: orgImportBatches.id });
  return rows.length === 1;
}

export async function deleteBatch(db: Db, id: string) {
  await db.delete(orgImportBatches).where(eq(orgImportBatches.id, id));
}

export async function validRows(db: Db, batchId: string) {
  return db
    .select()
    .from(orgImportRows)
    .where(and(eq(orgImportRows.batchId, batchId), isNull(orgImportRows.error)))
    .orderBy(asc(orgImportRows.rowNo));
}

export async function invalidRows(db: Db, batchId: string, limit = 100_000) {
  return db
    .select()
    .from(orgImportRows)
    .where(and(eq(orgImportRows.batchId, batchId), isNotNull(orgImportRows.error)))
    .orderBy(asc(orgImportRows.rowNo))
    .limit(limit);
}
