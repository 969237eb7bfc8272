import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settlementLoads } from '../../db/schema';
import { copyLine, copyRows } from '../../lib/copy-rows';
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
 * For the rest of the load's transaction, reads by key use their indexes: the treatments a load
 * writes (up to a million rows, inside this transaction) are past the planner's statistics, which
 * then read each batch's treatments by scanning the whole growing table (seen with BENCH_EXPLAIN:
 * 72,000 rows scanned for none found, one scan per batch of people; quadratic in the load).
 * Every statement of the computation reads by an indexed key.
 */
export async function preferIndexes(db: Db) {
  await db.execute(sql`set local enable_seqscan = off`);
}

/** The columns a row of the file sets, in the order staged, compared and written. */
const COLUMN_NAMES = `period_id, hospital_name, hospital_level, kind, admitted_on, discharged_on, settled_on, total_fen,
  policy_fen, fund_fen, self_policy_fen, self_excluded_fen, diagnosis_code, diagnosis_name, reversed`;
const COLUMNS = sql.raw(COLUMN_NAMES);

/**
 * The load's staging table: the checked rows of the file as they come, in this transaction only
 * (a temporary table: no WAL, no index, dropped at commit). The merge then works on the whole
 * file at once (mergeStage).
 */
export async function createStage(db: Db) {
  await db.execute(sql`create temp table settlement_stage (
    row_no int not null, settlement_no text not null, cert_no text not null, period_id int, hospital_name text not null,
    hospital_level text not null, kind text not null, admitted_on date not null, discharged_on date not null,
    settled_on date not null, total_fen int8 not null, policy_fen int8 not null, fund_fen int8 not null,
    self_policy_fen int8 not null, self_excluded_fen int8 not null, diagnosis_code text not null,
    diagnosis_name text not null, reversed boolean not null) on commit drop`);
}

/** A checked row (with the file's row number) as a line of the staging's COPY, in its columns' order. */
export function stageLine(r: SettlementRow, rowNo: number): string {
  return copyLine([
    rowNo,
    r.settlementNo,
    r.certNo,
    r.periodId,
    r.hospitalName,
    r.hospitalLevel,
    r.kind,
    r.admittedOn,
    r.dischargedOn,
    r.settledOn,
    r.totalFen,
    r.policyFen,
    r.fundFen,
    r.selfPolicyFen,
    r.selfExcludedFen,
    r.diagnosisCode,
    r.diagnosisName,
    r.reversed,
  ]);
}

/** Appends lines of checked rows (stageLine) to the staging table: one COPY. */
export async function stageRows(db: Db, lines: string) {
  await copyRows(db, `settlement_stage (row_no, settlement_no, cert_no, ${COLUMN_NAMES})`, lines);
}

export interface MergeOutcome {
  /** Staged rows of people in `persons` (the others are skipped). */
  known: number;
  added: number;
  /** Stored rows changed, plus earlier rows of a number repeated in the file. */
  replaced: number;
  /** The people whose treatments must be computed again, by period (one array per period, not an object per pair). */
  touched: Array<{ periodId: number; personIds: number[] }>;
}

/**
 * Merges the staged file into `settlements`, set-based, once per load:
 * - rows of people the hall does not know are left out (person_id from `persons`, one join);
 * - within the file, the last row of a number wins (the earlier ones count as replaced);
 * - a new number is inserted, in the order of the person's index (person, period, discharge), so
 *   that the indexes of settlements and then of their treatments fill in order instead of at random;
 * - a known number is replaced (version + 1) only when something differs: a file loaded twice
 *   changes nothing the second time.
 * Answers the counts and the (person, period) pairs to compute again: the new pair of every
 * written row and, for a replaced row, its old pair (a correction may move a stay to another
 * person or year).
 */
export async function mergeStage(db: Db, loadId: number, now: Date): Promise<MergeOutcome> {
  // The file's numbers are grouped in byte order (COLLATE "C": the same groups, and a sort with
  // abbreviated keys instead of the database collation's comparisons of a million texts), and the
  // copies are counted over the order DISTINCT ON needs: one sort of the file, not two.
  // Sorting and hashing a whole file in memory rather than in temporary files (this transaction only).
  await db.execute(sql`set local work_mem = '64MB'`);
  await db.execute(sql`
    create temp table settlement_merge on commit drop as
    select f.*, s.id as old_id, s.person_id as old_person_id, s.period_id as old_period_id,
      s.id is not null and (s.person_id, s.period_id, s.hospital_name, s.hospital_level, s.kind, s.admitted_on, s.discharged_on,
        s.settled_on, s.total_fen, s.policy_fen, s.fund_fen, s.self_policy_fen, s.self_excluded_fen, s.diagnosis_code,
        s.diagnosis_name, s.reversed)
      is distinct from (f.person_id, f.period_id, f.hospital_name, f.hospital_level, f.kind, f.admitted_on, f.discharged_on,
        f.settled_on, f.total_fen, f.policy_fen, f.fund_fen, f.self_policy_fen, f.self_excluded_fen, f.diagnosis_code,
        f.diagnosis_name, f.reversed) as changed
    from (
      select distinct on (x.settlement_no collate "C") x.*, p.id as person_id,
        count(*) over (partition by x.settlement_no collate "C" order by x.row_no desc
          rows between unbounded preceding and unbounded following) as copies
      from settlement_stage x join persons p on p.cert_type = '01' and p.cert_no = x.cert_no
      order by x.settlement_no collate "C", x.row_no desc
    ) f
    left join settlements s on s.settlement_no = f.settlement_no`);
  const [counts] = rowsOf<{ known: number; numbers: number; added: number; changed: number }>(
    await db.execute(sql`select coalesce(sum(copies), 0)::int as known, count(*)::int as numbers,
      count(*) filter (where old_id is null)::int as added, count(*) filter (where changed)::int as changed from settlement_merge`),
  );
  // A plain insert (no speculative insertion: loads never run at once, the treatments lock).
  await db.execute(sql`
    insert into settlements (settlement_no, person_id, ${COLUMNS}, version, load_id, created_at, updated_at)
    select settlement_no, person_id, ${COLUMNS}, 1, ${loadId}::int, ${now}::timestamptz, ${now}::timestamptz
    from settlement_merge where old_id is null
    order by person_id, period_id, discharged_on`);
  if (counts.changed)
    await db.execute(sql`
      update settlements s set
        person_id = m.person_id, period_id = m.period_id, hospital_name = m.hospital_name, hospital_level = m.hospital_level,
        kind = m.kind, admitted_on = m.admitted_on, discharged_on = m.discharged_on, settled_on = m.settled_on,
        total_fen = m.total_fen, policy_fen = m.policy_fen, fund_fen = m.fund_fen, self_policy_fen = m.self_policy_fen,
        self_excluded_fen = m.self_excluded_fen, diagnosis_code = m.diagnosis_code, diagnosis_name = m.diagnosis_name,
        reversed = m.reversed, version = s.version + 1, load_id = ${loadId}, updated_at = ${now}
      from settlement_merge m where m.changed and s.id = m.old_id`);
  const touched = rowsOf<{ periodId: number; personIds: number[] }>(
    await db.execute(sql`
      select period_id as "periodId", array_agg(person_id) as "personIds" from (
        select person_id, period_id from settlement_merge where (old_id is null or changed) and period_id is not null
        union
        select old_person_id, old_period_id from settlement_merge where changed and old_period_id is not null
      ) pair group by period_id`),
  );
  return { known: counts.known, added: counts.added, replaced: counts.changed + counts.known - counts.numbers, touched };
}
