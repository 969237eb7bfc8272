import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/*
 * The report queries read only the summary tables kept on write (migration 0026): enrolment_totals
 * by its key's lead (period_id) for a union's units, enrolment_city_totals (migration 0035) for the
 * whole city, benefit_totals by month, fund_totals by period; never the millions of lines.
 */

/** The states whose lines are due (reviewed: waiting for payment, or paid). */
const DUE = sql`e.state in ('unpaid', 'paid')`;

/**
 * Whose figures a report counts: the whole city, or one level-1 union and its units (the console's
 * 工会 filter, or the union's own session on the portal: never a union id the portal sends).
 */
export type ReportScope = { unionId?: number };

/** The union and its units, by their indexes (units_parent_idx). */
const unitsOf = (unionId: number) => sql`(select id from units where id = ${unionId} or parent_id = ${unionId})`;

/**
 * The benefit and fund summaries of a scope, as relations of benefit_totals' and fund_totals'
 * columns: the city's own tables, or a union's units' rows of the per-unit tables (migration 0031),
 * so each report's query is written once for both.
 */
function benefitSource(scope: ReportScope): SQL {
  if (!scope.unionId) return sql`benefit_totals`;
  return sql`(select month, period_id, product_code, kind, state, n, with_amount, amount_fen, paid_fen
    from unit_benefit_totals where unit_id in ${unitsOf(scope.unionId)})`;
}

function fundSource(scope: ReportScope): SQL {
  if (!scope.unionId) return sql`fund_totals`;
  return sql`(select period_id, sum(payments) as payments, sum(received_fen) as received_fen
    from unit_fund_totals where unit_id in ${unitsOf(scope.unionId)} group by period_id)`;
}

export interface EnrolmentFilter extends ReportScope {
  periodId: number;
  district?: string;
}

export interface EnrolmentFigures {
  units: number;
  lines: number;
  shares: number;
  dueFen: number;
  receivedFen: number;
}

const GROUP_KEYS: Record<string, SQL> = {
  district: sql`coalesce(u.region_code, '')`,
  union: sql`g.id::text`,
  uniType: sql`coalesce(g.uni_type, '')`,
  product: sql`e.product_code`,
  unit: sql`u.id::text`,
};

const GROUP_LABELS: Record<string, SQL> = {
  district: sql`''`,
  union: sql`max(g.emp_name)`,
  uniType: sql`''`,
  product: sql`max(p.name)`,
  unit: sql`max(u.emp_name)`,
};

/**
 * A period's enrolment grouped by `by`, the last row (key null) the totals: a unit's union is
 * itself (level 1) or its parent, read when asked (a unit may change union). The whole city's
 * groupings read the rollup (enrolmentOfCity); a union's, or the city's by unit, the unit rows.
 */
export async function enrolmentByGroup(db: Db, by: keyof typeof GROUP_KEYS, f: EnrolmentFilter) {
  if (!f.unionId && by in CITY_KEYS) return enrolmentOfCity(db, by as keyof typeof CITY_KEYS, f);
  return enrolmentOfUnits(db, by, f);
}

/**
 * The same from the summary rows of each unit (enrolment_totals), joined to the units: fast for a
 * union's units, 0.6 s for the whole city at full scale (the rollup's test oracle and bench baseline).
 */
export async function enrolmentOfUnits(db: Db, by: keyof typeof GROUP_KEYS, f: EnrolmentFilter) {
  const key = GROUP_KEYS[by];
  const where = [sql`e.period_id = ${f.periodId}`, DUE];
  if (f.district) where.push(sql`u.region_code = ${f.district}`);
  // The union and its units by their indexes, then their summary rows by key.
  if (f.unionId) where.push(sql`e.unit_id in ${unitsOf(f.unionId)}`);
  return queryRows<EnrolmentRow>(
    db,
    sql`select ${key} as key, ${GROUP_LABELS[by]} as label,
        count(distinct e.unit_id)::int as units, sum(e.lines)::int as lines, sum(e.shares)::int as shares,
        sum(e.amount_fen)::float8 as "dueFen", (sum(e.amount_fen) filter (where e.state = 'paid'))::float8 as "receivedFen"
      from enrolment_totals e
      join units u on u.id = e.unit_id
      join units g on g.id = coalesce(u.parent_id, u.id)
      left join products p on p.period_id = e.period_id and p.code = e.product_code
      where ${sql.join(where, sql` and `)} and e.lines <> 0
      group by grouping sets ((${key}), ())
      order by 1 nulls last`,
  );
}

type EnrolmentRow = EnrolmentFigures & { key: string | null; label: string };

/** The groupings of enrolment_city_totals (migration 0035): its district and union, the union's type, its product. */
const CITY_KEYS = {
  district: { key: sql`c.region_code`, label: sql`''` },
  union: { key: sql`g.id::text`, label: sql`max(g.emp_name)` },
  uniType: { key: sql`coalesce(g.uni_type, '')`, label: sql`''` },
  product: { key: sql`c.product_code`, label: sql`max(p.name)` },
};

/** The product key of a cell's units over all its products: each unit counts once there. */
const ALL_PRODUCTS = '*';

/**
 * The whole city's enrolment from its rollup, a few rows per union: units are summed per cell,
 * exact because a unit counts in one (district, union) cell at a time, once in its '*' row and
 * once in each product's row. Groups of products read the product rows, the others and the totals '*'.
 */
async function enrolmentOfCity(db: Db, by: keyof typeof CITY_KEYS, f: EnrolmentFilter) {
  const { key, label } = CITY_KEYS[by];
  const cells = (products: SQL) => sql`from enrolment_city_totals c
      join units g on g.id = c.union_id
      left join products p on p.period_id = c.period_id and p.code = c.product_code
      where c.period_id = ${f.periodId} and ${products} and c.units <> 0 ${f.district ? sql`and c.region_code = ${f.district}` : sql``}`;
  const figures = sql`sum(c.units)::int as units, sum(c.lines)::int as lines, sum(c.shares)::int as shares,
      sum(c.due_fen)::float8 as "dueFen", sum(c.received_fen)::float8 as "receivedFen"`;
  const grouped = by === 'product' ? sql`c.product_code <> ${ALL_PRODUCTS}` : sql`c.product_code = ${ALL_PRODUCTS}`;
  return queryRows<EnrolmentRow>(
    db,
    sql`select ${key} as key, ${label} as label, ${figures} ${cells(grouped)} group by 1
      union all
      select null, '', ${figures} ${cells(sql`c.product_code = ${ALL_PRODUCTS}`)}
      order by 1 nulls last`,
  );
}

export interface BenefitRow {
  month: string;
  productCode: string;
  productName: string;
  treatments: number;
  treatmentFen: number;
  claims: number;
  claimFen: number;
}

/**
 * A calendar year's benefits by month × product: treatments with an amount (state other than
 * none), claims approved or paid.
 */
export async function benefitsByMonth(db: Db, scope: ReportScope, year: number, productCode?: string) {
  return queryRows<BenefitRow>(
    db,
    sql`select to_char(b.month, 'YYYY-MM') as month, b.product_code as "productCode", coalesce(max(p.name), b.product_code) as "productName",
        coalesce(sum(b.with_amount) filter (where b.kind = 'treatment' and b.state <> 'none'), 0)::int as treatments,
        coalesce(sum(b.amount_fen) filter (where b.kind = 'treatment'), 0)::float8 as "treatmentFen",
        coalesce(sum(b.n) filter (where b.kind = 'claim' and b.state in ('approved', 'paid')), 0)::int as claims,
        coalesce(sum(b.amount_fen) filter (where b.kind = 'claim' and b.state in ('approved', 'paid')), 0)::float8 as "claimFen"
      from ${benefitSource(scope)} b
      left join products p on p.period_id = b.period_id and p.code = b.product_code
      where b.month >= ${`${year}-01-01`}::date and b.month < ${`${year + 1}-01-01`}::date
        ${productCode ? sql`and b.product_code = ${productCode}` : sql``}
      group by 1, 2 order by 1, 2`,
  );
}

export interface TreatmentMixRow {
  key: string;
  treatments: number;
  treatmentFen: number;
  paidFen: number;
}

const MIX_TABLES = {
  level: { table: sql`benefit_level_totals`, key: sql`hospital_level` },
  chapter: { table: sql`benefit_chapter_totals`, key: sql`chapter` },
};

/**
 * A calendar year's treatments (by month of discharge, as benefitsByMonth) by the settlement's
 * hospital level or ICD-10 chapter, from their summary tables (migration 0033), largest amount first.
 */
export async function treatmentsByMix(db: Db, by: keyof typeof MIX_TABLES, year: number, productCode?: string) {
  const { table, key } = MIX_TABLES[by];
  return queryRows<TreatmentMixRow>(
    db,
    sql`select ${key} as key, coalesce(sum(with_amount) filter (where state <> 'none'), 0)::int as treatments,
        sum(amount_fen)::float8 as "treatmentFen", sum(paid_fen)::float8 as "paidFen"
      from ${table}
      where month >= ${`${year}-01-01`}::date and month < ${`${year + 1}-01-01`}::date
        ${productCode ? sql`and product_code = ${productCode}` : sql``}
      group by 1 having sum(n) <> 0 order by 3 desc, 1`,
  );
}

export interface FundRow {
  year: number;
  periodName: string;
  payments: number;
  receivedFen: number;
  paidTreatmentFen: number;
  paidClaimFen: number;
  committedFen: number;
}

/**
 * The fund per period: receipts (fund_totals), what was paid out of the period's benefits
 * (treatments' paid amounts, paid claims) and what is committed (a treatment's amount not yet
 * paid while it waits for payout, approved claims).
 */
export async function fundByPeriod(db: Db, scope: ReportScope, year?: number) {
  return queryRows<FundRow>(
    db,
    sql`select y.year, y.name as "periodName", coalesce(f.payments, 0)::int as payments, coalesce(f.received_fen, 0)::float8 as "receivedFen",
        coalesce(b.paid_treatments, 0)::float8 as "paidTreatmentFen", coalesce(b.paid_claims, 0)::float8 as "paidClaimFen",
        coalesce(b.committed, 0)::float8 as "committedFen"
      from periods y
      left join ${fundSource(scope)} f on f.period_id = y.id
      left join lateral (select sum(paid_fen) filter (where kind = 'treatment') as paid_treatments,
          sum(paid_fen) filter (where kind = 'claim') as paid_claims,
          sum(amount_fen - paid_fen) filter (where (kind = 'treatment' and state = 'pending') or (kind = 'claim' and state = 'approved')) as committed
        from ${benefitSource(scope)} t where t.period_id = y.id) b on true
      ${year ? sql`where y.year = ${year}` : sql``}
      order by y.year desc`,
  );
}

/** The period of a year (null: none). */
export async function periodOfYear(db: Db, year: number) {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from periods where year = ${year}`);
  return row?.id ?? null;
}
