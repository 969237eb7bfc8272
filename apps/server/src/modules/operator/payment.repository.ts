import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, paymentEntries, payments, periods, units } from '../../db/schema';

/** What payment confirmation needs of an application: its unit, amount and period. */
const payableColumns = {
  id: applications.id,
  state: applications.state,
  amountFen: applications.amountFen,
  headcount: applications.headcount,
  unitId: applications.unitId,
  uact: units.uact,
  empName: units.empName,
  periodId: periods.id,
  year: periods.year,
  startDate: periods.startDate,
  endDate: periods.endDate,
  enrolStart: periods.enrolStart,
  enrolEnd: periods.enrolEnd,
  payDeadline: periods.payDeadline,
  waitingDays: periods.waitingDays,
};

export async function applicationForPayment(db: Db, id: number) {
  const [row] = await db
    .select(payableColumns)
    .from(applications)
    .innerJoin(units, eq(units.id, applications.unitId))
    .innerJoin(periods, eq(periods.id, applications.periodId))
    .where(eq(applications.id, id));
  return row;
}

/** applicationForPayment of many ids in one query (the bank reconciliation's whole statement). */
export async function applicationsForPayment(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(payableColumns)
    .from(applications)
    .innerJoin(units, eq(units.id, applications.unitId))
    .innerJoin(periods, eq(periods.id, applications.periodId))
    .where(sql`${applications.id} = ANY(${sql.param(ids)}::int[])`);
}

export async function voucherTaken(db: Db, voucherNo: string) {
  const [row] = await db.select({ applicationId: payments.applicationId }).from(payments).where(eq(payments.voucherNo, voucherNo));
  return row?.applicationId ?? null;
}

/** Of these voucher numbers, those already used, with their application (one query for a whole statement). */
export async function vouchersTaken(db: Db, voucherNos: string[]) {
  if (voucherNos.length === 0) return [];
  return db
    .select({ voucherNo: payments.voucherNo, applicationId: payments.applicationId })
    .from(payments)
    .where(sql`${payments.voucherNo} = ANY(${sql.param(voucherNos)}::text[])`);
}

/** The first entry of a payment that waits for its second check, if any (locked when `lock`). */
export async function entryOf(db: Db, applicationId: number, lock = false) {
  const query = db.select().from(paymentEntries).where(eq(paymentEntries.applicationId, applicationId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Enters a payment for its second check; false when another entry came first. */
export async function insertEntry(db: Db, values: typeof paymentEntries.$inferInsert) {
  const rows = await db.insert(paymentEntries).values(values).onConflictDoNothing().returning({ id: paymentEntries.applicationId });
  return rows.length > 0;
}

export async function deleteEntry(db: Db, applicationId: number) {
  await db.delete(paymentEntries).where(eq(paymentEntries.applicationId, applicationId));
}

export async function insertPayment(db: Db, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).returning({ id: payments.id });
  return row.id;
}

/**
 * The coverages of every live line of a paid application, in one INSERT … SELECT. A member who
 * was covered by the same product in the previous year's period continues (`continuing`) and
 * starts on `fromContinuing`; the others on `fromNew` (both worked out by the shared coverStart).
 */
export async function insertCoverages(
  db: Db,
  a: { applicationId: number; unitId: number; periodId: number; previousYear: number; fromContinuing: string; fromNew: string; now: Date },
) {
  // Counted in SQL: a paid application of a large unit makes tens of thousands of coverages, which
  // need not travel back to be counted (the demo seed's 22,000 cost half a second of parsing).
  const result = await db.execute(sql`
    WITH made AS (
    INSERT INTO coverages (person_id, period_id, product_code, shares, unit_id, application_id, line_id, covered_from, continuing, created_at)
    SELECT l.person_id, l.period_id, l.product_code, l.shares, ${a.unitId}, l.application_id, l.id,
           CASE WHEN prev.person_id IS NULL THEN ${a.fromNew}::date ELSE ${a.fromContinuing}::date END,
           prev.person_id IS NOT NULL, ${a.now}
    FROM application_lines l
    LEFT JOIN LATERAL (
      SELECT c.person_id FROM coverages c JOIN periods p ON p.id = c.period_id
      WHERE p.year = ${a.previousYear} AND c.person_id = l.person_id AND c.product_code = l.product_code
      LIMIT 1
    ) prev ON true
    WHERE l.application_id = ${a.applicationId} AND l.live
    RETURNING continuing)
    SELECT count(*)::int AS total, count(*) FILTER (WHERE continuing)::int AS continuing FROM made`);
  const [row] = (result as unknown as { rows: Array<{ total: number; continuing: number }> }).rows;
  return { total: Number(row.total), continuing: Number(row.continuing) };
}

/** The entries waiting for their second check, oldest first, with their application's unit (the voucher stays unread: see the service). */
export async function waitingEntries(db: Db, limit: number) {
  return db
    .select({
      applicationId: paymentEntries.applicationId,
      year: periods.year,
      uact: units.uact,
      empName: units.empName,
      amountFen: applications.amountFen,
      enteredBy: paymentEntries.operator,
      enteredAt: paymentEntries.enteredAt,
    })
    .from(paymentEntries)
    .innerJoin(applications, eq(applications.id, paymentEntries.applicationId))
    .innerJoin(units, eq(units.id, applications.unitId))
    .innerJoin(periods, eq(periods.id, applications.periodId))
    .orderBy(asc(paymentEntries.enteredAt), asc(paymentEntries.applicationId))
    .limit(limit);
}
