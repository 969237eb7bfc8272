import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { coverages, periods, products, treatmentTotals, unitClaimTotals, units } from '../../db/schema';

/**
 * Read-only figures of the home page (首页), run on every home visit: each is one aggregate over
 * one scope, on the index that leads with that scope's column:
 * - treatments: treatments_unit_idx (unit_id, discharged_on, id) / treatments_person_idx, the
 *   range of discharge dates of the periods asked (a treatment's period is the period of its
 *   discharge date, so the range is exact);
 * - claims: claims_unit_idx (unit_id, created_at, id) / claims_person_idx, from the first period's
 *   start (a claim is about a stay or a cover of its period, so it is made after the period began);
 * - a person's coverages: coverages_once_key (person_id, period_id, …); a unit's 本期参保人数 is
 *   participation/unit-figures.repository's.
 * The scope is a list of unit ids (the unit; a level-1 union and its subordinate units) or one
 * person id, always bound in SQL.
 */

const n = (v: unknown) => Number(v ?? 0);

export type Scope = { unitIds: number[] } | { personId: number };

/** What the figures read of a period (the service passes participation.service `periodsOf` rows). */
type PeriodSpan = { id: number; startDate: string; endDate: string };

const ph = sql.placeholder;

// A unit's charts read its kept treatment and claim totals on every visit: prepared.
const unitTreatmentQuery = preparedOnce((db) =>
  db
    .select({
      periodId: treatmentTotals.periodId,
      count: sql<number>`sum(${treatmentTotals.withAmount})`.mapWith(Number),
      amountFen: sql<number>`sum(${treatmentTotals.amountFen})`.mapWith(Number),
      paidFen: sql<number>`sum(${treatmentTotals.paidFen})`.mapWith(Number),
    })
    .from(treatmentTotals)
    .where(
      and(sql`${treatmentTotals.unitId} = ANY(${ph('unitIds')}::int[])`, sql`${treatmentTotals.periodId} = ANY(${ph('periodIds')}::int[])`),
    )
    .groupBy(treatmentTotals.periodId)
    .having(sql`sum(${treatmentTotals.n}) > 0`)
    .prepare('home_unit_treatment_figures'),
);

const unitClaimQuery = preparedOnce((db) =>
  db
    .select({
      periodId: unitClaimTotals.periodId,
      type: unitClaimTotals.type,
      count: sql<number>`sum(${unitClaimTotals.n})`.mapWith(Number),
      amountFen: sql<number>`sum(${unitClaimTotals.amountFen})`.mapWith(Number),
    })
    .from(unitClaimTotals)
    .where(
      and(
        sql`${unitClaimTotals.unitId} = ANY(${ph('unitIds')}::int[])`,
        sql`${unitClaimTotals.periodId} = ANY(${ph('periodIds')}::int[])`,
        sql`${unitClaimTotals.state} = 'paid'`,
      ),
    )
    .groupBy(unitClaimTotals.periodId, unitClaimTotals.type)
    .having(sql`sum(${unitClaimTotals.n}) > 0`)
    .prepare('home_unit_claim_figures'),
);

/** Level-2 units of a union (units.parent_id). */
export async function subordinateIds(db: Db, parentId: number): Promise<number[]> {
  const rows = await db.select({ id: units.id }).from(units).where(eq(units.parentId, parentId));
  return rows.map((r) => r.id);
}

const scopeOf = (alias: string, scope: Scope) =>
  'personId' in scope
    ? sql`${sql.raw(alias)}.person_id = ${scope.personId}`
    : sql`${sql.raw(alias)}.unit_id = ANY(${sql.param(scope.unitIds)}::int[])`;

/** The dates the given periods cover (the discharge dates of their treatments). */
const spanOf = (list: PeriodSpan[]) => ({
  from: list.reduce((m, p) => (p.startDate < m ? p.startDate : m), list[0].startDate),
  to: list.reduce((m, p) => (p.endDate > m ? p.endDate : m), list[0].endDate),
});

export interface TreatmentFigures {
  periodId: number;
  /** Treatments with an amount (amount_fen > 0). */
  count: number;
  amountFen: number;
  paidFen: number;
}

/**
 * Per period: treatments with an amount, amount granted and amount paid, of the scope. Units read
 * the totals kept on write (treatment_totals: a unit of 50,000 staff has a few hundred thousand
 * treatments); a person sums their own few.
 */
export async function treatmentFigures(db: Db, scope: Scope, list: PeriodSpan[]): Promise<TreatmentFigures[]> {
  if (list.length === 0 || ('unitIds' in scope && scope.unitIds.length === 0)) return [];
  if ('unitIds' in scope) return unitTreatmentQuery(db).execute({ unitIds: scope.unitIds, periodIds: list.map((p) => p.id) });
  const { from, to } = spanOf(list);
  const result = await db.execute(sql`
    SELECT t.period_id, count(*) FILTER (WHERE t.amount_fen > 0) AS n,
           coalesce(sum(t.amount_fen), 0) AS amount_fen, coalesce(sum(t.paid_fen), 0) AS paid_fen
    FROM treatments t
    WHERE ${scopeOf('t', scope)} AND t.discharged_on BETWEEN ${from}::date AND ${to}::date
      AND t.period_id = ANY(${sql.param(list.map((p) => p.id))}::int[])
    GROUP BY t.period_id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    periodId: n(r.period_id),
    count: n(r.n),
    amountFen: n(r.amount_fen),
    paidFen: n(r.paid_fen),
  }));
}

export interface ClaimFigures {
  periodId: number;
  type: string;
  count: number;
  amountFen: number;
}

/**
 * Per period and claim type: the claims paid (已发放) of the scope, how many and how much. Units
 * read the totals kept on write (unit_claim_totals); a person counts their own few, where the
 * lower bound on created_at (one day before the first period began, whatever the time zone of
 * the session) only narrows the index range: no claim of these periods is older.
 */
export async function paidClaimFigures(db: Db, scope: Scope, list: PeriodSpan[]): Promise<ClaimFigures[]> {
  if (list.length === 0 || ('unitIds' in scope && scope.unitIds.length === 0)) return [];
  if ('unitIds' in scope) return unitClaimQuery(db).execute({ unitIds: scope.unitIds, periodIds: list.map((p) => p.id) });
  const { from } = spanOf(list);
  const result = await db.execute(sql`
    SELECT c.period_id, c.type, count(*) AS n, coalesce(sum(c.amount_fen), 0) AS amount_fen
    FROM claims c
    WHERE ${scopeOf('c', scope)} AND c.created_at >= (${from}::date - 1)::timestamptz
      AND c.state = 'paid' AND c.period_id = ANY(${sql.param(list.map((p) => p.id))}::int[])
    GROUP BY c.period_id, c.type`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    periodId: n(r.period_id),
    type: String(r.type),
    count: n(r.n),
    amountFen: n(r.amount_fen),
  }));
}

/** A person's coverages of the given periods, with the product's and the unit's names. */
export async function coveragesOfPerson(db: Db, personId: number, periodIds: number[]) {
  if (periodIds.length === 0) return [];
  return db
    .select({
      periodId: coverages.periodId,
      productCode: coverages.productCode,
      productName: products.name,
      shares: coverages.shares,
      coveredFrom: coverages.coveredFrom,
      unitName: units.empName,
    })
    .from(coverages)
    .innerJoin(products, and(eq(products.periodId, coverages.periodId), eq(products.code, coverages.productCode)))
    .innerJoin(units, eq(units.id, coverages.unitId))
    .where(and(eq(coverages.personId, personId), inArray(coverages.periodId, periodIds)))
    .orderBy(asc(products.sort), asc(coverages.productCode));
}
