import {
  type ApplicationKind,
  applicationNo,
  type CallParsed,
  canApply,
  type Eligibility,
  type enrolmentContracts,
  errorReportName,
  FILE_MESSAGES,
  chinaDay,
  halfWidth,
} from '@hall/shared';
import { applyImportFields } from '@hall/shared/contracts/enrolment.ts';
import { auditRefusal } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import {
  batchOf,
  findBatch,
  type IncomingTable,
  invalidRowsOf,
  previewOf,
  setConfirmed,
  type StagedImport,
  stageFile,
} from '../../lib/staged-import';
import { formatOf, numericIn, type TableColumn } from '../../lib/table-file';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { Upload } from '../../lib/upload';
import type { Caller, HallContext } from '../../types';
import { APPLY_COLUMNS, checkApplyRow, type RawApplyRow, type RowProduct } from './apply-rows';
import * as repo from './apply.repository';
import { EDITABLE, insertDraft, LIVE_CONFLICT, NOT_EDITABLE } from './apply.service';
import { APPLICATION_MISSING, maskCertNo, windowRefusal } from './apply-view.service';

/*
 * Application import (applyHelpImport), a staged import (lib/staged-import.ts): the file is read as
 * it streams, every row checked (apply-rows.ts) a chunk at a time and staged in import_rows; the
 * clerk sees a preview and an error report. Nothing touches applications until
 * confirmApplyImport, which writes the valid rows in one transaction.
 */

type Calls = typeof enrolmentContracts;

const CHUNK = 1000;
const FILE_TYPE = '仅支持 Excel（.xlsx）或 CSV 文件，请下载导入模板填写';
/** The column that must be text (a number in the workbook has lost the ID number's last digits). */
const CERT_NO = ['certNo'] as const;
/** A preview waits this long for its confirmation. */
const BATCH_TTL_MS = 2 * 3_600_000;
const BATCH_MISSING = '导入批次不存在或已失效，请重新导入';

/** The error report's columns: the template's and the reason. */
export const ERROR_COLUMNS: readonly TableColumn[] = [
  { header: '行号', key: 'rowNo', width: 8 },
  ...APPLY_COLUMNS,
  { header: '错误原因', key: 'error', width: 48 },
];
export const TEMPLATE_COLUMNS: readonly TableColumn[] = APPLY_COLUMNS;

/** The import's fields (periodYear, kind, applicationId?), sent before the file, then the file, checked and staged as it streams. */
export async function receiveApplyImport(ctx: HallContext, caller: Caller<'unit'>, file: Upload, ip?: string) {
  const parsed = applyImportFields.safeParse(file.fields);
  if (!parsed.success) {
    file.stream.resume();
    throw refuse(parsed.error.issues[0].message);
  }
  return stage(ctx, caller, parsed.data, file, ip);
}

type Fields = ReturnType<typeof applyImportFields.parse>;

async function stage(ctx: HallContext, caller: Caller<'unit'>, fields: Fields, input: IncomingTable, ip?: string) {
  const unit = caller.unit;
  const now = ctx.clock.now();
  // A refusal before reading lets the rest of the file go by (the body is read to its end).
  const { period, kind } = await target(ctx, caller, fields, input.fileName, now, ip).catch((error) => {
    input.stream.resume();
    throw error;
  });
  const products: RowProduct[] = period.products.map((p) => ({
    code: p.code,
    name: p.name,
    maxShares: p.maxShares,
    eligibility: p.eligibility as Eligibility,
  }));
  const seen = new Map<string, number>();
  const spec: StagedImport<RawApplyRow> = {
    kind: 'apply',
    columns: APPLY_COLUMNS,
    ttlMs: BATCH_TTL_MS,
    chunkRows: CHUNK,
    messages: {
      fileType: FILE_TYPE,
      tooLarge: FILE_MESSAGES.tooLarge,
      badFile: '文件无法读取，请下载导入模板填写后另存为 .xlsx 或 .csv 再导入',
      empty: '导入文件是空的，请使用导入模板填写',
      noRows: '导入文件中没有人员数据，请在模板的标题行下方填写',
      missingColumns: (missing) => `导入文件缺少“${missing.join('”“')}”列，请使用导入模板`,
    },
    read(row, at) {
      const cell = (key: string) => (at[key] === undefined ? '' : (row.cells[at[key]] ?? ''));
      return {
        rowNo: row.rowNo,
        name: cell('name'),
        certNo: halfWidth(cell('certNo')),
        product: cell('product'),
        shares: cell('shares'),
        certNoAsNumber: numericIn(row, at, CERT_NO).length > 0,
      };
    },
    // Against the unit's staff and the lines held in the period, a chunk at a time; and the rows before.
    async check(chunk) {
      const certNos = [...new Set(chunk.map((r) => r.certNo.replace(/\s/g, '').toUpperCase()).filter((c) => c.length === 18))];
      const staffRows = await repo.unitStaffByCert(ctx.db, unit.id, certNos);
      const byCert = new Map(staffRows.map((r) => [r.certNo, r]));
      const held = await repo.liveLines(
        ctx.db,
        period.id,
        staffRows.map((r) => r.personId),
      );
      const live = new Map(held.map((h) => [`${h.personId}|${h.productCode}`, h.applicationId]));
      return chunk.map((raw) => {
        const row = checkApplyRow(raw, {
          products,
          today: now,
          staffOf: (certNo) => byCert.get(certNo),
          liveOf: (personId, code) => {
            const at = live.get(`${personId}|${code}`);
            return at === undefined ? undefined : at === fields.applicationId ? 'this' : 'elsewhere';
          },
          earlierRow: (certNo, code) => seen.get(`${certNo}|${code}`),
        });
        if (row.dupKey && !seen.has(row.dupKey)) seen.set(row.dupKey, row.rowNo);
        return {
          rowNo: row.rowNo,
          certNo: row.certNo.slice(0, 40),
          name: row.name.slice(0, 50),
          productCode: row.productCode.slice(0, 50),
          shares: row.shares,
          error: row.error,
        };
      });
    },
  };
  const batch = await stageFile(ctx, spec, input, { unitId: unit.id, periodId: period.id, applicationId: fields.applicationId ?? null });
  // The application's preview states no end (its contract has none): the batch waits BATCH_TTL_MS.
  const { expiresAt: _, ...preview } = await previewOf(ctx.db, batch, (r) => ({
    rowNo: r.rowNo,
    name: r.name ?? '',
    certNo: maskCertNo(r.certNo ?? ''),
    productCode: r.productCode ?? '',
    reason: r.error ?? '',
  }));
  return { ...preview, periodYear: period.year, kind, applicationId: fields.applicationId ?? null };
}

/** The period and the kind the file goes to (the draft's when it names one), or the refusal. */
async function target(ctx: HallContext, caller: Caller<'unit'>, fields: Fields, fileName: string, now: Date, ip?: string) {
  if (!formatOf(fileName)) throw refuse(FILE_TYPE);
  const period = await repo.periodByYear(ctx.db, fields.periodYear);
  if (!period) throw refuse(`${fields.periodYear}年度互助期不存在`);
  if (!fields.applicationId) {
    if (!canApply(period, fields.kind, chinaDay(now))) throw refuse(windowRefusal(period, fields.kind));
    return { period, kind: fields.kind as ApplicationKind };
  }
  const app = await repo.findApplication(ctx.db, fields.applicationId, repo.ownScope(caller.unit.id));
  if (!app) {
    await auditRefusal(ctx.db, now, caller, { call: 'applyHelpImport', id: fields.applicationId }, ip);
    throw refuse(APPLICATION_MISSING);
  }
  if (!EDITABLE.includes(app.state)) throw refuse(NOT_EDITABLE);
  if (app.periodId !== period.id) throw refuse(`该申请属于${app.periodYear}年度，请选择相同的互助期`);
  return { period, kind: app.kind as ApplicationKind };
}

/**
 * Writes a preview's valid rows in ONE transaction: the draft (when the import named none), every
 * valid line with one INSERT … SELECT, the amounts, the batch marked confirmed. A failure at any
 * point leaves nothing written.
 */
export async function confirmApplyImport(
  ctx: HallContext,
  caller: Caller<'unit'>,
  input: CallParsed<Calls['applyImportConfirm']>,
  ip?: string,
) {
  const unit = caller.unit;
  const now = ctx.clock.now();
  const today = chinaDay(now);
  try {
    await batchOf(ctx, caller, 'apply', unit.id, input.batchId, { call: 'confirmApplyImport', gone: BATCH_MISSING, ip }, () => true);
    return await ctx.db.transaction(async (db) => {
      const batch = await findBatch(db, 'apply', input.batchId, unit.id, true);
      if (!batch) throw refuse(BATCH_MISSING);
      if (batch.state === 'confirmed') throw refuse('该批次已确认导入，请勿重复确认');
      if (batch.state !== 'preview' || batch.expiresAt < now) throw refuse('导入预览已过期，请重新导入');
      if (batch.valid === 0) throw refuse('没有可导入的有效行，请按错误报告修改后重新导入');
      const period = await repo.periodById(db, batch.periodId!);
      let applicationId = batch.applicationId;
      if (applicationId) {
        const app = await repo.lockApplication(db, applicationId, repo.ownScope(unit.id));
        if (!app) throw refuse(APPLICATION_MISSING);
        if (!EDITABLE.includes(app.state)) throw refuse(NOT_EDITABLE);
      } else {
        const kind: ApplicationKind = input.kind ?? (canApply(period, 'new', today) ? 'new' : 'add');
        if (!canApply(period, kind, today)) throw refuse(windowRefusal(period, kind));
        applicationId = await insertDraft(db, caller, period.id, kind, now, `Excel导入新建（${batch.fileName}）`);
      }
      const added = await repo.copyValidRows(db, { batchId: batch.id, applicationId, periodId: period.id, unitId: unit.id });
      const totals = await repo.recompute(db, applicationId, now);
      await setConfirmed(db, batch.id, { applicationId });
      return { applicationId, no: applicationNo(period.year, applicationId), added, skipped: batch.valid - added, ...totals };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(LIVE_CONFLICT);
    throw error;
  }
}

/** The invalid rows of one of the unit's batches, for the error report (full ID numbers: the clerk's own file). */
export async function errorReport(ctx: HallContext, caller: Caller<'unit'>, batchId: string, ip?: string) {
  const refusal = { call: 'downloadImportErrors', gone: BATCH_MISSING, ip };
  const batch = await batchOf(ctx, caller, 'apply', caller.unit.id, batchId, refusal, () => true);
  async function* rows() {
    for await (const r of invalidRowsOf(ctx.db, batch.id)) {
      yield [r.rowNo, r.name, r.certNo, r.productCode ?? '', r.shares ?? '', r.error ?? ''];
    }
  }
  return { fileName: errorReportName('apply', batch.fileName), rows: rows() };
}
