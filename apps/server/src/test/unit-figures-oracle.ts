import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import { type FigureRow, declaredStates, figuresIn } from '../modules/participation/unit-figures.repository';

/**
 * The participation figures counted from the raw rows (applications, their lines, coverages and
 * transfer lines): unit-figures.repository's query before the summaries kept on write (migration
 * 0034). Tests only: the oracle the summaries must equal (participation-totals.test.ts).
 */

const n = (v: unknown) => Number(v ?? 0);

/**
 * The coverages of the periods the units answer for, each with the unit answering: held, or moved
 * away from it by a confirmed transfer (coverage_transfer_lines). Both arms read by index
 * (coverages_unit_idx; coverage_transfer_lines_unit_idx).
 */
const answeredCoverages = (unitIds: number[], periodIds: number[]) => {
  const units = sql.param(unitIds);
  const periods = sql.param(periodIds);
  return sql`(
    SELECT c.id, c.person_id, c.period_id, c.product_code, c.covered_from, c.unit_id FROM coverages c
    WHERE c.period_id = ANY(${periods}::int[]) AND c.unit_id = ANY(${units}::int[])
    UNION
    SELECT c.id, c.person_id, c.period_id, c.product_code, c.covered_from, t.from_unit_id AS unit_id
    FROM coverage_transfer_lines t JOIN coverages c ON c.id = t.coverage_id
    WHERE c.period_id = ANY(${periods}::int[]) AND t.from_unit_id = ANY(${units}::int[]))`;
};

/**
 * The figures of the units in the periods, one row per period and, as asked, per unit and per
 * product. Rows only where something is declared or insured.
 */
export async function rawUnitFigures(
  db: Db,
  q: { unitIds: number[]; periodIds: number[]; today: string; by?: Array<'unit' | 'product'> },
): Promise<FigureRow[]> {
  if (q.unitIds.length === 0 || q.periodIds.length === 0) return [];
  const by = q.by ?? [];
  const keys = ['period_id', ...(by.includes('unit') ? ['unit_id'] : []), ...(by.includes('product') ? ['product_code'] : [])];
  const cols = (alias: string): SQL => sql.raw(keys.map((k) => `${alias}.${k}`).join(', '));
  const join = sql.raw(keys.map((k) => `c.${k} = l.${k}`).join(' AND '));
  const pick = sql.raw(keys.map((k) => `coalesce(l.${k}, c.${k}) AS ${k}`).join(', '));
  const units = sql.param(q.unitIds);
  const periods = sql.param(q.periodIds);
  const result = await db.execute(sql`
    WITH lines AS (
      SELECT l.period_id, a.unit_id, l.product_code, l.person_id, l.amount_fen, a.state
      FROM applications a
      -- From the units' applications (applications_unit_idx) to each one's lines
      -- (application_lines_application_idx); OFFSET 0 keeps the planner from flattening this into a
      -- hash join over a scan of every line of the city.
      CROSS JOIN LATERAL (
        SELECT l.period_id, l.product_code, l.person_id, l.amount_fen FROM application_lines l
        WHERE l.application_id = a.id AND l.live AND l.period_id = ANY(${periods}::int[])
        OFFSET 0
      ) l
      WHERE a.unit_id = ANY(${units}::int[]) AND a.period_id = ANY(${periods}::int[]) AND a.state IN (${declaredStates})
    ), l AS (
      SELECT ${cols('x')}, count(DISTINCT x.person_id) AS declared,
             coalesce(sum(x.amount_fen) FILTER (WHERE x.state = 'unpaid'), 0) AS due_fen,
             coalesce(sum(x.amount_fen) FILTER (WHERE x.state = 'paid'), 0) AS paid_fen
      FROM lines x GROUP BY ${cols('x')}
    ), p AS (
      SELECT ${cols('x')}, x.person_id, min(x.covered_from) AS first_from
      FROM ${answeredCoverages(q.unitIds, q.periodIds)} x
      GROUP BY ${cols('x')}, x.person_id
    ), c AS (
      SELECT ${cols('p')}, count(*) AS insured,
             count(*) FILTER (WHERE p.first_from <= ${q.today}::date) AS covered,
             count(*) FILTER (WHERE p.first_from > ${q.today}::date) AS waiting
      FROM p GROUP BY ${cols('p')}
    )
    SELECT ${pick}, coalesce(l.declared, 0) AS declared, coalesce(c.insured, 0) AS insured,
           coalesce(c.covered, 0) AS covered, coalesce(c.waiting, 0) AS waiting,
           coalesce(l.due_fen, 0) AS due_fen, coalesce(l.paid_fen, 0) AS paid_fen
    FROM l FULL JOIN c ON ${join}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    periodId: n(r.period_id),
    unitId: r.unit_id === undefined ? null : n(r.unit_id),
    productCode: r.product_code === undefined ? null : String(r.product_code),
    ...figuresIn(r),
  }));
}
