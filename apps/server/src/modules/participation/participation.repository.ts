import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { cappedCount } from '../../lib/capped-count.repository';
import { preparedOnce } from '../../db/prepared';
import { periods, products, staff, units, unitStaffTotals } from '../../db/schema';
import { declaredStates, figuresIn, type PageFigureRow, pageFiguresJson } from './unit-figures.repository';
import { containing, startingWith } from '../../lib/like';

const n = (v: unknown) => Number(v ?? 0);

// /participation's totals run on every visit of the page: its fixed reads are prepared (db/prepared.ts).
const ph = sql.placeholder;

/** A mutual-aid period as the pages read it (the newest first). */
export interface PeriodRow {
  id: number;
  year: number;
  name: string;
  startDate: string;
  endDate: string;
}

const periodsQuery = preparedOnce((db) =>
  db
    .select({ id: periods.id, year: periods.year, name: periods.name, startDate: periods.startDate, endDate: periods.endDate })
    .from(periods)
    .orderBy(desc(periods.year))
    .prepare('participation_periods'),
);

/**
 * Everything /participation's totals read besides the periods, in one statement (its five reads
 * one after another cost the server more than their rows, as /Home's did: docs/performance.md):
 * the unit's subordinate units (a level-1 union's), the period's products, the figures of the
 * unit's scope and its units' staff on roster. A unit that does not exist gives no row.
 */
const pageQuery = preparedOnce((db) =>
  db
    .select({
      subordinates: sql<Array<{ id: number; uact: string; empName: string }>>`coalesce((
        select json_agg(json_build_object('id', s.id, 'uact', s.uact, 'empName', s.emp_name) order by s.uact)
        from ${units} s where s.parent_id = u.id and u.level = 1), '[]'::json)`,
      products: sql<Array<{ code: string; name: string }>>`coalesce((
        select json_agg(json_build_object('code', p.code, 'name', p.name) order by p.sort, p.code)
        from ${products} p where p.period_id = ${ph('periodId')}), '[]'::json)`,
      figures: sql<
        Array<Record<string, unknown>>
      >`${pageFiguresJson({ units: sql`scope.ids`, self: sql`u.id`, period: sql`${ph('periodId')}`, today: sql`${ph('today')}` })}`,
      staff: sql<Record<
        string,
        number
      > | null>`(select json_object_agg(t.unit_id, t.current) from ${unitStaffTotals} t where t.unit_id = any(scope.ids))`,
    })
    .from(sql`${units} u cross join lateral (
      select array(select u.id union all select s.id from ${units} s where s.parent_id = u.id and u.level = 1) as ids) scope`)
    .where(sql`u.id = ${ph('unitId')}`)
    .prepare('participation_page'),
);

export interface ParticipationPage {
  subordinates: Array<{ id: number; uact: string; empName: string }>;
  products: Array<{ code: string; name: string }>;
  figures: PageFigureRow[];
  /** Staff on roster (not left) per unit of the scope. */
  staff: Map<number, number>;
}

export async function pageOf(db: Db, q: { unitId: number; periodId: number; today: string }): Promise<ParticipationPage | undefined> {
  const [r] = await pageQuery(db).execute(q);
  if (!r) return undefined;
  const figures = r.figures.map((f) => ({ unitId: n(f.unit_id), productCode: String(f.product_code), ...figuresIn(f) }));
  const staff = new Map(Object.entries(r.staff ?? {}).map(([id, count]) => [Number(id), n(count)]));
  return { subordinates: r.subordinates, products: r.products, figures, staff };
}

export async function allPeriods(db: Db): Promise<PeriodRow[]> {
  return periodsQuery(db).execute();
}

export interface PersonQuery {
  unitId: number;
  periodId: number;
  startDate: string;
  endDate: string;
  today: string;
  name?: string;
  certNo?: string;
  productCode?: string;
  state?: string;
}

export interface PersonRow {
  staffId: number;
  name: string;
  certNo: string;
  gender: string;
  psnType: string;
  left: boolean;
  productCode: string;
  productName: string;
  shares: number | null;
  state: 'covered' | 'waiting' | 'declared' | 'none';
  coveredFrom: string | null;
}

/**
 * The unit's staff of the period (employed at some time in it) × the products they may join,
 * each with where they stand: covered (cover started), waiting, declared (not paid), none. 已申报
 * is unit-figures.repository's: a line of an application 已提交, 待缴费 or 已缴费 (not 已退回).
 */
function personRows(q: PersonQuery): SQL {
  const filters: SQL[] = [sql`true`];
  if (q.name) filters.push(sql`x.name LIKE ${containing(q.name)}`);
  if (q.certNo) filters.push(sql`x.cert_no LIKE ${startingWith(q.certNo)}`);
  if (q.productCode) filters.push(sql`x.product_code = ${q.productCode}`);
  if (q.state) filters.push(sql`x.state = ${q.state}`);
  return sql`
    SELECT * FROM (
      SELECT s.id AS staff_id, p.name, p.cert_no, coalesce(p.gender, '') AS gender, s.psn_type, s.left_on IS NOT NULL AS left_unit,
             pr.code AS product_code, pr.name AS product_name, pr.sort AS product_sort,
             c.covered_from, coalesce(c.shares, ln.shares) AS shares,
             CASE WHEN c.covered_from IS NOT NULL AND c.covered_from <= ${q.today}::date THEN 'covered'
                  WHEN c.covered_from IS NOT NULL THEN 'waiting'
                  WHEN ln.shares IS NOT NULL THEN 'declared'
                  ELSE 'none' END AS state
      FROM staff s
      JOIN persons p ON p.id = s.person_id
      JOIN products pr ON pr.period_id = ${q.periodId} AND (pr.eligibility = 'all' OR p.gender = '2')
      LEFT JOIN coverages c ON c.person_id = s.person_id AND c.period_id = ${q.periodId} AND c.product_code = pr.code
        AND (c.unit_id = ${q.unitId} OR EXISTS (
          SELECT 1 FROM coverage_transfer_lines t WHERE t.from_unit_id = ${q.unitId} AND t.coverage_id = c.id))
      LEFT JOIN LATERAL (
        SELECT l.shares FROM application_lines l JOIN applications a ON a.id = l.application_id
        WHERE l.period_id = ${q.periodId} AND l.person_id = s.person_id AND l.product_code = pr.code AND l.live
          AND a.unit_id = ${q.unitId} AND a.state IN (${declaredStates})
        LIMIT 1
      ) ln ON true
      WHERE s.unit_id = ${q.unitId} AND s.joined_on <= ${q.endDate}::date AND (s.left_on IS NULL OR s.left_on >= ${q.startDate}::date)
    ) x
    WHERE ${sql.join(filters, sql` AND `)}`;
}

const toRow = (r: Record<string, unknown>): PersonRow => ({
  staffId: n(r.staff_id),
  name: String(r.name),
  certNo: String(r.cert_no),
  gender: String(r.gender ?? ''),
  psnType: String(r.psn_type),
  left: r.left_unit === true,
  productCode: String(r.product_code),
  productName: String(r.product_name),
  shares: r.shares === null || r.shares === undefined ? null : n(r.shares),
  state: r.state as PersonRow['state'],
  coveredFrom: r.covered_from ? String(r.covered_from).slice(0, 10) : null,
});

/**
 * The list's count, up to the cap (lib/capped-count). Without a filter on the person or the
 * state it is the unit's staff of the period × the products each may join, read on the roster
 * index with each person's gender looked up by key (joined, the planner hashes every person).
 */
export async function countPersons(db: Db, q: PersonQuery) {
  if (q.name || q.certNo || q.state) return cappedCount(db, personRows(q));
  return cappedCount(
    db,
    sql`SELECT s.id FROM staff s
      JOIN products pr ON pr.period_id = ${q.periodId}
        AND (pr.eligibility = 'all' OR (SELECT p.gender FROM persons p WHERE p.id = s.person_id) = '2')
        ${q.productCode ? sql`AND pr.code = ${q.productCode}` : sql``}
      WHERE s.unit_id = ${q.unitId} AND s.joined_on <= ${q.endDate}::date AND (s.left_on IS NULL OR s.left_on >= ${q.startDate}::date)`,
  );
}

export async function pagePersons(db: Db, q: PersonQuery, limit: number, offset: number) {
  const result = await db.execute(
    sql`${personRows(q)} ORDER BY x.staff_id, x.product_sort, x.product_code LIMIT ${limit} OFFSET ${offset}`,
  );
  return rowsOf<Record<string, unknown>>(result).map(toRow);
}

/** Every row, a chunk at a time (keyset on staff id), for the export. */
export async function* allPersons(db: Db, q: PersonQuery, chunk = 2000): AsyncGenerator<PersonRow> {
  let after = 0;
  for (;;) {
    const result = await db.execute(
      sql`${personRows(q)} AND x.staff_id IN (
            SELECT id FROM staff WHERE unit_id = ${q.unitId} AND id > ${after} ORDER BY id LIMIT ${chunk})
          ORDER BY x.staff_id, x.product_sort, x.product_code`,
    );
    const rows = rowsOf<Record<string, unknown>>(result).map(toRow);
    const [last] = await db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.unitId, q.unitId), sql`${staff.id} > ${after}`))
      .orderBy(asc(staff.id))
      .offset(chunk - 1)
      .limit(1);
    yield* rows;
    if (!last) return;
    after = last.id;
  }
}
