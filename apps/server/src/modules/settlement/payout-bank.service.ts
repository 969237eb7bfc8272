import type { Readable } from 'node:stream';
import { maskCard, type opsTreatmentCalls } from '@hall/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { auditOperator } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { type ExportColumn, sendCsv, sendTable } from '../../lib/table-export';
import type { Db } from '../../db/client';
import type { HallContext } from '../../types';
import * as repo from './payout-bank.repository';
import { refreshBatch, unpayTreatments } from './transition.repository';
import { errorsMessage, readResultFile } from './payout-result-file';
import { lockTreatments } from './settlement.repository';

/**
 * A payout batch at the bank (代发, docs/decisions.md "Payout lifecycle"): its batch-payment file out,
 * the bank's result in. A line is sent when the batch is made; the result settles it paid or failed;
 * a failed line's treatments or claims go back to 待发放 with the bank's reason and the next batch
 * takes them; the batch closes when no line waits.
 */

const COLUMNS: readonly ExportColumn[] = [
  { header: '序号', key: 'no', width: 8, kind: 'text' },
  { header: '姓名', key: 'name', width: 10, kind: 'text' },
  { header: '开户银行', key: 'bankName', width: 20, kind: 'text' },
  { header: '银行卡号', key: 'bankCard', width: 24, kind: 'text' },
  { header: '金额', key: 'amount', width: 14, kind: 'money' },
  { header: '附言', key: 'memo', width: 22, kind: 'text' },
];

/** Lines read per statement: the file holds one chunk, whatever the batch's size. */
export const BANK_FILE_CHUNK = 2000;

/** The control line's words: 合计 in 序号, the count in 姓名, the total under 金额. */
export const controlLine = (lines: number, totalFen: number) => ['合计', `${lines}笔`, '', '', totalFen, ''];

/**
 * The batch's 代发文件: full card numbers (the bank pays them; the file goes from finance to the
 * bank only), one line per person and card, then the control line (笔数, 合计). Read in chunks
 * (keyset on the line number) as the writer takes them. Audited: it holds people's cards.
 */
export async function exportBankFile(
  ctx: HallContext,
  operator: string,
  reply: FastifyReply,
  fields: z.output<typeof opsTreatmentCalls.opsPayoutBankFile.request>,
) {
  const batch = await repo.batchOf(ctx.db, fields.batchNo);
  if (!batch) throw refuse(`发放批次不存在：${fields.batchNo}`);
  if (batch.lines === 0) throw refuse(`发放批次 ${batch.batchNo} 没有须经银行发放的笔（在本功能之前发放或全部轧差为零）`);
  await auditOperator(ctx.db, ctx.clock.now(), operator, { command: 'payout-bank-file', batchNo: batch.batchNo, format: fields.format });
  async function* rows() {
    let after = 0;
    let lines = 0;
    let total = 0;
    for (;;) {
      const chunk = await repo.bankLinesAfter(ctx.db, batch!.id, after, BANK_FILE_CHUNK);
      for (const line of chunk) {
        lines++;
        total += line.amountFen;
        yield [
          String(line.lineNo),
          line.name,
          line.bankName ?? '',
          line.bankCard ?? '',
          line.amountFen,
          `${batch!.batchNo}-${line.lineNo}`,
        ];
      }
      if (chunk.length < BANK_FILE_CHUNK) break;
      after = chunk[chunk.length - 1].lineNo;
    }
    yield controlLine(lines, total);
  }
  const name = `代发文件_${batch.batchNo}`;
  return fields.format === 'csv'
    ? sendCsv(reply, `${name}.csv`, COLUMNS, rows())
    : sendTable(reply, `${name}.xlsx`, `代发 ${batch.batchNo}`, COLUMNS, rows());
}

/** A card as the bank may write it back: whole, or masked with its last four digits. */
const sameCard = (ours: string | null, theirs: string) =>
  !theirs || theirs === ours || (theirs.includes('*') && !!ours && ours.endsWith(theirs.replace(/^.*\*/, '')));

/**
 * Loads the bank's result of a batch, whole or not at all: every row must name a line of the
 * batch with its amount and card; a line already settled the same way is unchanged (the same file
 * twice changes nothing), one settled the other way refuses the file. Paid lines are marked; failed
 * ones are marked with the reason and their treatments or claims go back to 待发放.
 */
/** What puts a claim batch's failed lines back to 待发放: the claims module's (it imports this one, not the other way). */
export type ReturnFailedClaims = (
  ctx: HallContext,
  db: Db,
  now: Date,
  operator: string,
  batchNo: string,
  failed: Array<{ claimId: number; lineNo: number; reason: string }>,
) => Promise<void>;

export async function loadPayoutResult(
  ctx: HallContext,
  operator: string,
  batchNo: string,
  file: { fileName: string; input: Readable },
  returnFailedClaims: ReturnFailedClaims,
) {
  const exists = await repo.batchOf(ctx.db, batchNo);
  if (!exists) {
    file.input.resume();
    throw refuse(`发放批次不存在：${batchNo}`);
  }
  const rows = await readResultFile(file, batchNo);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (db) => {
    if (exists.kind === 'treatment') await lockTreatments(db);
    const batch = (await repo.batchOf(db, batchNo, true))!;
    const lines = new Map(
      (
        await repo.bankLines(
          db,
          batch.id,
          rows.map((r) => r.lineNo),
        )
      ).map((l) => [l.lineNo, l]),
    );
    const errors: string[] = [];
    const paid: number[] = [];
    const failed: Array<{ lineNo: number; reason: string }> = [];
    let unchanged = 0;
    for (const r of rows) {
      const line = lines.get(r.lineNo);
      const at = `第${r.rowNo}行`;
      if (!line) errors.push(`${at}：批次中没有序号 ${r.lineNo}`);
      else if (line.amountFen !== r.amountFen) errors.push(`${at}：金额与代发文件的 ¥${(line.amountFen / 100).toFixed(2)} 不符`);
      else if (!sameCard(line.bankCard, r.card)) errors.push(`${at}：银行卡号与代发文件不符`);
      else if (line.outcome === 'sent') {
        if (r.paid) paid.push(r.lineNo);
        else failed.push({ lineNo: r.lineNo, reason: r.reason });
      } else if ((line.outcome === 'paid') === r.paid) unchanged++;
      else errors.push(`${at}：序号 ${r.lineNo} 已登记为${line.outcome === 'paid' ? '成功' : '失败'}，与回执不符`);
    }
    if (errors.length) throw refuse(errorsMessage('银行回执', errors));
    await repo.markPaid(db, batch.id, paid, now);
    await repo.markFailed(db, batch.id, failed, now);
    const failedNos = failed.map((f) => f.lineNo);
    if (batch.kind === 'treatment') await unpayTreatments(db, batch.id, failedNos);
    else await returnFailedClaims(ctx, db, now, operator, batch.batchNo, await repo.claimsOfLines(db, batch.id, failedNos));
    const progress = await refreshBatch(db, batch.id, now);
    await auditOperator(db, now, operator, {
      command: 'payout-result',
      batchNo,
      fileName: file.fileName,
      paid: paid.length,
      failed: failed.length,
      unchanged,
      state: progress.state,
    });
    return {
      batchNo,
      rows: rows.length,
      paid: paid.length,
      failed: failed.length,
      unchanged,
      waiting: progress.waiting,
      state: progress.state,
    };
  });
}

const MAX_FAILED = 200;

/** A batch's failed lines, cards masked, with the batch that paid them again, if any. */
export async function listFailedLines(ctx: HallContext, batchNo: string) {
  const batch = await repo.batchOf(ctx.db, batchNo);
  if (!batch) throw refuse(`发放批次不存在：${batchNo}`);
  const { list, total } = await repo.failedLines(ctx.db, batch.id, MAX_FAILED);
  return {
    list: list.map((l) => ({
      lineNo: l.lineNo,
      name: l.name,
      bankName: l.bankName ?? '',
      bankCard: maskCard(l.bankCard),
      amountFen: l.amountFen,
      reason: l.bankReason ?? '',
      repaidIn: l.repaidIn,
    })),
    total,
  };
}
