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

/** The fields a row of the file sets, in the order compared and written. */
const FIELDS = [
  'periodId',
  'hospitalName',
  'hospitalLevel',
  'kind',
  'admittedOn',
  'dischargedOn',
  'settledOn',
  'totalFen',
  'policyFen',
  'fundFen',
  'selfPolicyFen',
  'selfExcludedFen',
  'diagnosisCode',
  'diagnosisName',
  'reversed',
] as const;

type Stored = Pick<SettlementRow, (typeof FIELDS)[number] | 'settlementNo'> & { id: number; personId: number };

/** The persons of these ID numbers (index persons' cert key): ID number → person id. */
async function personsOf(db: Db, certNos: string[]): Promise<Map<string, number>> {
  const found = rowsOf<{ certNo: string; id: number }>(
    await db.execute(
      sql`select cert_no as "certNo", id from persons where cert_type = '01' and cert_no = any(${sql.param(certNos)}::text[])`,
    ),
  );
  return new Map(found.map((p) => [p.certNo, p.id]));
}

/** The stored settlements of these numbers (index settlements_no_key), as the file would give them. */
async function storedOf(db: Db, nos: string[]): Promise<Map<string, Stored>> {
  const found = rowsOf<Stored>(
    await db.execute(sql`
      select id::float8 as id, settlement_no as "settlementNo", person_id as "personId", period_id as "periodId",
        hospital_name as "hospitalName", hospital_level as "hospitalLevel", kind, admitted_on::text as "admittedOn",
        discharged_on::text as "dischargedOn", settled_on::text as "settledOn", total_fen::float8 as "totalFen",
        policy_fen::float8 as "policyFen", fund_fen::float8 as "fundFen", self_policy_fen::float8 as "selfPolicyFen",
        self_excluded_fen::float8 as "selfExcludedFen", diagnosis_code as "diagnosisCode", diagnosis_name as "diagnosisName", reversed
      from settlements where settlement_no = any(${sql.param(nos)}::text[])`),
  );
  return new Map(found.map((r) => [r.settlementNo, r]));
}

/**
 * Writes a chunk of settlements (numbers unique within the chunk). Rows of people not in `persons`
 * are left out (counted by the caller from `known`); a known settlement number is replaced
 * (version + 1) only when something differs, so a file loaded twice changes nothing the second
 * time. Answers the counts and the (person, period) pairs whose treatments must be computed again:
 * the new pair of every written row and, for a replaced row, its old pair (a correction may move a
 * stay to another person or year).
 *
 * Index-driven steps (a single statement joining the chunk to the growing table slowed down as the
 * table grew): the persons and the stored rows of the chunk are read by their unique keys, compared
 * here, and the new rows go in with one plain INSERT from unnest, the changed ones with one UPDATE
 * by id. Only rows with a resolved person are written (person_id comes from `persons`).
 */
export async function upsertSettlements(db: Db, loadId: number, now: Date, rows: SettlementRow[]) {
  const people = await personsOf(db, [...new Set(rows.map((r) => r.certNo))]);
  const mine = rows.filter((r) => people.has(r.certNo));
  const stored = mine.length
    ? await storedOf(
        db,
        mine.map((r) => r.settlementNo),
      )
    : new Map<string, Stored>();
  const fresh: Array<SettlementRow & { personId: number }> = [];
  const changed: Array<SettlementRow & { personId: number; id: number }> = [];
  const pairs = new Map<string, { personId: number; periodId: number }>();
  const touch = (personId: number, periodId: number | null) => {
    if (periodId !== null) pairs.set(`${personId}:${periodId}`, { personId, periodId });
  };
  for (const r of mine) {
    const personId = people.get(r.certNo)!;
    const old = stored.get(r.settlementNo);
    if (!old) fresh.push({ ...r, personId });
    else if (old.personId !== personId || FIELDS.some((f) => old[f] !== r[f])) {
      changed.push({ ...r, personId, id: old.id });
      touch(old.personId, old.periodId);
    } else continue;
    touch(personId, r.periodId);
  }
  const columns = <R extends SettlementRow & { personId: number }>(list: R[]) => {
    const col = (k: keyof R) => sql.param(list.map((r) => r[k]));
    return sql`${col('personId')}::int[], ${col('periodId')}::int[], ${col('hospitalName')}::text[], ${col('hospitalLevel')}::text[],
      ${col('kind')}::text[], ${col('admittedOn')}::date[], ${col('dischargedOn')}::date[], ${col('settledOn')}::date[],
      ${col('totalFen')}::int8[], ${col('policyFen')}::int8[], ${col('fundFen')}::int8[], ${col('selfPolicyFen')}::int8[],
      ${col('selfExcludedFen')}::int8[], ${col('diagnosisCode')}::text[], ${col('diagnosisName')}::text[], ${col('reversed')}::boolean[]`;
  };
  const names = sql.raw(`person_id, period_id, hospital_name, hospital_level, kind, admitted_on, discharged_on, settled_on, total_fen,
    policy_fen, fund_fen, self_policy_fen, self_excluded_fen, diagnosis_code, diagnosis_name, reversed`);
  if (fresh.length)
    // A plain insert (no speculative insertion: loads never run at once, the treatments lock).
    await db.execute(sql`
      insert into settlements (settlement_no, ${names}, version, load_id, created_at, updated_at)
      select t.*, 1, ${loadId}::int, ${now}::timestamptz, ${now}::timestamptz
      from unnest(${sql.param(fresh.map((r) => r.settlementNo))}::text[], ${columns(fresh)}) as t(settlement_no, ${names})`);
  if (changed.length)
    await db.execute(sql`
      update settlements s set
        person_id = x.person_id, period_id = x.period_id, hospital_name = x.hospital_name, hospital_level = x.hospital_level,
        kind = x.kind, admitted_on = x.admitted_on, discharged_on = x.discharged_on, settled_on = x.settled_on,
        total_fen = x.total_fen, policy_fen = x.policy_fen, fund_fen = x.fund_fen, self_policy_fen = x.self_policy_fen,
        self_excluded_fen = x.self_excluded_fen, diagnosis_code = x.diagnosis_code, diagnosis_name = x.diagnosis_name,
        reversed = x.reversed, version = s.version + 1, load_id = ${loadId}, updated_at = ${now}
      from unnest(${sql.param(changed.map((r) => r.id))}::int8[], ${columns(changed)}) as x(id, ${names})
      where s.id = x.id`);
  return { known: mine.length, added: fresh.length, replaced: changed.length, pairs: [...pairs.values()] };
}
