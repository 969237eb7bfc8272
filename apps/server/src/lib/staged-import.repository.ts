import { and, asc, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { importBatches, importRows } from '../db/schema';
import { copyLine, copyRows } from './copy-rows';

/**
 * The SQL of the one staging (lib/staged-import.ts): a batch per upload in import_batches (its
 * kind: 'roster', 'apply', 'org', 'registry', 'settlement'), its rows in import_rows, written in
 * chunks with COPY; the domains' checks and confirmations read import_rows with their own
 * set-based statements.
 */

export type ImportKind = 'roster' | 'apply' | 'org' | 'registry' | 'settlement' | 'statement';
export type ImportBatch = typeof importBatches.$inferSelect;

/**
 * Whose batch it is: a unit's (its id: the portal's imports) or an operator account's (the
 * bureau's files, loaded in the back office). Only its owner sees, confirms or drops it.
 */
export type BatchOwner = number | { operatorId: number };

/** A new batch's owner, as its column. */
export type NewBatchOwner = { unitId: number } | { operatorId: number };

/** The condition "owned by `owner`". */
export const ownedBy = (owner: BatchOwner) =>
  typeof owner === 'number' ? eq(importBatches.unitId, owner) : eq(importBatches.operatorId, owner.operatorId);

/** A staged row: the typed columns a kind uses (the others stay null), `extra` for the rest. */
export interface StagedRow {
  rowNo: number;
  certNo: string;
  name: string;
  psnType?: string | null;
  phone?: string | null;
  joinedOn?: string | null;
  productCode?: string | null;
  shares?: number | null;
  bankName?: string | null;
  bankCard?: string | null;
  extra?: Record<string, unknown> | null;
  error: string | null;
}

const COPY_TARGET =
  'import_rows (batch_id, row_no, cert_no, name, psn_type, phone, joined_on, product_code, shares, bank_name, bank_card, extra, error)';

/** A chunk of staged rows, as the lines of its COPY (built as the rows come: no object per row kept). */
export class StagedChunk {
  lines = '';
  length = 0;

  constructor(readonly batchId: string) {}

  push(row: StagedRow) {
    this.lines += copyLine([
      this.batchId,
      row.rowNo,
      row.certNo,
      row.name,
      row.psnType,
      row.phone,
      row.joinedOn,
      row.productCode,
      row.shares,
      row.bankName || null,
      row.bankCard || null,
      row.extra ? JSON.stringify(row.extra) : null,
      row.error,
    ]);
    this.length++;
  }
}

/**
 * Batches of this kind past their hour go, with their rows. A batch still being staged is not
 * confirmable (its hour ends at its start) but is not swept either, until it is `ttlMs` old:
 * another unit's import must not delete it (and its rows) under a large import in progress.
 */
export async function sweepExpired(db: Db, kind: ImportKind, now: Date, ttlMs: number) {
  await db
    .delete(importBatches)
    .where(
      and(eq(importBatches.kind, kind), lt(importBatches.expiresAt, now), lt(importBatches.createdAt, new Date(now.getTime() - ttlMs))),
    );
}

/** A new batch, not confirmable (expired) until its rows are all staged and checked. */
export async function createBatch(
  db: Db,
  b: { id: string; kind: ImportKind; fileName: string; periodId?: number; applicationId?: number | null } & NewBatchOwner,
  now: Date,
) {
  await db.insert(importBatches).values({ ...b, total: 0, valid: 0, createdAt: now, expiresAt: now });
}

export async function deleteBatch(db: Db, id: string) {
  await db.delete(importBatches).where(eq(importBatches.id, id));
}

/**
 * One chunk of rows in one COPY, in a transaction of its own that does not wait for its commit to
 * reach the disk: a staged batch is not confirmable until finishBatch, so a crash that lost the
 * last chunks loses nothing confirmed.
 */
export async function insertRows(db: Db, rows: StagedChunk) {
  if (!rows.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    await copyRows(tx, COPY_TARGET, rows.lines);
  });
}

/**
 * Fresh statistics of the staging table, so that the checks and the confirmation join by hash
 * rather than probe row by row (a just-written batch is otherwise estimated at one row).
 */
export async function analyzeRows(db: Db) {
  await db.execute(sql`analyze import_rows`);
}

/**
 * Set-based statements over a whole batch, in the caller's transaction (SET LOCAL): without JIT
 * (compiling them costs more than it saves: about 0.4 s on 100,000 rows), and with room for
 * their hash joins (a batch of 460,000 rows against the registry and persons: some 60 MB; at the
 * default 4 MB they spill to disk in batches, which made them 3–10 times slower).
 */
export async function tuneForBatch(db: Db) {
  await db.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
}

export async function countRows(db: Db, batchId: string): Promise<{ total: number; valid: number }> {
  const [row] = await db
    .select({ total: count(), valid: sql<number>`count(*) filter (where ${importRows.error} is null)`.mapWith(Number) })
    .from(importRows)
    .where(eq(importRows.batchId, batchId));
  return row;
}

/** The batch is staged: its counts, and its time to be confirmed. */
export async function finishBatch(db: Db, id: string, counts: { total: number; valid: number }, expiresAt: Date) {
  await db
    .update(importBatches)
    .set({ ...counts, expiresAt })
    .where(eq(importBatches.id, id));
}

/** The owner's batch of this kind (any state, any age; locked when `lock`), else undefined. */
export async function findBatch(db: Db, kind: ImportKind, id: string, owner: BatchOwner, lock = false) {
  const query = db
    .select()
    .from(importBatches)
    .where(and(eq(importBatches.id, id), ownedBy(owner), eq(importBatches.kind, kind)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Whether the batch exists at all (for the audit of another owner's id). */
export async function batchExists(db: Db, id: string) {
  const [row] = await db.select({ unitId: importBatches.unitId }).from(importBatches).where(eq(importBatches.id, id));
  return row;
}

/** A batch's rows go (the batch row stays, in its state, until its time ends). */
export async function deleteRows(db: Db, batchId: string) {
  await db.delete(importRows).where(eq(importRows.batchId, batchId));
}

const STAGED = {
  rowNo: importRows.rowNo,
  certNo: importRows.certNo,
  name: importRows.name,
  psnType: importRows.psnType,
  phone: importRows.phone,
  joinedOn: importRows.joinedOn,
  productCode: importRows.productCode,
  shares: importRows.shares,
  bankName: importRows.bankName,
  bankCard: importRows.bankCard,
  extra: importRows.extra,
  error: importRows.error,
};
export type StagedRecord = { [K in keyof typeof STAGED]: (typeof STAGED)[K]['_']['data'] | null } & { rowNo: number };

/** Invalid rows in file order, from row `after` on (the preview's first 100; the report in pages). */
export async function invalidRows(db: Db, batchId: string, limit: number, after = 0): Promise<StagedRecord[]> {
  return db
    .select(STAGED)
    .from(importRows)
    .where(and(eq(importRows.batchId, batchId), isNotNull(importRows.error), gt(importRows.rowNo, after)))
    .orderBy(asc(importRows.rowNo))
    .limit(limit) as Promise<StagedRecord[]>;
}

/** The valid rows in file order (the small imports, confirmed row by row). */
export async function validRows(db: Db, batchId: string): Promise<StagedRecord[]> {
  return db
    .select(STAGED)
    .from(importRows)
    .where(and(eq(importRows.batchId, batchId), isNull(importRows.error)))
    .orderBy(asc(importRows.rowNo)) as Promise<StagedRecord[]>;
}
