import { maskCard, maskCertNo } from '@hall/shared';
import type { FastifyReply } from 'fastify';
import { refuse } from '../../lib/hall-error';
import { type ExportColumn, sendTable } from '../../lib/table-export';
import type { HallContext } from '../../types';
import * as repo from './payout.repository';

const COLUMNS: readonly ExportColumn[] = [
  { header: '序号', key: 'no', width: 8, kind: 'count' },
  { header: '姓名', key: 'name', width: 10, kind: 'text' },
  { header: '身份证号码', key: 'certNo', width: 22, kind: 'text' },
  { header: '开户银行', key: 'bankName', width: 20, kind: 'text' },
  { header: '银行卡号', key: 'bankCard', width: 22, kind: 'text' },
  { header: '金额', key: 'amount', width: 14, kind: 'money' },
  { header: '结算单号/补助申请编号', key: 'ref', width: 24, kind: 'text' },
  { header: '说明', key: 'note', width: 12, kind: 'text' },
];

/** Lines read per statement: the export holds one chunk, whatever the batch's size. */
export const BATCH_EXPORT_CHUNK = 2000;

/**
 * A payout batch's lines as Excel (发放明细), for finance's records and the reconciliation with the
 * bank: ID numbers and cards masked like every list (docs/architecture.md, Excel exports); a
 * negative line is the set-off of an amount paid before a correction lowered it. The lines are
 * read in chunks (keyset on the payout id) as the writer takes them, so memory stays flat for a
 * batch of 100,000 lines.
 */
export async function exportBatch(ctx: HallContext, reply: FastifyReply, batchNo: string) {
  const batch = await repo.batchByNo(ctx.db, batchNo);
  if (!batch) throw refuse(`发放批次不存在：${batchNo}`);
  async function* rows() {
    let after = 0;
    let no = 0;
    for (;;) {
      const chunk = await repo.batchLinesAfter(ctx.db, batch!.id, after, BATCH_EXPORT_CHUNK);
      for (const line of chunk)
        yield [
          ++no,
          line.name,
          maskCertNo(line.certNo),
          line.bankName ?? '',
          maskCard(line.bankCard),
          line.amountFen,
          line.ref ?? '',
          line.amountFen < 0 ? '冲减' : '',
        ];
      if (chunk.length < BATCH_EXPORT_CHUNK) return;
      after = chunk[chunk.length - 1].id;
    }
  }
  return sendTable(reply, `发放明细_${batchNo}.xlsx`, `发放明细 ${batch.paidOn}`, COLUMNS, rows());
}
