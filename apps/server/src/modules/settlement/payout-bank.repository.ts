import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';

/**
 * The bank's side of a payout batch (代发): the file's lines (one transfer per person and card,
 * payouts.line_no), the bank's outcome of each, the batch's progress. Set-based; a line's rows
 * move together.
 */

/**
 * Numbers a new batch's lines: the rows of one person and card whose sum is positive share a line
 * (in the order their first row was written), sent to the bank; rows whose sum is zero (set-offs
 * that cancel) move nothing and are settled at once. Writes the batch's line count.
 */
export async function numberLines(db: Db, batchId: number, now: Date): Promise<number> {
  await db.execute(sql`
    with per as (
      select person_id, coalesce(bank_name, '') as bank, coalesce(bank_card, '') as card, min(id) as first, sum(amount_fen) as net
      from payouts where batch_id = ${batchId} group by 1, 2, 3
    ), numbered as (
      select person_id, bank, card, row_number() over (order by first)::int as line_no from per where net > 0
    )
    update payouts o set line_no = n.line_no
    from numbered n
    where o.batch_id = ${batchId} and o.person_id = n.person_id and coalesce(o.bank_name, '') = n.bank and coalesce(o.bank_card, '') = n.card`);
  await db.execute(sql`update payouts set outcome = 'paid', settled_at = ${now} where batch_id = ${batchId} and line_no is null`);
  const [row] = rowsOf<{ lines: number }>(
    await db.execute(sql`
      update payout_batches set lines = (select count(distinct line_no)::int from payouts where batch_id = ${batchId})
      where id = ${batchId} returning lines`),
  );
  return row.lines;
}

export interface PayoutBatchRow {
  id: number;
  batchNo: string;
  kind: 'treatment' | 'claim';
  state: 'sent' | 'closed';
  lines: number;
}

/** A batch by its number, its row locked when `lock` (the result's load). */
export async function batchOf(db: Db, batchNo: string, lock = false): Promise<PayoutBatchRow | undefined> {
  const [row] = rowsOf<PayoutBatchRow>(
    await db.execute(sql`select id, batch_no as "batchNo", kind, state, lines from payout_batches where batch_no = ${batchNo}
      ${lock ? sql`for update` : sql``}`),
  );
  return row;
}

export interface BankLine {
  lineNo: number;
  name: string;
  bankName: string | null;
  bankCard: string | null;
  amountFen: number;
  outcome: 'sent' | 'paid' | 'failed';
  bankReason: string | null;
}

const lineSelect = sql`
  select o.line_no as "lineNo", max(p.name) as name, max(o.bank_name) as "bankName", max(o.bank_card) as "bankCard",
    sum(o.amount_fen)::float8 as "amountFen", max(o.outcome) as outcome, max(o.bank_reason) as "bankReason"
  from payouts o join persons p on p.id = o.person_id`;

/** The file's lines after line `after`, `limit` of them in order (keyset on payouts_line_idx): the export's chunks. */
export async function bankLinesAfter(db: Db, batchId: number, after: number, limit: number): Promise<BankLine[]> {
  return rowsOf<BankLine>(
    await db.execute(sql`${lineSelect}
      where o.batch_id = ${batchId} and o.line_no > ${after}
      group by o.line_no order by o.line_no limit ${limit}`),
  );
}

/** The named lines of a batch (the result file's), each once. */
export async function bankLines(db: Db, batchId: number, lineNos: number[]): Promise<BankLine[]> {
  if (lineNos.length === 0) return [];
  return rowsOf<BankLine>(
    await db.execute(sql`${lineSelect}
      where o.batch_id = ${batchId} and o.line_no = any(${sql.param(lineNos)}::int[])
      group by o.line_no`),
  );
}

/** Marks lines paid. */
export async function markPaid(db: Db, batchId: number, lineNos: number[], now: Date) {
  if (lineNos.length === 0) return;
  await db.execute(sql`update payouts set outcome = 'paid', bank_reason = null, settled_at = ${now}
    where batch_id = ${batchId} and line_no = any(${sql.param(lineNos)}::int[])`);
}

/** Marks lines failed with the bank's reason each. */
export async function markFailed(db: Db, batchId: number, failed: Array<{ lineNo: number; reason: string }>, now: Date) {
  if (failed.length === 0) return;
  await db.execute(sql`update payouts o set outcome = 'failed', bank_reason = x.reason, settled_at = ${now}
    from unnest(${sql.param(failed.map((f) => f.lineNo))}::int[], ${sql.param(failed.map((f) => f.reason))}::text[]) as x(line_no, reason)
    where o.batch_id = ${batchId} and o.line_no = x.line_no`);
}

/** The claims of failed lines (each goes back to 待发放 through the claims' transition). */
export async function claimsOfLines(db: Db, batchId: number, lineNos: number[]) {
  if (lineNos.length === 0) return [];
  return rowsOf<{ claimId: number; lineNo: number; reason: string }>(
    await db.execute(sql`select claim_id as "claimId", line_no as "lineNo", bank_reason as reason from payouts
      where batch_id = ${batchId} and line_no = any(${sql.param(lineNos)}::int[]) and claim_id is not null order by id`),
  );
}

/** A batch's failed lines (the first `limit`), with the batch that paid the treatment or claim again, if one has. */
export async function failedLines(db: Db, batchId: number, limit: number) {
  const list = rowsOf<Omit<BankLine, 'outcome'> & { repaidIn: string | null; total: number }>(
    await db.execute(sql`
      with f as (select * from payouts where batch_id = ${batchId} and outcome = 'failed')
      select f.line_no as "lineNo", max(p.name) as name, max(f.bank_name) as "bankName", max(f.bank_card) as "bankCard",
        sum(f.amount_fen)::float8 as "amountFen", max(f.bank_reason) as "bankReason",
        (select max(b.batch_no) from payouts n join payout_batches b on b.id = n.batch_id
          where n.person_id = max(f.person_id) and n.batch_id > ${batchId}
            and (n.treatment_id in (select treatment_id from f g where g.line_no = f.line_no)
              or n.claim_id in (select claim_id from f g where g.line_no = f.line_no))) as "repaidIn",
        count(*) over ()::int as total
      from f join persons p on p.id = f.person_id
      group by f.line_no order by f.line_no limit ${limit}`),
  );
  return { list, total: list[0]?.total ?? 0 };
}
