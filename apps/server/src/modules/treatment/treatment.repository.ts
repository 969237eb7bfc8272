import { sql, type SQL } from 'drizzle-orm';
import type { BenefitRule, TreatmentFilter } from '@hall/shared';
import { type Db, rowsOf } from '../../db/client';
import { type CappedTotal, cappedCount } from '../../lib/capped-count.repository';
import { containing, startingWith } from '../../lib/like';

/**
 * 互助待遇查询: a unit's treatments (index treatments_unit_idx: unit_id, discharged_on, id) or a
 * person's own (treatments_person_idx: person_id, discharged_on, id), newest discharge first.
 * The owner is always part of the condition, so another's id reads as none.
 */

export type Owner = { unitId: number } | { personId: number };

const ownerSql = (o: Owner): SQL => ('unitId' in o ? sql`t.unit_id = ${o.unitId}` : sql`t.person_id = ${o.personId}`);

/** LIKE pattern with the typed text taken literally. */
function where(owner: Owner, f: Partial<TreatmentFilter>): SQL {
  const parts: SQL[] = [ownerSql(owner)];
  if (f.year !== undefined) parts.push(sql`t.period_id = (select id from periods where year = ${f.year})`);
  if (f.productCode) parts.push(sql`t.product_code = ${f.productCode}`);
  if (f.state) parts.push(sql`t.state = ${f.state}`);
  if (f.hospital) parts.push(sql`t.hospital_name like ${containing(f.hospital)}`);
  if (f.dischargedFrom) parts.push(sql`t.discharged_on >= ${f.dischargedFrom}`);
  if (f.dischargedTo) parts.push(sql`t.discharged_on <= ${f.dischargedTo}`);
  if (f.certNo) parts.push(sql`t.person_id = (select id from persons where cert_type = '01' and cert_no = ${f.certNo})`);
  if (f.name) parts.push(sql`t.person_id in (select id from persons where name like ${startingWith(f.name)})`);
  return sql.join(parts, sql` and `);
}

export interface Totals {
  count: number;
  amountFen: number;
  paidFen: number;
  pendingFen: number;
}

/** The kept totals answer a unit's set filtered at most by year, product and state (treatment_totals' key). */
const kept = (owner: Owner, f: Partial<TreatmentFilter>) =>
  'unitId' in owner && !f.hospital && !f.dischargedFrom && !f.dischargedTo && !f.certNo && !f.name;

/**
 * The totals line of the filtered set. A unit's set filtered at most by year, product and state
 * reads the totals kept on write (same column names, so the same condition); any other filter sums
 * the matching treatments.
 */
export async function totals(db: Db, owner: Owner, f: Partial<TreatmentFilter>): Promise<Totals> {
  const [source, count] = kept(owner, f) ? [sql`treatment_totals`, sql`sum(t.n)`] : [sql`treatments`, sql`count(*)`];
  const [row] = rowsOf<Totals>(
    await db.execute(sql`
      select coalesce(${count}, 0)::int as count, coalesce(sum(t.amount_fen), 0)::float8 as "amountFen", coalesce(sum(t.paid_fen), 0)::float8 as "paidFen",
        coalesce(sum(t.amount_fen - t.paid_fen) filter (where t.state = 'pending'), 0)::float8 as "pendingFen"
      from ${source} t where ${where(owner, f)}`),
  );
  return row;
}

/** The count of the filtered set alone, up to the cap (on the unit's filter an index-only scan of treatments_unit_idx). */
export async function count(db: Db, owner: Owner, f: Partial<TreatmentFilter>): Promise<CappedTotal> {
  return cappedCount(db, sql`select t.id from treatments t where ${where(owner, f)}`);
}

export interface PageKey {
  dischargedOn: string;
  id: number;
}

/**
 * The keys of one page, newest first: after a key (the previous page's last row), before a key
 * (the next page's first, read upwards and turned round), or by offset from the nearer end.
 */
export async function pageKeys(
  db: Db,
  owner: Owner,
  f: Partial<TreatmentFilter>,
  at: { after?: PageKey; before?: PageKey; offset: number; limit: number; fromEnd: boolean },
): Promise<PageKey[]> {
  const upwards = at.before !== undefined || (at.after === undefined && at.fromEnd);
  const keyset = at.after
    ? sql` and (t.discharged_on, t.id) < (${at.after.dischargedOn}::date, ${at.after.id})`
    : at.before
      ? sql` and (t.discharged_on, t.id) > (${at.before.dischargedOn}::date, ${at.before.id})`
      : sql``;
  const order = upwards ? sql`t.discharged_on asc, t.id asc` : sql`t.discharged_on desc, t.id desc`;
  const offset = at.after || at.before ? 0 : at.offset;
  const rows = rowsOf<PageKey>(
    await db.execute(sql`
      select t.discharged_on::text as "dischargedOn", t.id::float8 as id from treatments t
      where ${where(owner, f)}${keyset} order by ${order} limit ${at.limit} offset ${offset}`),
  );
  return upwards ? rows.reverse() : rows;
}

export interface TreatmentRecord {
  id: number;
  name: string;
  certNo: string;
  year: number;
  productCode: string;
  productName: string;
  hospitalName: string;
  kind: string;
  admittedOn: string;
  dischargedOn: string;
  selfPolicyFen: number;
  baseFen: number;
  amountFen: number;
  paidFen: number;
  state: string;
  reason: string | null;
  paidOn: string | null;
  payoutFailure: string | null;
}

/**
 * The bank's reason when the treatment's last batch failed to pay it (it is 待发放 again until a new
 * batch takes it, which moves batch_id on): found by the person's payouts (payouts_person_idx).
 */
const payoutFailure = sql`case when t.state = 'pending' and t.batch_id is not null then (select o.bank_reason from payouts o
  where o.person_id = t.person_id and o.batch_id = t.batch_id and o.treatment_id = t.id and o.outcome = 'failed' limit 1) end`;

const recordColumns = sql`
  t.id::float8 as id, p.name, p.cert_no as "certNo", y.year, t.product_code as "productCode", pr.name as "productName",
  t.hospital_name as "hospitalName", s.kind, s.admitted_on::text as "admittedOn", t.discharged_on::text as "dischargedOn",
  s.self_policy_fen::float8 as "selfPolicyFen", t.base_fen::float8 as "baseFen", t.amount_fen::float8 as "amountFen",
  t.paid_fen::float8 as "paidFen", t.state, t.reason, b.paid_on::text as "paidOn",
  ${payoutFailure} as "payoutFailure"`;

const recordJoins = sql`
  join settlements s on s.id = t.settlement_id
  join persons p on p.id = t.person_id
  join periods y on y.id = t.period_id
  join products pr on pr.period_id = t.period_id and pr.code = t.product_code
  left join payout_batches b on b.id = t.batch_id`;

/** The rows of the given ids (of the owner), newest discharge first. */
export async function rowsByIds(db: Db, owner: Owner, ids: number[]): Promise<TreatmentRecord[]> {
  if (ids.length === 0) return [];
  return rowsOf<TreatmentRecord>(
    await db.execute(sql`
      select ${recordColumns} from treatments t ${recordJoins}
      where ${ownerSql(owner)} and t.id = any(${sql.param(ids)}::int8[])
      order by t.discharged_on desc, t.id desc`),
  );
}

/** The owner's rows matching the filter, streamed in keyset chunks (the export). */
export async function* streamRows(db: Db, owner: Owner, f: Partial<TreatmentFilter>, chunk = 2000): AsyncGenerator<TreatmentRecord> {
  let last: PageKey | undefined;
  for (;;) {
    const after = last ? sql` and (t.discharged_on, t.id) < (${last.dischargedOn}::date, ${last.id})` : sql``;
    const rows = rowsOf<TreatmentRecord>(
      await db.execute(sql`
        select ${recordColumns} from treatments t ${recordJoins}
        where ${where(owner, f)}${after} order by t.discharged_on desc, t.id desc limit ${chunk}`),
    );
    yield* rows;
    if (rows.length < chunk) return;
    const end = rows[rows.length - 1];
    last = { dischargedOn: end.dischargedOn, id: end.id };
  }
}

export interface DetailRecord extends TreatmentRecord {
  unitName: string;
  settlementNo: string;
  hospitalLevel: string;
  settledOn: string;
  totalFen: number;
  policyFen: number;
  fundFen: number;
  selfExcludedFen: number;
  diagnosisCode: string;
  diagnosisName: string;
  reversed: boolean;
  version: number;
  rule: BenefitRule;
  shares: number | null;
  coveredFrom: string | null;
  cumulativeBeforeFen: number;
  batchNo: string | null;
}

/** One of the owner's treatments with its settlement, rule, cover and the year's self-pay counted before it. */
export async function detail(db: Db, owner: Owner, id: number): Promise<DetailRecord | undefined> {
  const [row] = rowsOf<DetailRecord>(
    await db.execute(sql`
      select ${recordColumns}, u.emp_name as "unitName", s.settlement_no as "settlementNo", s.hospital_level as "hospitalLevel",
        s.settled_on::text as "settledOn", s.total_fen::float8 as "totalFen", s.policy_fen::float8 as "policyFen",
        s.fund_fen::float8 as "fundFen", s.self_excluded_fen::float8 as "selfExcludedFen", s.diagnosis_code as "diagnosisCode",
        s.diagnosis_name as "diagnosisName", s.reversed, s.version::int as version, pr.benefit_rule as rule,
        c.shares::int as shares, c.covered_from::text as "coveredFrom", b.batch_no as "batchNo",
        (select coalesce(sum(t2.base_fen), 0)::float8 from treatments t2 join settlements s2 on s2.id = t2.settlement_id
          where t2.person_id = t.person_id and t2.period_id = t.period_id and t2.product_code = t.product_code
            and (s2.discharged_on, s2.admitted_on, s2.id) < (s.discharged_on, s.admitted_on, s.id)) as "cumulativeBeforeFen"
      from treatments t ${recordJoins}
      join units u on u.id = t.unit_id
      left join coverages c on c.id = t.coverage_id
      where ${ownerSql(owner)} and t.id = ${id}`),
  );
  return row;
}

/** Whether the id is a treatment at all (a probe of another's id is audited). */
export async function exists(db: Db, id: number): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from treatments where id = ${id}`)).length > 0;
}
