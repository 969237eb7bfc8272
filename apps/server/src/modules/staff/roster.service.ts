import { ROSTER_FILE_MAX_BYTES, ROSTER_TOO_LARGE } from '@hall/shared';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import {
  PSN_TYPE_LABELS,
  ROSTER_COLUMNS,
  ROSTER_MAX_ROWS,
  ROSTER_TEXT_KEYS,
  STAFF_MESSAGES,
  chinaDay,
  checkRosterRow,
  type PsnType,
  type RosterKey,
  type RosterPreview,
} from '@hall/shared';
import type { Db } from '../../db/client';
import { audit, auditRefusal } from '../../lib/audit';
import { ERROR_REPORT_SHEET, errorReportName } from '@hall/shared';
import { HallError, refuse } from '../../lib/hall-error';
import { isUniqueViolation } from '../../lib/unique-violation';
import { sendTable, sendTemplateTable } from '../../lib/table-export';
import { formatOf, locateColumns, numericIn, readTable, type TableColumn } from '../../lib/table-file';
import type { Caller, HallContext } from '../../types';
import * as repo from './roster.repository';

/**
 * A roster file may be larger than other uploads (10 MB, about 230,000 rows): 40 MB holds the
 * 500,000 rows a roster may have, as .xlsx (about 22 MB) or as .csv (about 38 MB). The file is
 * streamed to a temporary file (xlsx) or read line by line (csv), never held in memory; one byte
 * more than this is refused with ROSTER_TOO_LARGE.
 */
export { ROSTER_FILE_MAX_BYTES, ROSTER_TOO_LARGE };
/** A preview waits this long for its confirmation. */
export const ROSTER_BATCH_TTL_MS = 60 * 60_000;
/** Rows staged per COPY (10,000 rows: about 1 MB of text). */
const CHUNK = 10_000;
/**
 * Chunks written at once, each on a connection of its own, while the next is read: the database
 * (a foreign-key check, the primary key and the heap for every row) is the slower side, and two
 * statements use both cores of a small server (on PGlite they simply queue).
 */
const IN_FLIGHT = 2;
/** Invalid rows the preview shows (the report has them all). */
const PREVIEW_INVALID = 100;
/** The template's example row starts so; the import skips such rows. */
export const EXAMPLE_MARK = '示例';

/** The duplicate row's message around the first row's number (one text, STAFF_MESSAGES; the database fills in the number). */
const [duplicateBefore, duplicateAfter] = STAFF_MESSAGES.duplicateRow(-1).split('-1');

const hallChecks = {
  notInsured: STAFF_MESSAGES.notInsured,
  nameMismatch: STAFF_MESSAGES.nameMismatch,
  openElsewhere: STAFF_MESSAGES.openElsewhere,
};

/** 下载模板: the columns, and an example row (skipped on import) that lists the person types. */
export function sendTemplate(reply: FastifyReply) {
  const example = [
    `${EXAMPLE_MARK}：张三（此行为填写示例，导入时自动跳过）`,
    '430102198503150022',
    `在职职工（可填：${Object.values(PSN_TYPE_LABELS).join('、')}）`,
    '13800000000 或 0731-88888888（可不填）',
    '中国工商银行长沙分行（可不填）',
    '6222020000000000000（可不填，填写时须同时填开户银行）',
    '2024-03-01',
  ];
  return sendTemplateTable(reply, '互助人员导入模板.xlsx', '互助人员', ROSTER_COLUMNS as unknown as TableColumn[], [example]);
}

export interface IncomingTable {
  fileName: string;
  stream: Readable;
  /** Whether the parser cut the file at its size limit. */
  truncated(): boolean;
}

/** What a reading failure means to the clerk: too large, or not a table we can read. */
function readFailure(error: unknown, input: IncomingTable): Error {
  if (error instanceof HallError) return error;
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || input.truncated()) return refuse(ROSTER_TOO_LARGE);
  return refuse(STAFF_MESSAGES.badFile);
}

/**
 * 导入名单: the file is read as it arrives (never whole in memory), each row checked on its own
 * (checkRosterRow), staged in chunks, then checked in set-based statements against the rows before
 * it (duplicates: in the database, not in a map of 460,000 ID numbers here) and against the hall
 * (insured, registered name, open at another unit).
 * Nothing touches staff: the answer is the preview; `confirmImport` writes.
 */
export async function importRoster(ctx: HallContext, caller: Caller<'unit'>, input: IncomingTable): Promise<RosterPreview> {
  const unit = caller.unit;
  const format = formatOf(input.fileName);
  if (!format) throw refuse(STAFF_MESSAGES.fileType);
  const now = ctx.clock.now();
  const today = chinaDay(now);
  await repo.sweepExpired(ctx.db, now, ROSTER_BATCH_TTL_MS);
  const batchId = randomUUID();
  await repo.createBatch(ctx.db, { id: batchId, unitId: unit.id, fileName: input.fileName.slice(0, 200) }, now);
  try {
    await stageRows(ctx.db, batchId, input, format, today);
    await repo.analyzeRows(ctx.db);
    const counts = await ctx.db.transaction(async (db) => {
      await repo.tuneForBatch(db);
      await repo.markDuplicates(db, batchId, { before: duplicateBefore, after: duplicateAfter });
      await repo.checkAgainstHall(db, batchId, unit.id, hallChecks);
      return repo.countRows(db, batchId);
    });
    if (counts.total === 0) throw refuse(STAFF_MESSAGES.noRows);
    const expiresAt = new Date(now.getTime() + ROSTER_BATCH_TTL_MS);
    await repo.finishBatch(ctx.db, batchId, counts, expiresAt);
    return await previewOf(ctx.db, { id: batchId, fileName: input.fileName, ...counts, expiresAt });
  } catch (error) {
    await repo.deleteBatch(ctx.db, batchId);
    throw error;
  }
}

/** The preview of a staged batch: its counts and its first invalid rows (the report has them all). */
async function previewOf(
  db: Db,
  batch: { id: string; fileName: string; total: number; valid: number; expiresAt: Date },
): Promise<RosterPreview> {
  const invalid = await repo.invalidRows(db, batch.id, PREVIEW_INVALID);
  return {
    batchId: batch.id,
    fileName: batch.fileName,
    total: batch.total,
    valid: batch.valid,
    invalid: batch.total - batch.valid,
    expiresAt: batch.expiresAt.toISOString(),
    invalidRows: invalid.map((r) => ({ rowNo: r.rowNo, name: r.name, certNo: r.certNo, reason: r.error ?? '' })),
  };
}

/** The file's bytes as they come, failing (as the upload limit does) past ROSTER_FILE_MAX_BYTES. */
function metered(input: Readable): Readable {
  return Readable.from(
    (async function* () {
      let bytes = 0;
      for await (const chunk of input as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > ROSTER_FILE_MAX_BYTES)
          throw Object.assign(new Error(`roster file over ${ROSTER_FILE_MAX_BYTES} bytes`), { code: 'FST_REQ_FILE_TOO_LARGE' });
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}

/** Reads, checks and stages every row; chunks are written while the next ones are read. */
async function stageRows(db: Db, batchId: string, input: IncomingTable, format: 'xlsx' | 'csv', today: string) {
  const rows = readTable(metered(input.stream), format)[Symbol.asyncIterator]();
  const next = async () => {
    try {
      return await rows.next();
    } catch (error) {
      throw readFailure(error, input);
    }
  };
  const flights: Promise<void>[] = [];
  try {
    const first = await next();
    if (first.done) throw refuse(STAFF_MESSAGES.noRows);
    const at = locateColumns(first.value.cells, ROSTER_COLUMNS as unknown as TableColumn[]);
    if ('missing' in at) throw refuse(STAFF_MESSAGES.missingColumns(at.missing as string[]));
    let chunk = new repo.StagedChunk(batchId);
    let staged = 0;
    const flush = async () => {
      if (flights.length >= IN_FLIGHT) await flights.shift();
      const flight = repo.insertRows(db, chunk);
      flight.catch(() => undefined); // awaited later; never an unhandled rejection meanwhile
      flights.push(flight);
      chunk = new repo.StagedChunk(batchId);
    };
    for (let r = await next(); !r.done; r = await next()) {
      const { rowNo, cells } = r.value;
      const typed: Partial<Record<RosterKey, string>> = {
        name: cells[at.name],
        certNo: cells[at.certNo],
        psnType: cells[at.psnType],
        phone: cells[at.phone],
        bankName: cells[at.bankName],
        bankCard: cells[at.bankCard],
        joinedOn: cells[at.joinedOn],
      };
      if ((typed.name ?? '').startsWith(EXAMPLE_MARK)) continue;
      if (++staged > ROSTER_MAX_ROWS) throw refuse(STAFF_MESSAGES.tooManyRows(ROSTER_MAX_ROWS));
      // An ID number, phone or card the workbook holds as a number is refused for its row.
      const checked = checkRosterRow(typed, today, numericIn(r.value, at, ROSTER_TEXT_KEYS));
      chunk.push(checked.row, rowNo, checked.error);
      if (chunk.length >= CHUNK) await flush();
    }
    if (input.truncated()) throw refuse(ROSTER_TOO_LARGE);
    await flush();
  } finally {
    // Whatever happened, no statement of this batch is still running when the caller goes on
    // (to the checks, or to deleting the batch), and the reader lets go of its file.
    await Promise.allSettled(flights);
    await rows.return?.(undefined);
  }
  for (const flight of flights) await flight;
}

/** A batch id that is not the caller's (another unit's, none, past its hour): audited when it is another's. */
async function refuseBatch(ctx: HallContext, caller: Caller<'unit'>, batchId: string, call: string, ip?: string): Promise<never> {
  const other = await repo.batchExists(ctx.db, batchId);
  if (other && other.unitId !== caller.unit.id) await auditRefusal(ctx.db, ctx.clock.now(), caller, { call, batchId }, ip);
  throw refuse(STAFF_MESSAGES.batchGone);
}

/**
 * 确认导入: in ONE transaction, the batch is taken (preview → confirmed: a second confirmation
 * finds nothing to take and changes nothing), the rows checked again against the hall (someone
 * may have joined another unit since the preview), new persons inserted, bank details updated,
 * staff upserted, all with INSERT … SELECT from import_rows. A failure leaves nothing written.
 */
export async function confirmImport(ctx: HallContext, caller: Caller<'unit'>, batchId: string, ip?: string) {
  const unit = caller.unit;
  const now = ctx.clock.now();
  if (!(await repo.ownBatch(ctx.db, batchId, unit.id, now))) return refuseBatch(ctx, caller, batchId, 'staffImportConfirm', ip);
  try {
    return await ctx.db.transaction(async (db) => {
      if (!(await repo.claimBatch(db, batchId, unit.id, now))) throw refuse(STAFF_MESSAGES.batchGone);
      await repo.tuneForBatch(db);
      await repo.checkAgainstHall(db, batchId, unit.id, hallChecks);
      await repo.insertNewPersons(db, batchId, now);
      const banks = await repo.updateBanks(db, batchId);
      const { added, updated } = await repo.upsertStaff(db, batchId, unit.id, now);
      await repo.setBatchValid(db, batchId, added + updated);
      await audit(db, now, {
        actorKind: 'unit',
        actorKey: caller.loginName,
        action: 'staff-import',
        ip,
        detail: { batchId, added, updated, bankChanges: banks },
      });
      return { imported: added + updated, added, updated };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(STAFF_MESSAGES.changedSincePreview);
    throw error;
  }
}

/**
 * 导入预览: the preview of a batch still waiting for 确认导入, as the upload answered it: the to-do
 * (待确认的花名册导入) reopens it after the dialog was left. A batch confirmed, discarded, past its
 * hour or not the caller's is refused as gone.
 */
export async function importPreview(ctx: HallContext, caller: Caller<'unit'>, batchId: string, ip?: string): Promise<RosterPreview> {
  const batch = await repo.ownBatch(ctx.db, batchId, caller.unit.id, ctx.clock.now());
  if (!batch || batch.state !== 'preview') return refuseBatch(ctx, caller, batchId, 'staffImportPreview', ip);
  return previewOf(ctx.db, batch);
}

/** 取消: the preview is dropped; confirming it afterwards is refused. */
export async function discardImport(ctx: HallContext, caller: Caller<'unit'>, batchId: string, ip?: string) {
  if (!(await repo.discardBatch(ctx.db, batchId, caller.unit.id, ctx.clock.now())))
    return refuseBatch(ctx, caller, batchId, 'staffImportDiscard', ip);
  return null;
}

const REPORT_COLUMNS: readonly TableColumn[] = [
  { header: '行号', key: 'rowNo', width: 8 },
  ...(ROSTER_COLUMNS as unknown as TableColumn[]),
  { header: '错误原因', key: 'error', width: 60 },
];

/** 下载错误报告: the invalid rows as the clerk wrote them, with 错误原因, to fix and upload again. */
export async function sendImportReport(ctx: HallContext, caller: Caller<'unit'>, batchId: string, reply: FastifyReply, ip?: string) {
  const now = ctx.clock.now();
  const batch = await repo.ownBatch(ctx.db, batchId, caller.unit.id, now);
  if (!batch || batch.state === 'discarded') return refuseBatch(ctx, caller, batchId, 'staffImportReport', ip);
  await audit(ctx.db, now, {
    actorKind: 'unit',
    actorKey: caller.loginName,
    action: 'download',
    ip,
    detail: { call: 'staffImportReport', batchId },
  });
  async function* rows() {
    let after = 0;
    for (;;) {
      const chunk = await repo.invalidRows(ctx.db, batchId, 2000, after);
      for (const r of chunk) {
        yield [
          r.rowNo,
          r.name,
          r.certNo,
          PSN_TYPE_LABELS[r.psnType as PsnType] ?? r.psnType,
          r.phone,
          r.bankName,
          r.bankCard,
          r.joinedOn,
          r.error,
        ];
      }
      if (chunk.length < 2000) return;
      after = chunk[chunk.length - 1].rowNo;
    }
  }
  return sendTable(reply, errorReportName('roster', batch.fileName), ERROR_REPORT_SHEET, REPORT_COLUMNS, rows());
}
