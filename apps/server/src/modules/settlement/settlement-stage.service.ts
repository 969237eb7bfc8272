import type { FastifyReply } from 'fastify';
import { BUREAU_FILE_MESSAGES, cityUnion, maskCertNo, numberCellMessage, SETTLEMENT_COLUMNS } from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import {
  analyzeRows,
  claimBatch,
  type IncomingTable,
  previewOf,
  type StagedImport,
  type StagedRow,
  stageFile,
  tuneForBatch,
} from '../../lib/staged-import';
import { discardOperatorBatch, operatorBatch, operatorOwner, sendOperatorReport } from '../../lib/operator-file';
import { numericIn, type TableColumn } from '../../lib/table-file';
import type { HallContext, OperatorCaller } from '../../types';
import * as repo from './settlement.repository';
import { newTally, tallyMerge } from './settlement-chunk';
import { CERT_NO, type Cells, cellReader, checkSettlementRow, RowMemo } from './settlement-row';
import { finishSettlementLoad } from './settlement.service';

/**
 * The bureau's settlement file in the back office as a staged import (issue 19): uploaded, read
 * and checked row by row (checkSettlementRow, as the load) into import_rows with COPY
 * (lib/staged-import.ts), previewed (the invalid rows and their reasons; what confirming would
 * add, replace and reverse, counted over the whole batch), then confirmed in one transaction: the
 * staged rows go through the load's own staging table and merge (settlement.repository mergeChunk)
 * a range at a time, and the load's tail (record, treatments, audit). The batch is the operator's.
 */
export const SETTLEMENT_TOO_LARGE = '结算文件不能超过 200MB，请分批导入';
/** A preview waits an hour for its confirmation. */
const TTL_MS = 60 * 60_000;
/** Rows per COPY of the staging (about 3 MB of text). */
const CHUNK_ROWS = 10_000;
/** File rows per merged range at the confirmation (the load's chunk). */
const MERGE_ROWS = 10_000;
const MESSAGES = {
  fileType: '医保结算文件须为 .xlsx 或 .csv 格式',
  tooLarge: SETTLEMENT_TOO_LARGE,
  badFile: '无法读取文件（请确认是有效的 .xlsx 或 UTF-8、GBK 编码的 .csv 文件）',
  empty: '文件为空：第一行须为表头（结算单号、身份证号码、姓名、医院名称……）',
  noRows: '文件中没有数据行：第一行为表头，其下每行一笔结算',
  missingColumns: (missing: string[]) => `文件缺少列：${missing.join('、')}（第一行须为表头）`,
};
/** The settlement file's rows as the kit stages them: a valid row's settlement in `extra`, a bad row's number and reason. */
async function settlementImport(ctx: HallContext): Promise<StagedImport<StagedRow>> {
  const periods = await repo.periodSpans(ctx.db);
  const today = ctx.clock.now();
  const memo = new RowMemo();
  // The cell reader of the header's positions (the kit passes the same positions with every row).
  let reader: { at: Record<string, number>; cellsOf: (cells: string[]) => Cells } | null = null;
  return {
    kind: 'settlement',
    columns: SETTLEMENT_COLUMNS as readonly TableColumn[],
    ttlMs: TTL_MS,
    chunkRows: CHUNK_ROWS,
    messages: MESSAGES,
    read(row, at) {
      const { rowNo, cells } = row;
      if (reader?.at !== at) reader = { at, cellsOf: cellReader(at) };
      const c = reader.cellsOf(cells);
      const name = c.name.slice(0, 100);
      const refused = (error: string): StagedRow => ({
        rowNo,
        certNo: c.certNo.slice(0, 40),
        name,
        extra: { no: c.no.slice(0, 60) },
        error,
      });
      // An ID number the workbook holds as a number has lost its last digits.
      if (numericIn(row, at, CERT_NO).length) return refused(numberCellMessage('身份证号码'));
      const checked = checkSettlementRow(c, periods, today, memo);
      if (typeof checked === 'string') return refused(checked);
      // The period is looked up again at the confirmation (settlement.repository stagedRows).
      const { certNo, periodId: _period, ...settlement } = checked;
      return { rowNo, certNo, name, extra: settlement, error: null };
    },
  };
}

/** 上传: the file read, checked and staged; the answer is the preview with what confirming would write. */
export async function stageSettlements(ctx: HallContext, operator: OperatorCaller, input: IncomingTable) {
  const fileName = input.fileName.split(/[\\/]/).pop() ?? '';
  const batch = await stageFile(ctx, await settlementImport(ctx), { ...input, fileName }, { operatorId: operator.accountId });
  const preview = await previewOf(ctx.db, batch, (r) => ({
    rowNo: r.rowNo,
    settlementNo: String((r.extra as { no?: string } | null)?.no ?? ''),
    name: r.name ?? '',
    reason: r.error ?? '',
  }));
  // Counted over the whole batch as the confirmation's merge would: fresh statistics, room for its joins.
  await analyzeRows(ctx.db);
  const outcome = await ctx.db.transaction(async (db) => {
    await tuneForBatch(db);
    return repo.stagedOutcome(db, batch.id);
  });
  return { ...preview, ...outcome };
}

/**
 * 确认导入, in one transaction: the treatments lock (loads and payouts never interleave), the batch
 * leaves its preview (of two confirmations one wins), the load's record, then the valid rows a
 * range at a time through the load's staging table and merge (idempotent by settlement number:
 * a file confirmed twice changes nothing the second time), then the load's tail.
 */
export async function confirmSettlements(ctx: HallContext, operator: OperatorCaller, batchId: string) {
  const batch = await operatorBatch(ctx, operator, 'settlement', batchId, 'opsSettlementConfirm');
  const now = ctx.clock.now();
  return ctx.db.transaction(async (db) => {
    await repo.lockTreatments(db);
    if (!(await claimBatch(db, 'settlement', batchId, operatorOwner(operator), now, 'confirmed')))
      throw refuse(BUREAU_FILE_MESSAGES.batchGone);
    const loadId = await repo.insertLoad(db, { fileName: batch.fileName, operator: operator.name, createdAt: now });
    await repo.createStage(db);
    await repo.preferIndexes(db);
    const tally = newTally();
    let outsidePeriods = 0;
    const last = await repo.lastRowNo(db, batchId);
    for (let after = 0; after < last; after += MERGE_ROWS) {
      const staged = await repo.stageFromBatch(db, batchId, after, after + MERGE_ROWS);
      outsidePeriods += staged.outsidePeriods;
      if (staged.rows) tallyMerge(tally, await repo.mergeChunk(db, loadId, now));
    }
    return finishSettlementLoad(db, now, cityUnion(ctx.config.cityName), operator.name, {
      loadId,
      fileName: batch.fileName,
      batchId,
      rows: batch.total,
      rejected: batch.total - batch.valid,
      outsidePeriods,
      tally,
    });
  });
}

/** 放弃: the preview dropped, nothing written. */
export const discardSettlements = (ctx: HallContext, operator: OperatorCaller, batchId: string) =>
  discardOperatorBatch(ctx, operator, 'settlement', batchId, 'opsSettlementDiscard');

const SETTLEMENT_REPORT_COLUMNS: readonly TableColumn[] = [
  { header: '结算单号', key: 'no', width: 20 },
  { header: '身份证号码', key: 'certNo', width: 22 },
  { header: '姓名', key: 'name', width: 10 },
];

/** 下载错误报告: every invalid row of the operator's batch with its reason (ID numbers masked, like every list). */
export const sendSettlementReport = (ctx: HallContext, operator: OperatorCaller, batchId: string, reply: FastifyReply) =>
  sendOperatorReport(
    ctx,
    operator,
    {
      kind: 'settlement',
      batchId,
      call: 'opsSettlementReport',
      columns: SETTLEMENT_REPORT_COLUMNS,
      cells: (r) => [String((r.extra as { no?: string } | null)?.no ?? ''), maskCertNo(r.certNo), r.name],
    },
    reply,
  );
