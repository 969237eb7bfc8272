import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';

/**
 * The one definition of a unit's mutual-aid figures of a period (docs/decisions.md, "One definition of each figure"), read by
 * /Home (首页 本期参保人数), /participation (参保情况) and the unit's 互助档案, so the pages agree:
 *
 * - 已申报人数 (`declared`): people on live lines of the unit's applications of the period that
 *   are 已提交, 待缴费 or 已缴费 (DECLARED_STATES). Not 待提交 (a draft), not 已退回 (back with the
 *   unit to correct: declared again when resubmitted), not 已撤销 (its lines are not live).
 * - 本期参保人数 (`insured`): people with a coverage of the period that the unit answers for: the
 *   coverages it holds and those a confirmed transfer moved away from it (both units
 *   count a transferred person, each for its part). Leavers (减员) keep their paid cover to the
 *   period's end and count. It is `covered` + `waiting`:
 * - 保障中 (`covered`): insured people with some cover started by today;
 * - 等待期 (`waiting`): insured people none of whose cover has started yet (paid, waiting).
 * - 待缴金额 (`dueFen`) / 已缴金额 (`paidFen`): the live lines of the unit's 待缴费 / 已缴费
 *   applications of the period (an application's amount is its lines' sum).
 *
 * People are counted once per group: a union's scope (itself and its subordinate units, `by`
 * without 'unit') counts a person covered at two of its units once.
 */

export const DECLARED_STATES = ['submitted', 'unpaid', 'paid'] as const;

export interface UnitFigures {
  declared: number;
  insured: number;
  covered: number;
  waiting: number;
  dueFen: number;
  paidFen: number;
}

export const NO_FIGURES: UnitFigures = { declared: 0, insured: 0, covered: 0, waiting: 0, dueFen: 0, paidFen: 0 };

export interface FigureRow extends UnitFigures {
  periodId: number;
  /** With `by` 'unit'. */
  unitId: number | null;
  /** With `by` 'product'. */
  productCode: string | null;
}

const n = (v: unknown) => Number(v ?? 0);

/** The states of a declared application, as SQL (constants, never input). */
export const declaredStates = sql.raw(DECLARED_STATES.map((s) => `'${s}'`).join(', '));

/** The product key of the figures over all products in participation_people / participation_totals. */
export const ALL_PRODUCTS = '*';

/**
 * The figures of the units in the periods, one row per period and, as asked, per unit and per
 * product. Rows only where something is declared or insured.
 *
 * Read from the summaries kept on write (migration 0034, docs/decisions.md "Participation figures
 * kept on write"): people from participation_totals (a few rows per unit, period and product: one
 * per first cover day, summed by today into 保障中 and 等待期), amounts from enrolment_totals. A
 * scope of several units read together (a union's, without `by` 'unit') counts its people once from
 * participation_people instead: one row per person of the scope.
 */
export async function unitFigures(
  db: Db,
  q: { unitIds: number[]; periodIds: number[]; today: string; by?: Array<'unit' | 'product'> },
): Promise<FigureRow[]> {
  if (q.unitIds.length === 0 || q.periodIds.length === 0) return [];
  const by = q.by ?? [];
  const keys = ['period_id', ...(by.includes('unit') ? ['unit_id'] : []), ...(by.includes('product') ? ['product_code'] : [])];
  const cols = (alias: string): SQL => sql.raw(keys.map((k) => `${alias}.${k}`).join(', '));
  const join = sql.raw(keys.map((k) => `c.${k} = m.${k}`).join(' AND '));
  const units = sql.param(q.unitIds);
  const periods = sql.param(q.periodIds);
  const products = by.includes('product') ? sql`<> ${ALL_PRODUCTS}` : sql`= ${ALL_PRODUCTS}`;
  const once = q.unitIds.length > 1 && !by.includes('unit');
  const people = once
    ? sql`
      SELECT ${cols('p')}, count(*) FILTER (WHERE p.declared) AS declared, count(p.first_from) AS insured,
             count(*) FILTER (WHERE p.first_from <= ${q.today}::date) AS covered,
             count(*) FILTER (WHERE p.first_from > ${q.today}::date) AS waiting
      FROM (
        SELECT x.period_id, x.product_code, x.person_id, bool_or(x.declared) AS declared, min(x.first_from) AS first_from
        FROM participation_people x
        WHERE x.period_id = ANY(${periods}::int[]) AND x.unit_id = ANY(${units}::int[]) AND x.product_code ${products}
        GROUP BY x.period_id, x.product_code, x.person_id
      ) p GROUP BY ${cols('p')}`
    : sql`
      SELECT ${cols('t')}, sum(t.declared) AS declared, sum(t.insured) AS insured,
             coalesce(sum(t.insured) FILTER (WHERE t.first_from <= ${q.today}::date), 0) AS covered,
             coalesce(sum(t.insured) FILTER (WHERE t.first_from > ${q.today}::date), 0) AS waiting
      FROM participation_totals t
      WHERE t.period_id = ANY(${periods}::int[]) AND t.unit_id = ANY(${units}::int[]) AND t.product_code ${products}
      GROUP BY ${cols('t')}`;
  const result = await db.execute(sql`
    WITH c AS (${people}), m AS (
      SELECT ${cols('e')}, sum(e.amount_fen) FILTER (WHERE e.state = 'unpaid') AS due_fen,
             sum(e.amount_fen) FILTER (WHERE e.state = 'paid') AS paid_fen
      FROM enrolment_totals e
      WHERE e.period_id = ANY(${periods}::int[]) AND e.unit_id = ANY(${units}::int[]) AND e.state IN ('unpaid', 'paid')
      GROUP BY ${cols('e')}
    )
    SELECT ${cols('c')}, c.declared, c.insured, c.covered, c.waiting,
           coalesce(m.due_fen, 0) AS due_fen, coalesce(m.paid_fen, 0) AS paid_fen
    FROM c LEFT JOIN m ON ${join}
    WHERE c.declared > 0 OR c.insured > 0`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    periodId: n(r.period_id),
    unitId: r.unit_id === undefined ? null : n(r.unit_id),
    productCode: r.product_code === undefined ? null : String(r.product_code),
    ...figuresIn(r),
  }));
}

/** The six figures of a row as both statements give them (`unitFigures`' columns, `pageFiguresJson`'s keys). */
export const figuresIn = (r: Record<string, unknown>): UnitFigures => ({
  declared: n(r.declared),
  insured: n(r.insured),
  covered: n(r.covered),
  waiting: n(r.waiting),
  dueFen: n(r.due_fen),
  paidFen: n(r.paid_fen),
});

/**
 * The figures of /participation's totals as one JSON array, for a statement that reads the whole
 * page at once (participation.repository `pageOf`): over all products (`product_code` '*') for each
 * unit of `units`, and per product for `self` alone. The same sums as `unitFigures` with `by`
 * 'unit' and with `by` 'product' (figures-agree.test.ts holds them equal); the amounts of both come
 * from one pass over enrolment_totals (its grouping sets: per unit, and per unit and product).
 */
export const pageFiguresJson = (p: { units: SQL; self: SQL; period: SQL; today: SQL }) => {
  const all = sql.raw(`'${ALL_PRODUCTS}'`);
  return sql`(
  select coalesce(json_agg(json_build_object('unit_id', c.unit_id, 'product_code', c.product_code, 'declared', c.declared,
    'insured', c.insured, 'covered', c.covered, 'waiting', c.waiting, 'due_fen', coalesce(m.due_fen, 0), 'paid_fen', coalesce(m.paid_fen, 0))), '[]'::json)
  from (
    select t.unit_id, t.product_code, sum(t.declared) as declared, sum(t.insured) as insured,
           coalesce(sum(t.insured) filter (where t.first_from <= ${p.today}::date), 0) as covered,
           coalesce(sum(t.insured) filter (where t.first_from > ${p.today}::date), 0) as waiting
    from participation_totals t
    where t.period_id = ${p.period} and t.unit_id = any(${p.units}) and (t.product_code = ${all} or t.unit_id = ${p.self})
    group by t.unit_id, t.product_code
  ) c left join (
    select e.unit_id, coalesce(e.product_code, ${all}) as product_code,
           sum(e.amount_fen) filter (where e.state = 'unpaid') as due_fen, sum(e.amount_fen) filter (where e.state = 'paid') as paid_fen
    from enrolment_totals e
    where e.period_id = ${p.period} and e.unit_id = any(${p.units}) and e.state in ('unpaid', 'paid')
    group by grouping sets ((e.unit_id), (e.unit_id, e.product_code))
  ) m on m.unit_id = c.unit_id and m.product_code = c.product_code
  where c.declared > 0 or c.insured > 0)`;
};

/** A row of `pageFiguresJson`. */
export interface PageFigureRow extends UnitFigures {
  unitId: number;
  productCode: string;
}

/** Only the figures of a row. */
export const figuresOf = (r: UnitFigures | undefined): UnitFigures =>
  r
    ? { declared: r.declared, insured: r.insured, covered: r.covered, waiting: r.waiting, dueFen: r.dueFen, paidFen: r.paidFen }
    : NO_FIGURES;
