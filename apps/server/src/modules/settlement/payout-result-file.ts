import type { Readable } from 'node:stream';
import { fenOfYuan } from '@hall/shared';
import { HallError, refuse } from '../../lib/hall-error';
import { formatOf, locateColumns, readTable, type TableColumn } from '../../lib/table-file';

/**
 * The bank's result file of a batch-payment file (代发回执), read whole before anything is written:
 * each row names its line by 序号 or by 附言 (<batchNo>-<line>), with the card, the amount, 成功/失败
 * and the bank's reason for a failure. A row that cannot be read refuses the file with its row number.
 */

export interface ResultRow {
  rowNo: number;
  lineNo: number;
  card: string;
  amountFen: number;
  paid: boolean;
  reason: string;
}

export const RESULT_MAX_ROWS = 200_000;
const SHOWN_ERRORS = 5;

const COLUMNS: readonly TableColumn[] = [
  { header: '序号', key: 'no', required: false },
  { header: '附言', key: 'memo', required: false },
  { header: '银行卡号', key: 'card' },
  { header: '金额', key: 'amount' },
  { header: '处理结果', key: 'result' },
  { header: '失败原因', key: 'reason', required: false },
];

const RESULTS: Record<string, boolean> = { 成功: true, 失败: false };

/** The errors' message: the first few rows, and how many. */
export const errorsMessage = (what: string, errors: string[]) =>
  `${what}有 ${errors.length} 行不符，未导入：${errors.slice(0, SHOWN_ERRORS).join('；')}${errors.length > SHOWN_ERRORS ? '……' : ''}`;

export async function readResultFile(file: { fileName: string; input: Readable }, batchNo: string): Promise<ResultRow[]> {
  const format = formatOf(file.fileName);
  if (!format) {
    file.input.resume();
    throw refuse('银行回执须为 Excel（.xlsx）或 CSV 文件');
  }
  let at: Record<string, number> | null = null;
  const rows: ResultRow[] = [];
  const errors: string[] = [];
  const seen = new Map<number, number>();
  try {
    for await (const row of readTable(file.input, format)) {
      if (!at) {
        const found = locateColumns(row.cells, COLUMNS);
        if ('missing' in found) throw refuse(`银行回执缺少列：${(found.missing as string[]).join('、')}`);
        if (found.no === undefined && found.memo === undefined) throw refuse('银行回执须有“序号”或“附言”列');
        at = found;
        continue;
      }
      const cell = (k: string) => (at?.[k] === undefined ? '' : (row.cells[at[k]] ?? '').trim());
      // The control line of the file we sent (合计), if the bank returns it.
      if (cell('no') === '合计') continue;
      const parsed = lineOf(cell('no'), cell('memo'), batchNo);
      if (typeof parsed === 'string') {
        errors.push(`第${row.rowNo}行：${parsed}`);
        continue;
      }
      const amountFen = fenOfYuan(cell('amount'));
      const paid = RESULTS[cell('result')];
      const reason = cell('reason').slice(0, 200);
      if (amountFen === null || amountFen === undefined) errors.push(`第${row.rowNo}行：金额“${cell('amount')}”不是有效金额`);
      else if (paid === undefined) errors.push(`第${row.rowNo}行：处理结果须为“成功”或“失败”`);
      else if (!paid && !reason) errors.push(`第${row.rowNo}行：失败的须写明失败原因`);
      else if (seen.has(parsed)) errors.push(`第${row.rowNo}行：序号 ${parsed} 与第${seen.get(parsed)}行重复`);
      else {
        seen.set(parsed, row.rowNo);
        rows.push({ rowNo: row.rowNo, lineNo: parsed, card: cell('card').replace(/[\s-]/g, ''), amountFen, paid, reason });
      }
      if (rows.length > RESULT_MAX_ROWS) throw refuse(`银行回执超过 ${RESULT_MAX_ROWS} 行`);
    }
  } catch (error) {
    if (error instanceof HallError) throw error;
    throw refuse('无法读取银行回执，请确认文件为银行返回的 Excel 或 CSV');
  }
  if (!at) throw refuse('银行回执是空的');
  if (errors.length) throw refuse(errorsMessage('银行回执', errors));
  if (rows.length === 0) throw refuse('银行回执中没有数据行');
  return rows;
}

/** The line a row names: its 序号, or its 附言 <batchNo>-<line> (which must be this batch's). */
function lineOf(no: string, memo: string, batchNo: string): number | string {
  if (memo) {
    const m = /^((?:BZ)?FF\d{13})-(\d{1,7})$/.exec(memo);
    if (!m) return `附言“${memo}”不是“批次号-序号”`;
    if (m[1] !== batchNo) return `附言“${memo}”不属于批次 ${batchNo}`;
    if (no && no !== m[2]) return `序号 ${no} 与附言“${memo}”不一致`;
    return Number(m[2]);
  }
  if (/^\d{1,7}$/.test(no)) return Number(no);
  return no ? `序号“${no}”不正确` : '缺少序号或附言';
}
