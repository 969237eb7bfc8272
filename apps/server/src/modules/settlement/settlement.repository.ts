import { desc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { payoutBatches, settlementLoads } from '../../db/schema';
import { copyField, copyRows } from '../../lib/copy-rows';
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
 * For the whole load's transaction, reads by key use their indexes: the settlements and treatments
 * a load writes (up to a million rows each, inside this transaction) are past the planner's
 * statistics, which then read each batch's treatments by scanning the whole growing table (seen
 * with BENCH_EXPLAIN: 72,000 rows scanned for none found, one scan per batch of people; quadratic
 * in the load); and a chunk of 10,000 staged rows finds its people and its numbers by probing
 * rather than by hashing all of persons once per chunk (no hash or merge join: the statements of a
 * load join a chunk or a batch to tables of millions). Every statement of a load reads by an
 * indexed key or scans its own small staging table. Without JIT: the disabled plans' costs are
 * past its threshold, and compiling each chunk's merge took 0.7 s for a statement of 30 ms.
 */
export async function preferIndexes(db: Db) {
  await db.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_hashjoin', 'off', true),
    set_config('enable_mergejoin', 'off', true), set_config('jit', 'off', true)`);
}

/** The columns a row of the file sets, in the order staged, compared and written. */
const COLUMN_NAMES = `period_id, hospital_name, hospital_level, kind, admitted_on, discharged_on, settled_on, total_fen,
  policy_fen, fund_fen, self_policy_fen, self_excluded_fen, diagnosis_code, diagnosis_name, reversed`;
const COLUMNS = sql.raw(COLUMN_NAMES);

/**
 * The load's staging table: the checked rows of the file as they come, in this transaction only
 * (a temporary table: no WAL, no index, dropped at commit), one chunk at a time: each is merged
 * (mergeChunk) and the table emptied before the next.
 */
export async function createStage(db: Db) {
  await db.execute(sql`create temp table settlement_stage (
    row_no int not null, settlement_no text not null, cert_no text not null, period_id int, hospital_name text not null,
    hospital_level text not null, kind text not null, admitted_on date not null, discharged_on date not null,
    settled_on date not null, total_fen int8 not null, policy_fen int8 not null, fund_fen int8 not null,
    self_policy_fen int8 not null, self_excluded_fen int8 not null, diagnosis_code text not null,
    diagnosis_name text not null, reversed boolean not null) on commit drop`);
  // Numbers of this file found stored and equal (not written): a later copy of one counts as
  // replaced, as within a chunk. A load of new settlements leaves it empty.
  await db.execute(sql`create temp table settlement_seen (settlement_no text primary key) on commit drop`);
}

/**
 * A checked row's own fields as part of a COPY line (no line end), the number first and then
 * `COLUMN_NAMES`: a new chunk's rows go to `settlements` with the person before and the load's
 * fields after (copySettlements), a chunk that must be merged to the stage with the row number and
 * the ID number before (stageRows); the load gathers this part once, as the row is checked.
 */
export function rowFields(r: SettlementRow): string {
  // One template, called once a row of files of a million: the texts escaped, the rest (numbers,
  // checked days and codes) as they are.
  return `${copyField(r.settlementNo)}\t${r.periodId ?? '\\N'}\t${copyField(r.hospitalName)}\t${r.hospitalLevel}\t${r.kind}\t${
    r.admittedOn
  }\t${r.dischargedOn}\t${r.settledOn}\t${r.totalFen}\t${r.policyFen}\t${r.fundFen}\t${r.selfPolicyFen}\t${
    r.selfExcludedFen
  }\t${copyField(r.diagnosisCode)}\t${copyField(r.diagnosisName)}\t${r.reversed ? 't' : 'f'}`;
}

/** Appends staged lines (row number, ID number, rowFields) to the staging table: one COPY. */
export async function stageRows(db: Db, lines: string | Buffer) {
  await copyRows(db, `settlement_stage (row_no, cert_no, settlement_no, ${COLUMN_NAMES})`, lines);
}

/** The people of these ID numbers (type 01, index persons_cert_key): the hall knows the others not. */
export async function personsOf(db: Db, certNos: string[]): Promise<Array<{ certNo: string; id: number }>> {
  if (certNos.length === 0) return [];
  return rowsOf(
    await db.execute(
      sql`select cert_no as "certNo", id from persons where cert_type = '01' and cert_no = any(${sql.param(certNos)}::text[])`,
    ),
  );
}

/**
 * Appends new settlements in one COPY: lines of the person, rowFields and the load's fields (the
 * version 1, the load, the time twice). Fails on a number stored already (settlements_no_key):
 * the caller tries it inside a savepoint and merges the chunk instead (mergeChunk).
 */
export async function copySettlements(db: Db, lines: Buffer) {
  await copyRows(db, `settlements (person_id, settlement_no, ${COLUMN_NAMES}, version, load_id, created_at, updated_at)`, lines);
}

/** Whether any of these settlement numbers is stored (settlements_no_key). */
export async function anyStored(db: Db, numbers: string[]): Promise<boolean> {
  const result = await db.execute(
    sql`select exists (select 1 from settlements where settlement_no = any(${sql.param(numbers)}::text[])) as "stored"`,
  );
  return rowsOf<{ stored: boolean }>(result)[0].stored;
}

export interface MergeOutcome {
  /** Staged rows of people in `persons` (the others are skipped). */
  known: number;
  added: number;
  /**
   * Stored rows changed, plus earlier rows of a number repeated in the file: a later copy in the
   * same chunk, or a row an earlier chunk of this load wrote.
   */
  replaced: number;
  /** The (period, person) pairs to compute again, as two parallel arrays (not an object per pair). */
  periodIds: number[];
  personIds: number[];
}

/**
 * Merges the staged chunk into `settlements`, set-based, in one statement, then empties the stage
 * for the next chunk (each chunk is merged while the next is read, so the database's part of a
 * load runs beside the reading instead of after it):
 * - rows of people the hall does not know are left out (person_id from `persons`);
 * - within the chunk, the last row of a number wins (the earlier ones count as replaced); a number
 *   an earlier chunk of this file held counts as replaced even when equal (that earlier copy is
 *   the one replaced), and a row this load wrote keeps its version: the file holds it once;
 * - a new number is inserted, in the order of the person's index (person, period, discharge), so
 *   that the indexes of settlements and then of their treatments fill in order instead of at random;
 * - a number stored by an earlier load is replaced (version + 1) only when something differs: a
 *   file loaded twice changes nothing the second time.
 * Answers the counts and the (person, period) pairs to compute again: the new pair of every
 * written row and, for a replaced row, its old pair (a correction may move a stay to another
 * person or year).
 */
export async function mergeChunk(db: Db, loadId: number, now: Date): Promise<MergeOutcome> {
  // The chunk's numbers are grouped in byte order (COLLATE "C": the same groups, and a sort with
  // abbreviated keys instead of the database collation's comparisons), and the copies are counted
  // over the order DISTINCT ON needs: one sort of the chunk, not two. Data-modifying CTEs see the
  // table as it was before the statement: `m` is the state the counts and the old pairs describe.
  const result = await db.execute(sql`
    with f as (
      select distinct on (x.settlement_no collate "C") x.*, p.id as person_id,
        count(*) over (partition by x.settlement_no collate "C" order by x.row_no desc
          rows between unbounded preceding and unbounded following) as copies
      from settlement_stage x join persons p on p.cert_type = '01' and p.cert_no = x.cert_no
      order by x.settlement_no collate "C", x.row_no desc
    ), m as materialized (
      select f.*, s.id as old_id, s.person_id as old_person_id, s.period_id as old_period_id,
        s.load_id is not distinct from ${loadId}::int as ours,
        s.load_id is not distinct from ${loadId}::int
          or exists (select 1 from settlement_seen v where v.settlement_no = f.settlement_no) as seen,
        s.id is not null and (s.person_id, s.period_id, s.hospital_name, s.hospital_level, s.kind, s.admitted_on, s.discharged_on,
          s.settled_on, s.total_fen, s.policy_fen, s.fund_fen, s.self_policy_fen, s.self_excluded_fen, s.diagnosis_code,
          s.diagnosis_name, s.reversed)
        is distinct from (f.person_id, f.period_id, f.hospital_name, f.hospital_level, f.kind, f.admitted_on, f.discharged_on,
          f.settled_on, f.total_fen, f.policy_fen, f.fund_fen, f.self_policy_fen, f.self_excluded_fen, f.diagnosis_code,
          f.diagnosis_name, f.reversed) as changed
      from f left join settlements s on s.settlement_no = f.settlement_no
    ), added as (
      -- A plain insert (no speculative insertion: loads never run at once, the treatments lock).
      insert into settlements (settlement_no, person_id, ${COLUMNS}, version, load_id, created_at, updated_at)
      select settlement_no, person_id, ${COLUMNS}, 1, ${loadId}::int, ${now}::timestamptz, ${now}::timestamptz
      from m where old_id is null
      order by person_id, period_id, discharged_on
    ), changed as (
      update settlements s set
        person_id = m.person_id, period_id = m.period_id, hospital_name = m.hospital_name, hospital_level = m.hospital_level,
        kind = m.kind, admitted_on = m.admitted_on, discharged_on = m.discharged_on, settled_on = m.settled_on,
        total_fen = m.total_fen, policy_fen = m.policy_fen, fund_fen = m.fund_fen, self_policy_fen = m.self_policy_fen,
        self_excluded_fen = m.self_excluded_fen, diagnosis_code = m.diagnosis_code, diagnosis_name = m.diagnosis_name,
        reversed = m.reversed, version = s.version + (not m.ours)::int, load_id = ${loadId}, updated_at = ${now}
      from m where m.changed and s.id = m.old_id
    ), equal as (
      insert into settlement_seen select settlement_no from m where old_id is not null and not changed and not seen
    ), pair as (
      select person_id, period_id from m where (old_id is null or changed) and period_id is not null
      union
      select old_person_id, old_period_id from m where changed and old_period_id is not null
    )
    select c.known, c.added, c.replaced, coalesce(t."periodIds", '{}') as "periodIds", coalesce(t."personIds", '{}') as "personIds"
    from (select coalesce(sum(copies), 0)::int as known, (count(*) filter (where old_id is null))::int as added,
        (coalesce(sum(copies - 1), 0) + count(*) filter (where seen or changed))::int as replaced from m) c,
      (select array_agg(period_id) as "periodIds", array_agg(person_id) as "personIds" from pair) t`);
  await db.execute(sql`truncate settlement_stage`);
  return rowsOf<MergeOutcome>(result)[0];
}

/** The settlement file's loads, newest first. */
export const settlementLoadsOf = (db: Db, limit: number) =>
  db.select().from(settlementLoads).orderBy(desc(settlementLoads.id)).limit(limit);

/** Payout batches, newest first (of one kind when given). */
export const payoutBatchesOf = (db: Db, kind: 'treatment' | 'claim' | undefined, limit: number) =>
  db
    .select()
    .from(payoutBatches)
    .where(kind ? eq(payoutBatches.kind, kind) : undefined)
    .orderBy(desc(payoutBatches.id))
    .limit(limit);

/**
 * A staged batch's valid rows (import_rows, kind 'settlement': the checked row in `extra`) as the
 * columns of settlement_stage, in its order; the period is looked up now, as the load does (the
 * first period whose dates hold the discharge day), so a period made since the preview counts.
 */
const stagedRows = (batchId: string) => sql`
  select i.row_no, x."settlementNo", i.cert_no,
    (select p.id from periods p where p.start_date <= x."dischargedOn" and x."dischargedOn" <= p.end_date
      order by p.start_date limit 1) as period_id,
    x."hospitalName", x."hospitalLevel", x.kind, x."admittedOn", x."dischargedOn", x."settledOn", x."totalFen", x."policyFen",
    x."fundFen", x."selfPolicyFen", x."selfExcludedFen", x."diagnosisCode", x."diagnosisName", x.reversed
  from import_rows i cross join lateral jsonb_to_record(i.extra) as x("settlementNo" text, "hospitalName" text,
    "hospitalLevel" text, kind text, "admittedOn" date, "dischargedOn" date, "settledOn" date, "totalFen" int8,
    "policyFen" int8, "fundFen" int8, "selfPolicyFen" int8, "selfExcludedFen" int8, "diagnosisCode" text,
    "diagnosisName" text, reversed boolean)
  where i.batch_id = ${batchId} and i.error is null`;

export interface StagedOutcome {
  added: number;
  replaced: number;
  unchanged: number;
  skipped: number;
  reversed: number;
  outsidePeriods: number;
}

/**
 * What confirming a staged batch would write, counted as mergeChunk counts (set-based, over the
 * whole batch): rows of people the hall does not know are skipped; of a number repeated in the
 * file the last row counts and the earlier ones as replaced; a stored number is replaced when
 * something differs and unchanged when not; a new one is added.
 */
export async function stagedOutcome(db: Db, batchId: string): Promise<StagedOutcome> {
  const result = await db.execute(sql`
    with v as materialized (${stagedRows(batchId)}),
    k as materialized (
      select v.*, p.id as person_id from v join persons p on p.cert_type = '01' and p.cert_no = v.cert_no
    ), g as (
      select distinct on (k."settlementNo" collate "C") k.*, count(*) over (partition by k."settlementNo" collate "C") as copies
      from k order by k."settlementNo" collate "C", k.row_no desc
    ), m as (
      select g.copies, s.id is null as new,
        s.id is not null and (s.person_id, s.period_id, s.hospital_name, s.hospital_level, s.kind, s.admitted_on, s.discharged_on,
          s.settled_on, s.total_fen, s.policy_fen, s.fund_fen, s.self_policy_fen, s.self_excluded_fen, s.diagnosis_code,
          s.diagnosis_name, s.reversed)
        is distinct from (g.person_id, g.period_id, g."hospitalName", g."hospitalLevel", g.kind, g."admittedOn", g."dischargedOn",
          g."settledOn", g."totalFen", g."policyFen", g."fundFen", g."selfPolicyFen", g."selfExcludedFen", g."diagnosisCode",
          g."diagnosisName", g.reversed) as changed
      from g left join settlements s on s.settlement_no = g."settlementNo"
    )
    select ((select count(*) from v) - (select count(*) from k))::int as skipped,
      (select count(*) filter (where reversed) from v)::int as reversed,
      (select count(*) filter (where period_id is null) from v)::int as "outsidePeriods",
      (count(*) filter (where new))::int as added,
      (coalesce(sum(copies - 1), 0) + count(*) filter (where changed))::int as replaced,
      (count(*) filter (where not new and not changed))::int as unchanged
    from m`);
  return rowsOf<StagedOutcome>(result)[0];
}

/** The last row number of a staged batch (0: none), to walk its rows in ranges. */
export async function lastRowNo(db: Db, batchId: string): Promise<number> {
  const result = await db.execute(sql`select coalesce(max(row_no), 0)::int as "last" from import_rows where batch_id = ${batchId}`);
  return rowsOf<{ last: number }>(result)[0].last;
}

/**
 * The batch's valid rows numbered after `after` up to `upTo` into the load's staging table (one
 * statement, by the batch's primary key), ready for mergeChunk; answers how many, and how many
 * fall in no period.
 */
export async function stageFromBatch(db: Db, batchId: string, after: number, upTo: number) {
  const result = await db.execute(sql`
    with staged as (
      insert into settlement_stage (row_no, settlement_no, cert_no, ${COLUMNS})
      select * from (${stagedRows(batchId)} and i.row_no > ${after} and i.row_no <= ${upTo}) r
      returning period_id
    )
    select count(*)::int as rows, (count(*) filter (where period_id is null))::int as "outsidePeriods" from staged`);
  return rowsOf<{ rows: number; outsidePeriods: number }>(result)[0];
}
