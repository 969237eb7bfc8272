import { and, asc, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { importBatches, importRows } from '../../db/schema';
import type { CheckedRow } from './apply-rows';

/*
 * SQL of the application import: checked rows are staged in import_rows (kind 'apply'), written
 * chunk by chunk with one INSERT … SELECT unnest(…) each; confirming copies the valid ones into
 * application_lines with one INSERT … SELECT.
 */

export type BatchRow = typeof importBatches.$inferSelect;

/** Forgets the application imports nobody confirmed in time (and the rows of old confirmed ones). */
export async function sweepExpired(db: Db, now: Date) {
  await db.delete(importBatches).where(and(eq(importBatches.kind, 'apply'), lt(importBatches.expiresAt, now)));
}

export async function insertBatch(db: Db, row: typeof importBatches.$inferInsert) {
  await db.insert(importBatches).values(row);
}

export async function deleteBatch(db: Db, id: string) {
  await db.delete(importBatches).where(eq(importBatches.id, id));
}

/** One chunk of checked rows, in one statement. */
export async function insertRows(db: Db, batchId: string, rows: CheckedRow[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO import_rows (batch_id, row_no, cert_no, name, product_code, shares, error)
    SELECT ${batchId}::uuid, r.row_no, r.cert_no, r.name, r.product_code, r.shares, r.error
    FROM unnest(
      ${sql.param(rows.map((r) => r.rowNo))}::int[],
      ${sql.param(rows.map((r) => r.certNo.slice(0, 40)))}::text[],
      ${sql.param(rows.map((r) => r.name.slice(0, 50)))}::text[],
      ${sql.param(rows.map((r) => r.productCode.slice(0, 50)))}::text[],
      ${sql.param(rows.map((r) => r.shares))}::smallint[],
      ${sql.param(rows.map((r) => r.error))}::text[]
    ) AS r(row_no, cert_no, name, product_code, shares, error)`);
}

export async function finishBatch(db: Db, id: string, total: number, valid: number) {
  await db.update(importBatches).set({ total, valid }).where(eq(importBatches.id, id));
}

/** A batch of the unit (kind 'apply'); locked when `lock`. Another unit's batch is not found. */
export async function findBatch(db: Db, id: string, unitId: number, lock = false) {
  const query = db
    .select()
    .from(importBatches)
    .where(and(eq(importBatches.id, id), eq(importBatches.unitId, unitId), eq(importBatches.kind, 'apply')));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function invalidRows(db: Db, batchId: string, limit: number) {
  return db
    .select({
      rowNo: importRows.rowNo,
      name: importRows.name,
      certNo: importRows.certNo,
      productCode: importRows.productCode,
      shares: importRows.shares,
      error: importRows.error,
    })
    .from(importRows)
    .where(and(eq(importRows.batchId, batchId), isNotNull(importRows.error)))
    .orderBy(asc(importRows.rowNo))
    .limit(limit);
}

/** Every invalid row of a batch, a page at a time (keyset on the row number), for the error report. */
export async function* allInvalidRows(db: Db, batchId: string, pageSize = 2000) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        rowNo: importRows.rowNo,
        name: importRows.name,
        certNo: importRows.certNo,
        productCode: importRows.productCode,
        shares: importRows.shares,
        error: importRows.error,
      })
      .from(importRows)
      .where(and(eq(importRows.batchId, batchId), isNotNull(importRows.error), gt(importRows.rowNo, after)))
      .orderBy(asc(importRows.rowNo))
      .limit(pageSize);
    yield* rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1].rowNo;
  }
}

/**
 * Writes the batch's valid rows into the application with one INSERT … SELECT, checking again
 * what may have changed since the preview (still current staff, insured, product allowed, not
 * declared meanwhile); answers how many lines were written.
 */
export async function copyValidRows(db: Db, t: { batchId: string; applicationId: number; periodId: number; unitId: number }) {
  const result = await db.execute(sql`
    WITH ins AS (
      INSERT INTO application_lines (application_id, period_id, product_code, person_id, staff_id, shares, amount_fen, live)
      SELECT ${t.applicationId}, ${t.periodId}, r.product_code, p.id, s.id, r.shares, r.shares * pr.rate_fen, true
      FROM import_rows r
      JOIN persons p ON p.cert_type = '01' AND p.cert_no = r.cert_no
      JOIN staff s ON s.person_id = p.id AND s.unit_id = ${t.unitId} AND s.left_on IS NULL
      JOIN products pr ON pr.period_id = ${t.periodId} AND pr.code = r.product_code
      WHERE r.batch_id = ${t.batchId}::uuid AND r.error IS NULL AND p.insured
        AND r.shares BETWEEN 1 AND pr.max_shares
        AND (pr.eligibility = 'all' OR p.gender = '2')
        AND NOT EXISTS (
          SELECT 1 FROM application_lines l
          WHERE l.period_id = ${t.periodId} AND l.person_id = p.id AND l.product_code = r.product_code AND l.live
        )
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM ins`);
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0].n);
}

export async function markConfirmed(db: Db, id: string, applicationId: number) {
  await db.update(importBatches).set({ state: 'confirmed', applicationId }).where(eq(importBatches.id, id));
}
