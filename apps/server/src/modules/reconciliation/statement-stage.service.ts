import type { FastifyReply } from 'fastify';
import { BUREAU_FILE_MESSAGES, STATEMENT_FIELD_KEYS, STATEMENT_FIELDS } from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import {
  claimBatch,
  type IncomingTable,
  previewOf,
  type StagedImport,
  type StagedRecord,
  type StagedRow,
  stageFile,
  validRows,
} from '../../lib/staged-import';
import { discardOperatorBatch, operatorBatch, operatorOwner, sendOperatorReport } from '../../lib/operator-file';
import type { TableColumn } from '../../lib/table-file';
import type { HallContext, OperatorCaller } from '../../types';
import { loadStatementIn, previewStatementLoad, type StatementCredit } from './reconcile.service';
import * as repo from './reconcile.repository';
import { creditOf, headerAt, STATEMENT_MAX_ROWS } from './statement-file';

/**
 * A bank statement in the back office as a staged import (issue 20): uploaded with its bank, read
 * through the kit (lines above the header skipped, debits ignored, each credit checked), previewed
 * with what loading it would do (the load's own matching over the same set-based reads, writing
 * nothing: how many credits are new, would confirm their payment, would wait as exceptions and why),
 * then confirmed in one transaction through the load itself (reconcile.service). The batch is the operator's.
 */
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;
const TTL_MS = 60 * 60_000;
const HEADER_WITHIN = 20;
const MESSAGES = {
  fileType: '对账单须为 Excel（.xlsx）或 CSV 文件',
  tooLarge: '对账单文件不能超过 10MB',
  badFile: '无法读取对账单文件，请确认文件为银行导出的 Excel 或 CSV',
  empty: '对账单文件为空',
  noRows: '对账单中没有入账（贷方）记录',
  tooManyRows: `对账单的入账记录超过 ${STATEMENT_MAX_ROWS} 条，请按日期分开导入`,
  missingColumns: () =>
    `未找到对账单的表头：须有${STATEMENT_FIELD_KEYS.map((k) => STATEMENT_FIELDS[k].label).join('、')}等列；列名不同时请先保存该银行的列名`,
};
const COLUMNS: readonly TableColumn[] = STATEMENT_FIELD_KEYS.map((key) => ({ header: STATEMENT_FIELDS[key].label, key }));

/** The statement's rows as the kit stages them: one credit a row (its fields in `extra`), a repeated transaction refused. */
function statementImport(bank: string, saved: Record<string, string> | null | undefined): StagedImport<StagedRow> {
  const seen = new Map<string, number>();
  return {
    kind: 'statement',
    columns: COLUMNS,
    locate: (cells) => headerAt(cells, saved),
    headerWithin: HEADER_WITHIN,
    maxRows: STATEMENT_MAX_ROWS,
    ttlMs: TTL_MS,
    chunkRows: 2000,
    messages: MESSAGES,
    read(row, at) {
      const credit = creditOf(row, at as Parameters<typeof creditOf>[1]);
      if (credit === null) return null;
      const cells = Object.fromEntries(STATEMENT_FIELD_KEYS.map((k) => [k, (row.cells[at[k]] ?? '').slice(0, 200)]));
      if (typeof credit === 'string')
        return {
          rowNo: row.rowNo,
          certNo: cells.txnId,
          name: cells.payerName,
          extra: { bank, cells },
          error: credit,
        };
      const first = seen.get(credit.txnId);
      if (first !== undefined)
        return {
          rowNo: row.rowNo,
          certNo: credit.txnId,
          name: credit.payerName,
          extra: { bank, cells },
          error: `交易流水号与第${first}行重复`,
        };
      seen.set(credit.txnId, row.rowNo);
      return { rowNo: row.rowNo, certNo: credit.txnId, name: credit.payerName, extra: { bank, cells, credit }, error: null };
    },
  };
}

const creditsOf = (rows: StagedRecord[]) => rows.map((r) => (r.extra as { credit: StatementCredit }).credit);
const bankOf = (rows: StagedRecord[]) => (rows[0]?.extra as { bank?: string } | undefined)?.bank ?? '';

/** 上传: the statement read, checked and staged; the answer is the preview with what loading would do. */
export async function stageStatement(ctx: HallContext, operator: OperatorCaller, bank: string, input: IncomingTable) {
  const fileName = input.fileName.split(/[\\/]/).pop() ?? '';
  const saved = await repo.formatOf(ctx.db, bank);
  const batch = await stageFile(ctx, statementImport(bank, saved?.columns), { ...input, fileName }, { operatorId: operator.accountId });
  const preview = await previewOf(ctx.db, batch, (r) => {
    const cells = ((r.extra as { cells?: Record<string, string> } | null)?.cells ?? {}) as Record<string, string>;
    return {
      rowNo: r.rowNo,
      txnId: cells.txnId ?? '',
      bookedOn: cells.bookedOn ?? '',
      amount: cells.amount ?? '',
      payerName: cells.payerName ?? '',
      reason: r.error ?? '',
    };
  });
  const staged = await validRows(ctx.db, batch.id);
  return { ...preview, bank, outcome: await previewStatementLoad(ctx, bank, creditsOf(staged)) };
}

/** 确认导入: in one transaction the batch leaves its preview (of two confirmations one wins) and its credits are loaded and matched. */
export async function confirmStatement(ctx: HallContext, operator: OperatorCaller, batchId: string) {
  const batch = await operatorBatch(ctx, operator, 'statement', batchId, 'opsStatementConfirm');
  const now = ctx.clock.now();
  return ctx.db.transaction(async (db) => {
    if (!(await claimBatch(db, 'statement', batchId, operatorOwner(operator), now, 'confirmed')))
      throw refuse(BUREAU_FILE_MESSAGES.batchGone);
    const rows = await validRows(db, batchId);
    if (rows.length === 0) throw refuse('对账单中没有可导入的入账记录');
    return loadStatementIn(ctx, db, operator.name, { bank: bankOf(rows), fileName: batch.fileName, credits: creditsOf(rows) });
  });
}

/** 放弃: the preview dropped, nothing written. */
export const discardStatement = (ctx: HallContext, operator: OperatorCaller, batchId: string) =>
  discardOperatorBatch(ctx, operator, 'statement', batchId, 'opsStatementDiscard');

/** 下载错误报告: every row of the statement that cannot be loaded, with its reason. */
export const sendStatementReport = (ctx: HallContext, operator: OperatorCaller, batchId: string, reply: FastifyReply) =>
  sendOperatorReport(
    ctx,
    operator,
    {
      kind: 'statement',
      batchId,
      call: 'opsStatementReport',
      columns: COLUMNS,
      cells: (r) => {
        const cells = ((r.extra as { cells?: Record<string, string> } | null)?.cells ?? {}) as Record<string, string>;
        return STATEMENT_FIELD_KEYS.map((k) => cells[k] ?? '');
      },
    },
    reply,
  );
