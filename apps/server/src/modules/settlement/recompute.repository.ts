import { sql } from 'drizzle-orm';
import { type BenefitRule, LIVE_CLAIM_STATES } from '@hall/shared';
import { type Db, rowsOf } from '../../db/client';

/**
 * The reads and writes of the treatment computation (recompute.service): every statement takes a
 * whole batch of people of one period (ANY / unnest), so a load of a million settlements costs a
 * few statements per thousand people, never one per row.
 */

export interface ProductRule {
  periodId: number;
  code: string;
  name: string;
  rule: BenefitRule;
}

export async function productRules(db: Db): Promise<ProductRule[]> {
  return rowsOf<ProductRule>(
    await db.execute(sql`select period_id as "periodId", code, name, benefit_rule as rule from products order by period_id, sort, code`),
  );
}

export interface StayRecord {
  id: number;
  personId: number;
  admittedOn: string;
  dischargedOn: string;
  hospitalName: string;
  selfPolicyFen: number;
  reversed: boolean;
  /** The level and diagnosis its treatments' mix totals are kept under (treatment-totals.ts). */
  hospitalLevel: string;
  diagnosisCode: string;
  /** Added by the load computing it (version 1 of its load): no treatment can refer to it yet. */
  fresh: boolean;
}

/**
 * The settlements of these people in the period (index settlements_person_idx); `loadId`: the load
 * computing them, whose new rows are fresh (by load, not by transaction id: a load copies each
 * chunk in a savepoint of its own, a subtransaction with an id of its own).
 */
export async function staysOf(db: Db, periodId: number, personIds: number[], loadId: number | null): Promise<StayRecord[]> {
  return rowsOf<StayRecord>(
    await db.execute(sql`
      select id::int8::float8 as id, person_id as "personId", admitted_on::text as "admittedOn", discharged_on::text as "dischargedOn",
        hospital_name as "hospitalName", self_policy_fen::float8 as "selfPolicyFen", reversed,
        hospital_level as "hospitalLevel", diagnosis_code as "diagnosisCode",
        load_id is not distinct from ${loadId}::int and version = 1 as fresh
      from settlements where person_id = any(${sql.param(personIds)}::int[]) and period_id = ${periodId}`),
  );
}

/** A stay of a 手工报销 claim: its invoices' self-pay counts as a settlement's would. */
export type ClaimStayRecord = Pick<StayRecord, 'id' | 'personId' | 'admittedOn' | 'dischargedOn'> & {
  productCode: string;
  invoiceFen: number;
};

/**
 * The live 手工报销 claims of these people in the period (index claims_person_idx): stays the bureau
 * did not settle, which use up the same deductible and cap as the settlements.
 */
export async function manualClaimsOf(db: Db, periodId: number, personIds: number[]): Promise<ClaimStayRecord[]> {
  return rowsOf<ClaimStayRecord>(
    await db.execute(sql`
      select id, person_id as "personId", product_code as "productCode", admitted_on::text as "admittedOn",
        discharged_on::text as "dischargedOn", coalesce(invoice_fen, 0)::float8 as "invoiceFen"
      from claims where person_id = any(${sql.param(personIds)}::int[]) and period_id = ${periodId} and type = 'manual'
        and state = any(${sql.param([...LIVE_CLAIM_STATES])}::text[]) and admitted_on is not null and discharged_on is not null`),
  );
}

export interface CoverRecord {
  id: number;
  personId: number;
  productCode: string;
  shares: number;
  coveredFrom: string;
  /** The unit holding the cover now. */
  unitId: number;
  /** Units that held it before a coverage transfer (a line is written when one is confirmed), each until its last day, oldest first. */
  earlier: Array<{ unitId: number; untilDate: string }>;
}

/**
 * The coverages of these people in the period (index coverages_once_key), with the units that held
 * them before a transfer: the transfer lines of the whole batch in one second query (a probe per
 * coverage, as a subquery, cost a scan of the lines for each of a load's 250,000 coverages).
 */
export async function coversOf(db: Db, periodId: number, personIds: number[]): Promise<CoverRecord[]> {
  const covers = rowsOf<CoverRecord>(
    await db.execute(sql`
      select c.id::float8 as id, c.person_id as "personId", c.product_code as "productCode", c.shares::int as shares,
        c.covered_from::text as "coveredFrom", c.unit_id as "unitId"
      from coverages c where c.person_id = any(${sql.param(personIds)}::int[]) and c.period_id = ${periodId}
      order by c.product_code`),
  );
  const lines = covers.length
    ? rowsOf<{ coverageId: number; unitId: number; untilDate: string }>(
        await db.execute(sql`
          select coverage_id::float8 as "coverageId", from_unit_id as "unitId", until_date::text as "untilDate"
          from coverage_transfer_lines where coverage_id = any(${sql.param(covers.map((c) => c.id))}::int8[])
          order by until_date`),
      )
    : [];
  const earlier = new Map<number, CoverRecord['earlier']>();
  for (const l of lines) earlier.set(l.coverageId, [...(earlier.get(l.coverageId) ?? []), { unitId: l.unitId, untilDate: l.untilDate }]);
  for (const c of covers) c.earlier = earlier.get(c.id) ?? [];
  return covers;
}

/** The unit that held a cover on a day: before a transfer, the unit it moved from. */
export function unitOnDay(cover: CoverRecord, day: string): number {
  return cover.earlier.find((e) => day <= e.untilDate)?.unitId ?? cover.unitId;
}

export interface TreatmentWrite {
  settlementId: number;
  productCode: string;
  personId: number;
  periodId: number;
  unitId: number;
  coverageId: number | null;
  dischargedOn: string;
  hospitalName: string;
  baseFen: number;
  amountFen: number;
  state: string;
  reason: string | null;
}

export type TreatmentRecord = TreatmentWrite & { id: number; paidFen: number };

const TREATMENT_FIELDS = sql.raw(`id::float8 as id, settlement_id::float8 as "settlementId", product_code as "productCode",
  person_id as "personId", period_id as "periodId", unit_id as "unitId", coverage_id::float8 as "coverageId",
  discharged_on::text as "dischargedOn", hospital_name as "hospitalName", base_fen::float8 as "baseFen",
  amount_fen::float8 as "amountFen", paid_fen::float8 as "paidFen", state, reason`);

/**
 * The treatments these people hold in the period, and those of these settlements wherever they
 * are (a corrected settlement may come from another person or year): what was paid, and what is
 * stored now (to write only what changes). Each person is probed on its own (treatments_person_idx;
 * OFFSET 0 keeps the subquery a probe per person): with `person_id = any(…)` the planner, whose
 * statistics predate a load's treatments, read all of the period's through
 * treatments_unit_filter_idx and filtered them, a scan growing with each batch (25 ms a batch of
 * 2,000 people at 200,000 treatments: quadratic in the load); as a plain join it even scanned them
 * once per person.
 */
export async function treatmentsOf(db: Db, periodId: number, personIds: number[], settlementIds: number[]): Promise<TreatmentRecord[]> {
  const held = sql`select t.* from unnest(${sql.param(personIds)}::int[]) as x(pid)
    cross join lateral (select ${TREATMENT_FIELDS} from treatments where person_id = x.pid and period_id = ${periodId} offset 0) t`;
  return rowsOf<TreatmentRecord>(
    await db.execute(
      settlementIds.length === 0
        ? held
        : sql`${held} union select ${TREATMENT_FIELDS} from treatments where settlement_id = any(${sql.param(settlementIds)}::int8[])`,
    ),
  );
}

/** The ids of these treatments, by settlement and product (treatments_once_key): those to mail about. */
export async function treatmentIds(db: Db, rows: Array<{ settlementId: number; productCode: string }>): Promise<number[]> {
  if (rows.length === 0) return [];
  const result = await db.execute(sql`
    select t.id::float8 as id from treatments t
    join unnest(${sql.param(rows.map((r) => r.settlementId))}::int8[], ${sql.param(rows.map((r) => r.productCode))}::text[]) as x(s, p)
      on t.settlement_id = x.s and t.product_code = x.p`);
  return rowsOf<{ id: number }>(result).map((r) => r.id);
}

/** Treatments nobody was paid for whose settlement no longer gives one (moved, or its person no longer covered). */
export async function deleteTreatments(db: Db, ids: number[]) {
  if (ids.length) await db.execute(sql`delete from treatments where id = any(${sql.param(ids)}::int8[]) and paid_fen = 0`);
}

/** Which of these people have a personal account (only they get mail). */
export async function withAccounts(db: Db, personIds: number[]): Promise<Set<number>> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select person_id as id from accounts
      where login_type = 'personal' and person_id = any(${sql.param(personIds)}::int[])`),
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * 站内信 to each person (with a personal account) whose treatment became payable: one message per
 * treatment, one INSERT … SELECT.
 */
export async function mailPayable(db: Db, ids: number[], sender: string, now: Date) {
  if (ids.length === 0) return;
  await db.execute(sql`
    insert into mail_messages (recipient_kind, recipient_key, title, content, sender, read_flag, created_at)
    select 'personal', p.cert_no, '您有一笔互助待遇待发放',
      '您' || to_char(s.admitted_on, 'YYYY-MM-DD') || '至' || to_char(s.discharged_on, 'YYYY-MM-DD') || '在' || s.hospital_name
        || '的医疗费用，按' || y.year || '年度' || pr.name || '计算互助待遇 ¥'
        || to_char(t.amount_fen / 100.0, 'FM999,999,990.00') || '，待发放 ¥'
        || to_char((t.amount_fen - t.paid_fen) / 100.0, 'FM999,999,990.00')
        || '，将发放至您登记的银行卡。详见“互助待遇查询”。',
      ${sender}, '0', ${now}
    from treatments t
    join settlements s on s.id = t.settlement_id
    join persons p on p.id = t.person_id
    join accounts a on a.login_type = 'personal' and a.person_id = p.id
    join periods y on y.id = t.period_id
    join products pr on pr.period_id = t.period_id and pr.code = t.product_code
    where t.id = any(${sql.param(ids)}::int8[])`);
}
