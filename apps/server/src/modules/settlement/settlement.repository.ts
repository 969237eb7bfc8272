import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settlementLoads } from '../../db/schema';
import type { HallContext } from '../../types';

/** What loads and payouts need of the hall (the demo seed runs them with a clock of its own). */
export type SettlementContext = Pick<HallContext, 'db' | 'clock'> & { config: Pick<HallContext['config'], 'cityName'> };

/** A checked row of the bureau's file, ready to store (money in fen). */
export interface SettlementRow {
  settlementNo: string;
  certNo: string;
  periodId: number | null;
  hospitalName: string;
  hospitalLevel: string;
  kind: string;
  admittedOn: string;
  dischargedOn: string;
  settledOn: string;
  totalFen: number;
  policyFen: number;
  fundFen: number;
  selfPolicyFen: number;
  selfExcludedFen: number;
  diagnosisCode: string;
  diagnosisName: string;
  reversed: boolean;
}

export interface PeriodSpan {
  id: number;
  year: number;
  startDate: string;
  endDate: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function periodSpans(db: Db): Promise<PeriodSpan[]> {
  return rowsOf<PeriodSpan>(
    await db.execute(sql`select id, year, start_date::text as "startDate", end_date::text as "endDate" from periods order by start_date`),
  );
}

export async function insertLoad(db: Db, values: { fileName: string; operator: string; createdAt: Date }) {
  const [row] = await db.insert(settlementLoads).values(values).returning({ id: settlementLoads.id });
  return row.id;
}

export async function finishLoad(
  db: Db,
  id: number,
  counts: { rowsTotal: number; rowsNew: number; rowsReplaced: number; rowsUnchanged: number; rowsSkipped: number; rowsRejected: number },
) {
  await db.update(settlementLoads).set(counts).where(eq(settlementLoads.id, id));
}

/**
 * Loads and treatments of the same people must not interleave (a recomputation reading what
 * another transaction is changing would store stale amounts): both take this lock for their
 * transaction. Payout batches take it too, since they move paid_fen.
 */
export async function lockTreatments(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('hall:treatments'))`);
}

/**
 * Writes a chunk of settlements in one statement. Rows of people not in `persons` are left out
 * (counted by the caller from `known`); a known settlement number is replaced (version + 1) only
 * when something differs, so a file loaded twice changes nothing the second time. Answers the
 * counts and the (person, period) pairs whose treatments must be computed again: the new pair of
 * every written row and, for a replaced row, its old pair (a correction may move a stay to
 * another person or year).
 */
export async function upsertSettlements(db: Db, loadId: number, now: Date, rows: SettlementRow[]) {
  const col = <K extends keyof SettlementRow>(k: K) => sql.param(rows.map((r) => r[k]));
  const result = await db.execute(sql`
    with t as (
      select * from unnest(
        ${col('settlementNo')}::text[], ${col('certNo')}::text[], ${col('periodId')}::int[], ${col('hospitalName')}::text[],
        ${col('hospitalLevel')}::text[], ${col('kind')}::text[], ${col('admittedOn')}::date[], ${col('dischargedOn')}::date[],
        ${col('settledOn')}::date[], ${col('totalFen')}::int8[], ${col('policyFen')}::int8[], ${col('fundFen')}::int8[],
        ${col('selfPolicyFen')}::int8[], ${col('selfExcludedFen')}::int8[], ${col('diagnosisCode')}::text[],
        ${col('diagnosisName')}::text[], ${col('reversed')}::boolean[]
      ) as t(no, cert_no, period_id, hospital_name, hospital_level, kind, admitted_on, discharged_on, settled_on, total_fen,
             policy_fen, fund_fen, self_policy_fen, self_excluded_fen, diagnosis_code, diagnosis_name, reversed)
    ), k as (
      select t.*, p.id as person_id from t join persons p on p.cert_type = '01' and p.cert_no = t.cert_no
    ), old as (
      select s.settlement_no, s.person_id, s.period_id from settlements s join k on k.no = s.settlement_no
    ), ins as (
      -- New numbers: a plain insert (no speculative insertion: loads never run at once, the treatments lock).
      insert into settlements (settlement_no, person_id, period_id, hospital_name, hospital_level, kind, admitted_on, discharged_on,
        settled_on, total_fen, policy_fen, fund_fen, self_policy_fen, self_excluded_fen, diagnosis_code, diagnosis_name, reversed,
        version, load_id, created_at, updated_at)
      select no, person_id, period_id, hospital_name, hospital_level, kind, admitted_on, discharged_on, settled_on, total_fen,
        policy_fen, fund_fen, self_policy_fen, self_excluded_fen, diagnosis_code, diagnosis_name, reversed, 1, ${loadId}, ${now}, ${now}
      from k where not exists (select 1 from old where old.settlement_no = k.no)
      returning settlement_no, person_id, period_id, true as inserted
    ), upd as (
      -- Known numbers: replaced (version + 1) only when something differs.
      update settlements s set
        person_id = k.person_id, period_id = k.period_id, hospital_name = k.hospital_name, hospital_level = k.hospital_level,
        kind = k.kind, admitted_on = k.admitted_on, discharged_on = k.discharged_on, settled_on = k.settled_on,
        total_fen = k.total_fen, policy_fen = k.policy_fen, fund_fen = k.fund_fen, self_policy_fen = k.self_policy_fen,
        self_excluded_fen = k.self_excluded_fen, diagnosis_code = k.diagnosis_code, diagnosis_name = k.diagnosis_name,
        reversed = k.reversed, version = s.version + 1, load_id = ${loadId}, updated_at = ${now}
      from k
      where s.settlement_no = k.no
        and (s.person_id, s.period_id, s.hospital_name, s.hospital_level, s.kind, s.admitted_on, s.discharged_on, s.settled_on,
             s.total_fen, s.policy_fen, s.fund_fen, s.self_policy_fen, s.self_excluded_fen, s.diagnosis_code, s.diagnosis_name, s.reversed)
          is distinct from
            (k.person_id, k.period_id, k.hospital_name, k.hospital_level, k.kind, k.admitted_on, k.discharged_on, k.settled_on,
             k.total_fen, k.policy_fen, k.fund_fen, k.self_policy_fen, k.self_excluded_fen, k.diagnosis_code, k.diagnosis_name, k.reversed)
      returning s.settlement_no, s.person_id, s.period_id, false as inserted
    ), up as (
      select * from ins union all select * from upd
    ), pairs as (
      select person_id, period_id from up where period_id is not null
      union
      select o.person_id, o.period_id from old o join up on up.settlement_no = o.settlement_no where o.period_id is not null
    )
    select 'count' as what, (select count(*) from k)::int as a, (select count(*) from up where inserted)::int as b,
      (select count(*) from up where not inserted)::int as c
    union all
    select 'pair', person_id, period_id, null from pairs`);
  const out = rowsOf<{ what: string; a: number; b: number | null; c: number | null }>(result);
  const head = out.find((r) => r.what === 'count')!;
  return {
    known: head.a,
    added: head.b ?? 0,
    replaced: head.c ?? 0,
    pairs: out.filter((r) => r.what === 'pair').map((r) => ({ personId: r.a, periodId: r.b! })),
  };
}
