import type { FastifyReply } from 'fastify';
import {
  ERROR_REPORT_SHEET,
  PSN_TYPE_LABELS,
  ROSTER_COLUMNS,
  ROSTER_FILE_MAX_BYTES,
  ROSTER_MAX_ROWS,
  ROSTER_TEXT_KEYS,
  ROSTER_TOO_LARGE,
  STAFF_MESSAGES,
  chinaDay,
  checkRosterRow,
  errorReportName,
  type PsnType,
  type RosterKey,
  type RosterPreview,
} from '@hall/shared';
import { auditCaller } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import {
  batchOf,
  claimBatch,
  discardBatch,
  type ImportBatch,
  type IncomingTable,
  invalidRowsOf,
  previewOf,
  rowsRead,
  setConfirmed,
  type StagedImport,
  type StagedRecord,
  stageFile,
  tuneForBatch,
} from '../../lib/staged-import';
import { isUniqueViolation } from '../../lib/unique-violation';
import { sendTable, sendTemplateTable } from '../../lib/table-export';
import { numericIn, type TableColumn } from '../../lib/table-file';
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

export type { IncomingTable };

/** The roster as a staged import: its columns, its limits, its row check and its checks over the whole batch. */
function rosterImport(today: string, unitId: number): StagedImport {
  return {
    kind: 'roster',
    columns: ROSTER_COLUMNS as unknown as TableColumn[],
    maxRows: ROSTER_MAX_ROWS,
    ttlMs: ROSTER_BATCH_TTL_MS,
    chunkRows: CHUNK,
    messages: {
      fileType: STAFF_MESSAGES.fileType,
      tooLarge: ROSTER_TOO_LARGE,
      badFile: STAFF_MESSAGES.badFile,
      noRows: STAFF_MESSAGES.noRows,
      tooManyRows: STAFF_MESSAGES.tooManyRows(ROSTER_MAX_ROWS),
      missingColumns: (missing) => STAFF_MESSAGES.missingColumns(missing as RosterKey[]),
    },
    read(row, at) {
      const { rowNo, cells } = row;
      const typed: Partial<Record<RosterKey, string>> = {
        name: cells[at.name],
        certNo: cells[at.certNo],
        psnType: cells[at.psnType],
        phone: cells[at.phone],
        bankName: cells[at.bankName],
        bankCard: cells[at.bankCard],
        joinedOn: cells[at.joinedOn],
      };
      if ((typed.name ?? '').startsWith(EXAMPLE_MARK)) return null;
      // An ID number, phone or card the workbook holds as a number is refused for its row.
      const checked = checkRosterRow(typed, today, numericIn(row, at, ROSTER_TEXT_KEYS));
      return { ...checked.row, rowNo, error: checked.error };
    },
    // Duplicates in the database (not a map of 460,000 ID numbers here), then against the hall.
    async checkStaged(db, batchId) {
      await repo.markDuplicates(db, batchId, { before: duplicateBefore, after: duplicateAfter });
      await repo.checkAgainstHall(db, batchId, unitId, hallChecks);
    },
  };
}

/**
 * 导入名单: the file is read as it arrives (never whole in memory), each row checked on its own
 * (checkRosterRow), staged in chunks, then checked in set-based statements against the rows before
 * it and against the hall (insured, registered name, open at another unit); lib/staged-import.ts.
 * Nothing touches staff: the answer is the preview; `confirmImport` writes.
 */
export async function importRoster(ctx: HallContext, caller: Caller<'unit'>, input: IncomingTable): Promise<RosterPreview> {
  const unit = caller.unit;
  const batch = await stageFile(ctx, rosterImport(chinaDay(ctx.clock.now()), unit.id), input, { unitId: unit.id });
  return previewOf(ctx.db, batch, shown);
}

/** 导入进度: the rows read so far of the unit's upload being checked (the dialog's 正在检查 counts them). */
export const importProgress = (caller: Caller<'unit'>, uploadId: string) => ({ rows: rowsRead(caller.unit.id, uploadId) });

const shown = (r: StagedRecord) => ({ rowNo: r.rowNo, name: r.name ?? '', certNo: r.certNo ?? '', reason: r.error ?? '' });

const batchGone = (call: string, ip?: string) => ({ call, gone: STAFF_MESSAGES.batchGone, ip });

/**
 * 确认导入: in ONE transaction, the batch is taken (preview → confirmed: a second confirmation
 * finds nothing to take and changes nothing), the rows checked again against the hall (someone
 * may have joined another unit since the preview), new persons inserted, bank details updated,
 * staff upserted, all with INSERT … SELECT from import_rows. A failure leaves nothing written.
 */
export async function confirmImport(ctx: HallContext, caller: Caller<'unit'>, batchId: string, ip?: string) {
  const unit = caller.unit;
  const now = ctx.clock.now();
  await batchOf(ctx, caller, 'roster', unit.id, batchId, batchGone('staffImportConfirm', ip), (b) => b.expiresAt > now);
  try {
    return await ctx.db.transaction(async (db) => {
      if (!(await claimBatch(db, 'roster', batchId, unit.id, now, 'confirmed'))) throw refuse(STAFF_MESSAGES.batchGone);
      await tuneForBatch(db);
      await repo.checkAgainstHall(db, batchId, unit.id, hallChecks);
      await repo.insertNewPersons(db, batchId, now);
      const banks = await repo.updateBanks(db, batchId);
      const { added, updated } = await repo.upsertStaff(db, batchId, unit.id, now);
      await setConfirmed(db, batchId, { valid: added + updated });
      await auditCaller(db, now, caller, 'staff-import', { batchId, added, updated, bankChanges: banks }, ip);
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
  const batch = await batchOf(ctx, caller, 'roster', caller.unit.id, batchId, batchGone('staffImportPreview', ip));
  return previewOf(ctx.db, batch, shown);
}

/** 取消: the preview is dropped; confirming it afterwards is refused. */
export async function discardImport(ctx: HallContext, caller: Caller<'unit'>, batchId: string, ip?: string) {
  const unitId = caller.unit.id;
  if (!(await discardBatch(ctx, 'roster', unitId, batchId)))
    await batchOf(ctx, caller, 'roster', unitId, batchId, batchGone('staffImportDiscard', ip), () => false);
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
  const usable = (b: ImportBatch) => b.expiresAt > now && b.state !== 'discarded';
  const batch = await batchOf(ctx, caller, 'roster', caller.unit.id, batchId, batchGone('staffImportReport', ip), usable);
  await auditCaller(ctx.db, now, caller, 'download', { call: 'staffImportReport', batchId }, ip);
  async function* rows() {
    for await (const r of invalidRowsOf(ctx.db, batchId)) {
      const psnType = r.psnType ?? '';
      yield [
        r.rowNo,
        r.name,
        r.certNo,
        PSN_TYPE_LABELS[psnType as PsnType] ?? psnType,
        r.phone,
        r.bankName,
        r.bankCard,
        r.joinedOn,
        r.error,
      ];
    }
  }
  return sendTable(reply, errorReportName('roster', batch.fileName), ERROR_REPORT_SHEET, REPORT_COLUMNS, rows());
}
