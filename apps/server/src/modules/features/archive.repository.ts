import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/**
 * 互助档案 (docs-flags.md F3): the person's and the unit's mutual-aid history. Every query has
 * the caller's person or unit in its condition, so nothing of another is ever read.
 */

/** Beijing day of a timestamp, as text. */
const beijingDay = (column: string) => sql.raw(`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`);

export interface CoverageRecord {
  year: number;
  productCode: string;
  productName: string;
  shares: number;
  unitName: string;
  coveredFrom: string;
}

export const personCoverages = (db: Db, personId: number) =>
  queryRows<CoverageRecord>(
    db,
    sql`select p.year, c.product_code as "productCode", pr.name as "productName", c.shares::int as shares, u.emp_name as "unitName",
          to_char(c.covered_from, 'YYYY-MM-DD') as "coveredFrom"
        from coverages c
        join periods p on p.id = c.period_id
        join products pr on pr.period_id = c.period_id and pr.code = c.product_code
        join units u on u.id = c.unit_id
        where c.person_id = ${personId}
        order by p.year desc, pr.sort, pr.code`,
  );

export interface PaymentRecord {
  year: number;
  applicationId: number;
  unitName: string;
  productName: string;
  shares: number;
  amountFen: number;
  paidOn: string | null;
}

/** The person's lines of paid applications (whichever unit paid them): what was paid for their cover. */
export const personPayments = (db: Db, personId: number) =>
  queryRows<PaymentRecord>(
    db,
    sql`select p.year, a.id as "applicationId", u.emp_name as "unitName", pr.name as "productName", l.shares::int as shares,
          l.amount_fen::float8 as "amountFen", coalesce(to_char(pay.paid_on, 'YYYY-MM-DD'), ${beijingDay('a.paid_at')}) as "paidOn"
        from application_lines l
        join applications a on a.id = l.application_id
        join periods p on p.id = a.period_id
        join products pr on pr.period_id = l.period_id and pr.code = l.product_code
        join units u on u.id = a.unit_id
        left join payments pay on pay.application_id = a.id
        where l.person_id = ${personId} and l.live and a.state = 'paid'
        order by p.year desc, a.id, pr.sort, pr.code`,
  );

export interface TreatmentRecord {
  year: number;
  dischargedOn: string;
  hospitalName: string;
  productName: string;
  amountFen: number;
  paidFen: number;
  state: string;
}

export const personTreatments = (db: Db, personId: number) =>
  queryRows<TreatmentRecord>(
    db,
    sql`select p.year, to_char(t.discharged_on, 'YYYY-MM-DD') as "dischargedOn", t.hospital_name as "hospitalName",
          pr.name as "productName", t.amount_fen::float8 as "amountFen", t.paid_fen::float8 as "paidFen", t.state
        from treatments t
        join periods p on p.id = t.period_id
        join products pr on pr.period_id = t.period_id and pr.code = t.product_code
        where t.person_id = ${personId}
        order by t.discharged_on desc, t.id desc`,
  );

export interface ClaimRecord {
  year: number;
  claimNo: string;
  type: string;
  amountFen: number;
  paidOn: string | null;
}

/** The person's paid claims (filed by them or by their unit). */
export const personPaidClaims = (db: Db, personId: number) =>
  queryRows<ClaimRecord>(
    db,
    sql`select p.year, c.claim_no as "claimNo", c.type, c.amount_fen::float8 as "amountFen", ${beijingDay('c.paid_at')} as "paidOn"
        from claims c
        join periods p on p.id = c.period_id
        where c.person_id = ${personId} and c.state = 'paid'
        order by c.paid_at desc nulls last, c.id desc`,
  );

export interface UnitBenefitYear {
  periodId: number;
  year: number;
  treatmentPaidFen: number;
  claimPaidFen: number;
  benefitPersons: number;
}

/**
 * The unit's benefits per period (periods with any): treatments and claims paid to its staff, and
 * how many people got any. Its people and amounts of the year (参加人数, 应缴, 已缴) are
 * participation/unit-figures.repository's, as on /Home and /participation.
 */
export const unitBenefitYears = (db: Db, unitId: number) =>
  queryRows<UnitBenefitYear>(
    db,
    sql`with tr as (
          select period_id, sum(paid_fen)::float8 as paid from treatments where unit_id = ${unitId} group by period_id
        ), cl as (
          select period_id, sum(amount_fen)::float8 as paid from claims where unit_id = ${unitId} and state = 'paid' group by period_id
        ), ben as (
          select period_id, count(distinct person_id)::int as n from (
            select period_id, person_id from treatments where unit_id = ${unitId} and paid_fen > 0
            union select period_id, person_id from claims where unit_id = ${unitId} and state = 'paid'
          ) x group by period_id
        )
        select p.id as "periodId", p.year, coalesce(tr.paid, 0) as "treatmentPaidFen", coalesce(cl.paid, 0) as "claimPaidFen",
          coalesce(ben.n, 0) as "benefitPersons"
        from periods p
        left join tr on tr.period_id = p.id
        left join cl on cl.period_id = p.id
        left join ben on ben.period_id = p.id
        where tr.paid is not null or cl.paid is not null
        order by p.year desc`,
  );

/** Every period's id and year. */
export const allPeriodYears = (db: Db) => queryRows<{ id: number; year: number }>(db, sql`select id, year from periods order by year desc`);
