import type { Readable } from 'node:stream';
import { cityUnion, numberCellMessage, SETTLEMENT_COLUMNS } from '@hall/shared';
import { auditOperator } from '../../lib/audit';
import { HallError, refuse } from '../../lib/hall-error';
import { type Phases, phase } from '../../lib/phases';
import { formatOf, locateColumns, numericIn, readTableBatches } from '../../lib/table-file';
import { type RecomputeOutcome, recompute } from './recompute.service';
import { ChunkWriter, type LoadTally, newTally, SettlementChunk } from './settlement-chunk';
import { CERT_NO, type Cells, cellReader, checkSettlementRow, RowMemo } from './settlement-row';
import * as repo from './settlement.repository';
import type { SettlementContext } from './settlement.repository';
import type { Db } from '../../db/client';

/**
 * The insurance bureau's settlement file (医保结算): CSV or Excel, header row first, columns in any
 * order, amounts in yuan. Streamed and written in chunks; idempotent by settlement number.
 */
/** The bureau's settlement file over the operator API: 200 MB (a year of a large city is about 1 GB, loaded in parts or by the CLI). */
export const SETTLEMENT_FILE_MAX_BYTES = 200 * 1024 * 1024;

/** The columns (shared: the console shows them to the clerk). */
export { SETTLEMENT_COLUMNS };
/** Rows staged per COPY (about 1.7 MB of text). */
const CHUNK = 10_000;
/** Row errors kept in the answer (the count is always whole). */
const MAX_ERRORS = 200;
export interface SettlementLoadResult {
  loadId: number;
  fileName: string;
  rows: number;
  added: number;
  replaced: number;
  unchanged: number;
  skipped: number;
  rejected: number;
  outsidePeriods: number;
  errors: Array<{ rowNo: number; message: string }>;
  treatments: RecomputeOutcome;
}

/**
 * What a load may be given besides the file: a profile sink (bench), a smaller chunk (tests of the
 * chunk merge), fewer people kept by ID number (tests of the bound), fewer people per batch of the
 * treatments' computation (tests of its pipeline).
 */
export interface LoadOptions {
  phases?: Phases;
  chunkRows?: number;
  personsKept?: number;
  batchPeople?: number;
}

/**
 * Loads the bureau's settlement file, streamed, in one transaction with the load's record:
 * - each row is checked; bad rows are reported with their row number and reason, the rest loaded;
 * - rows of people the hall does not know are skipped and counted;
 * - a known settlement number is replaced when the row differs (a correction, or a reversal 冲销),
 *   and left as it is when not; within one file a later row of the same number replaces an earlier;
 * - the period is the one whose dates hold the discharge date (none: stored, no treatment);
 * - then the treatments of every person × period a written row touched are computed again
 *   (recompute.service), with their mail.
 * Chunks of checked rows are written into settlements (settlement-chunk.ts: copied when new,
 * merged when not) while the next chunk is read: the database's share runs beside the reading.
 * Loads and payout batches never interleave (the treatments lock). The CLI's path (`ops
 * settlement-load`, the demo seed, the bench); the console stages the file first
 * (settlement-stage.service.ts) and confirms through the same merge and tail.
 */
export async function loadSettlements(
  ctx: SettlementContext,
  operator: string,
  file: { fileName: string; input: Readable },
  options: LoadOptions = {},
): Promise<SettlementLoadResult> {
  const { phases, chunkRows: chunkSize = CHUNK, personsKept, batchPeople } = options;
  const format = formatOf(file.fileName);
  if (!format) throw refuse('医保结算文件须为 .xlsx 或 .csv 格式');
  const now = ctx.clock.now();
  const sender = cityUnion(ctx.config.cityName);
  return ctx.db.transaction(async (db) => {
    await repo.lockTreatments(db);
    const periods = await repo.periodSpans(db);
    const loadId = await repo.insertLoad(db, { fileName: file.fileName, operator, createdAt: now });
    await repo.createStage(db);
    await repo.preferIndexes(db);
    const errors: SettlementLoadResult['errors'] = [];
    const counts = { rows: 0, rejected: 0, outsidePeriods: 0 };
    const tally = newTally();
    const memo = new RowMemo();
    let at: Record<string, number> | null = null;
    const chunk = new SettlementChunk();
    const writer = new ChunkWriter(db, loadId, now, tally, phases, personsKept);
    // A chunk is written while the next one is read and checked (the statements run in the
    // database, the parsing here): at most one chunk is in flight, its failure surfaces at the
    // next flush.
    let writing: Promise<void> = Promise.resolve();
    let failure: unknown = null;
    const flush = async () => {
      await phase(phases, 'wait for the chunk in flight', () => writing);
      if (failure) throw failure;
      if (chunk.size === 0) return;
      writing = writer.write(chunk.take()).catch((error) => {
        failure = error;
      });
    };
    const started = performance.now();
    try {
      // Each row's cells by key, from the header's positions (made once the header is read).
      let cellsOf: (cells: string[]) => Cells = () => {
        throw new Error('no header');
      };
      for await (const batch of readTableBatches(file.input, format)) {
        for (const tableRow of batch) {
          const { rowNo, cells } = tableRow;
          if (!at) {
            const located = locateColumns(cells, SETTLEMENT_COLUMNS);
            if ('missing' in located) throw refuse(`文件缺少列：${(located.missing as string[]).join('、')}（第一行须为表头）`);
            at = located as Record<string, number>;
            const columns = at;
            cellsOf = cellReader(columns);
            continue;
          }
          counts.rows++;
          // An ID number the workbook holds as a number has lost its last digits.
          if (tableRow.numeric && numericIn(tableRow, at, CERT_NO).length) {
            counts.rejected++;
            if (errors.length < MAX_ERRORS) errors.push({ rowNo, message: numberCellMessage('身份证号码') });
            continue;
          }
          const row = checkSettlementRow(cellsOf(cells), periods, now, memo);
          if (typeof row === 'string') {
            counts.rejected++;
            if (errors.length < MAX_ERRORS) errors.push({ rowNo, message: row });
            continue;
          }
          if (row.periodId === null) counts.outsidePeriods++;
          chunk.add(row, rowNo);
          if (chunk.size >= chunkSize) await flush();
        }
      }
    } catch (error) {
      // A refusal or a database fault goes on as it is; anything else is the file's parser failing.
      if (error instanceof HallError || (error as { code?: unknown }).code) throw error;
      throw refuse(`无法读取文件：${file.fileName}（请确认是有效的 .xlsx 或 UTF-8、GBK 编码的 .csv 文件）`);
    }
    if (!at) throw refuse('文件为空：第一行须为表头（结算单号、身份证号码、姓名、医院名称……）');
    if (phases) phases['read + check loop (incl. waits)'] = performance.now() - started;
    await flush();
    await flush(); // the last chunk's write
    // What the reading kept (people and ID numbers by the 100,000) is not the computation's: let it go.
    writer.forget();
    memo.forget();
    const result = await finishSettlementLoad(db, now, sender, operator, {
      loadId,
      fileName: file.fileName,
      ...counts,
      tally,
      phases,
      batchPeople,
    });
    return { ...result, errors };
  });
}

/**
 * A load's tail, the CLI's at-once load and the console's confirmation alike (in the load's
 * transaction, every chunk merged): the record's counts, the treatments of every pair touched
 * computed again (recompute.service, with their mail), the audit row.
 */
export async function finishSettlementLoad(
  db: Db,
  now: Date,
  sender: string,
  operator: string,
  load: {
    loadId: number;
    fileName: string;
    batchId?: string;
    rows: number;
    rejected: number;
    outsidePeriods: number;
    tally: LoadTally;
    phases?: Phases;
    batchPeople?: number;
  },
): Promise<Omit<SettlementLoadResult, 'errors'>> {
  const { loadId, fileName, rows, rejected, outsidePeriods, tally, phases, batchPeople } = load;
  const { added, replaced } = tally;
  const skipped = rows - rejected - tally.known;
  const unchanged = tally.known - added - replaced;
  await repo.finishLoad(db, loadId, {
    rowsTotal: rows,
    rowsNew: added,
    rowsReplaced: replaced,
    rowsUnchanged: unchanged,
    rowsSkipped: skipped,
    rowsRejected: rejected,
  });
  const treatments = await phase(phases, 'recompute (all)', () =>
    recompute(db, now, sender, tally.touched, { loadId, phases, batchPeople }),
  );
  await auditOperator(db, now, operator, {
    command: 'settlement-load',
    fileName,
    loadId,
    ...(load.batchId ? { batchId: load.batchId } : {}),
    rows,
    added,
    replaced,
    unchanged,
    skipped,
    rejected,
    treatments,
  });
  return { loadId, fileName, rows, added, replaced, unchanged, skipped, rejected, outsidePeriods, treatments };
}

/** The settlement file's loads for the back office's history: newest first, at most 200. */
export async function settlementLoads(ctx: SettlementContext) {
  const rows = await repo.settlementLoadsOf(ctx.db, 200);
  return {
    list: rows.map((r) => ({
      id: r.id,
      fileName: r.fileName,
      operator: r.operator,
      rows: r.rowsTotal,
      added: r.rowsNew,
      changed: r.rowsReplaced,
      rejected: r.rowsRejected,
      loadedAt: r.createdAt.toISOString(),
    })),
  };
}

/** Payout batches for finance: newest first, at most 200. */
export async function payoutBatches(ctx: SettlementContext, kind?: 'treatment' | 'claim') {
  const rows = await repo.payoutBatchesOf(ctx.db, kind, 200);
  return {
    list: rows.map((b) => ({
      ...b,
      kind: b.kind as 'treatment' | 'claim',
      state: b.state as 'sent' | 'closed',
      closedAt: b.closedAt?.toISOString() ?? null,
      createdAt: b.createdAt.toISOString(),
    })),
  };
}
