import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, payments, periods, units } from '../../db/schema';

/** The application with what payment confirmation needs: its unit, amount and period. */
export async function applicationForPayment(db: Db, id: number) {
  const [row] = await db
    .select({
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
    })
    .from(applications)
    .innerJoin(units, eq(units.id, applications.unitId))
    .innerJoin(periods, eq(periods.id, applications.periodId))
    .where(eq(applications.id, id));
  return row;
}

export async function paymentOf(db: Db, applicationId: number) {
  const [row] = await db.select().from(payments).where(eq(payments.applicationId, applicationId));
  return row;
}

export async function voucherTaken(db: Db, voucherNo: string) {
  const [row] = await db.select({ applicationId: payments.applicationId }).from(payments).where(eq(payments.voucherNo, voucherNo));
  return row?.applicationId ?? null;
}

export async function insertPayment(db: Db, values: typeof payments.$inferInsert) {
  await db.insert(payments).values(values);
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
