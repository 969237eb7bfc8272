import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { CopyText, copyLine, copyRows } from '../../lib/copy-rows';
import type { TreatmentWrite } from './recompute.repository';

/**
 * The writes of a treatment's state (none: nothing due; pending: amount ≠ paid; paid), all
 * set-based: the computation writes what the rule gives, a treatment whose settlement moved away
 * after payment goes back to pending as a set-off, a payout batch settles its treatments.
 */

/**
 * New treatments (settlement × product not stored yet) as the lines of writeTreatments' COPY:
 * built by the computation as it goes, while the connection writes the batch before; `lines`, the
 * computation's own for each batch in turn (one allocation of a batch's size).
 */
export function newTreatmentLines(rows: TreatmentWrite[], now: Date, lines = new CopyText()): Buffer {
  const computedAt = now.toISOString();
  for (const r of rows)
    lines.append(
      copyLine([
        r.settlementId,
        r.productCode,
        r.personId,
        r.periodId,
        r.unitId,
        r.coverageId,
        r.dischargedOn,
        r.hospitalName,
        r.baseFen,
        r.amountFen,
        0,
        r.state,
        r.reason,
        computedAt,
      ]),
    );
  return lines.take();
}

/**
 * Writes computed treatments, in the caller's transaction: new ones in one COPY of their lines
 * (newTreatmentLines: a load writes a million; COPY writes them in batches and its lines cost
 * less to build and to read than array parameters), known ones in one UPDATE by id; paid_fen,
 * paid_at and batch_id are the payout's and stay. `byWriter`: the computation's own rows, whose
 * totals it adds itself (treatment-totals.ts) and whose keys it read in this transaction under the
 * treatments lock, so the insert triggers of both stand aside for this COPY (migrations 0042 and
 * 0043): the settings are local to the transaction and cleared right after (a failed COPY ends the
 * transaction, and the settings with it).
 */
export async function writeTreatments(
  db: Db,
  now: Date,
  writes: { fresh: Buffer; known: Array<TreatmentWrite & { id: number }> },
  options: { byWriter?: boolean } = {},
): Promise<void> {
  const { fresh, known } = writes;
  if (fresh.length) {
    if (options.byWriter) await writerSettings(db, 'by writer');
    await copyRows(
      db,
      `treatments (settlement_id, product_code, person_id, period_id, unit_id, coverage_id, discharged_on, hospital_name,
        base_fen, amount_fen, paid_fen, state, reason, computed_at)`,
      fresh,
    );
    if (options.byWriter) await writerSettings(db, '');
  }
  if (known.length) {
    const col = <K extends keyof (TreatmentWrite & { id: number })>(k: K) => sql.param(known.map((r) => r[k]));
    await db.execute(sql`
      update treatments t set person_id = x.person_id, period_id = x.period_id, unit_id = x.unit_id, coverage_id = x.coverage_id,
        discharged_on = x.discharged_on, hospital_name = x.hospital_name, base_fen = x.base_fen, amount_fen = x.amount_fen,
        state = x.state, reason = x.reason, computed_at = ${now}
      from unnest(${col('id')}::int8[], ${col('personId')}::int[], ${col('periodId')}::int[], ${col('unitId')}::int[],
        ${col('coverageId')}::int8[], ${col('dischargedOn')}::date[], ${col('hospitalName')}::text[], ${col('baseFen')}::int8[],
        ${col('amountFen')}::int8[], ${col('state')}::text[], ${col('reason')}::text[])
        as x(id, person_id, period_id, unit_id, coverage_id, discharged_on, hospital_name, base_fen, amount_fen, state, reason)
      where t.id = x.id`);
  }
}

const writerSettings = (db: Db, value: string) =>
  db.execute(sql`select set_config('hall.treatment_totals', ${value}, true), set_config('hall.treatment_keys', ${value}, true)`);

/** Treatments already paid whose settlement no longer gives one: zero, the paid part left to set off. */
export async function zeroTreatments(db: Db, ids: number[], reason: string, now: Date) {
  if (ids.length)
    await db.execute(sql`update treatments set amount_fen = 0, base_fen = 0, state = 'pending', reason = ${reason}, computed_at = ${now}
      where id = any(${sql.param(ids)}::int8[])`);
}

/** Settles the treatments of the batch: paid = amount, the batch and the day. */
export async function settleTreatments(db: Db, batchId: number, now: Date) {
  await db.execute(sql`
    update treatments t set paid_fen = t.amount_fen, paid_at = ${now}, batch_id = ${batchId},
      state = case when t.amount_fen > 0 then 'paid' else 'none' end
    from payouts o where o.batch_id = ${batchId} and o.treatment_id = t.id`);
}

/**
 * The treatments of failed lines go back to 待发放: what the line counted as paid is taken back
 * (paid_fen), so the due is there again for the next batch; batch_id stays on the failed batch, which
 * is how the portal finds the bank's reason (until a new batch takes the treatment).
 */
export async function unpayTreatments(db: Db, batchId: number, lineNos: number[]) {
  if (lineNos.length === 0) return;
  await db.execute(sql`
    update treatments t set paid_fen = t.paid_fen - o.amount_fen,
      state = case when t.amount_fen <> t.paid_fen - o.amount_fen then 'pending' when t.amount_fen > 0 then 'paid' else 'none' end
    from payouts o
    where o.batch_id = ${batchId} and o.line_no = any(${sql.param(lineNos)}::int[]) and o.treatment_id = t.id`);
}

/** The batch's progress from its lines; closed once no line waits. Answers the waiting lines. */
export async function refreshBatch(db: Db, batchId: number, now: Date): Promise<{ state: 'sent' | 'closed'; waiting: number }> {
  const [row] = rowsOf<{ state: 'sent' | 'closed'; waiting: number }>(
    await db.execute(sql`
      update payout_batches b set paid_lines = x.paid, failed_lines = x.failed,
        state = case when x.waiting = 0 then 'closed' else 'sent' end,
        closed_at = case when x.waiting = 0 then coalesce(b.closed_at, ${now}) else null end
      from (select count(distinct line_no) filter (where outcome = 'paid')::int as paid,
              count(distinct line_no) filter (where outcome = 'failed')::int as failed,
              count(distinct line_no) filter (where outcome = 'sent')::int as waiting
            from payouts where batch_id = ${batchId} and line_no is not null) x
      where b.id = ${batchId}
      returning b.state, x.waiting`),
  );
  return row;
}
