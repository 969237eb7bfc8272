import type { FastifyReply } from 'fastify';
import { BUREAU_FILE_MESSAGES, checkUscc, maskCertNo, numberCellMessage, REGISTRY_COLUMNS } from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import {
  claimBatch,
  type IncomingTable,
  previewOf,
  rowsRead,
  type StagedImport,
  type StagedRecord,
  type StagedRow,
  stageFile,
} from '../../lib/staged-import';
import { discardOperatorBatch, operatorBatch, operatorOwner, sendOperatorReport } from '../../lib/operator-file';
import { numericIn, type TableColumn } from '../../lib/table-file';
import type { HallContext, OperatorCaller } from '../../types';
import * as repo from './registry.repository';
import { checkRegistryRow, recordRegistryLoad } from './registry.service';

/**
 * The bureau's registry file in the back office as a staged import (issue 19): uploaded, read and
 * checked row by row into import_rows (lib/staged-import.ts), previewed (the invalid rows and
 * their reasons, what confirming would add and change), then confirmed in one transaction through
 * the load's own tail (registry.service: the load's record, units and people following the
 * registry, the audit row). The batch is the operator's (operator_id), not a unit's.
 */
export const REGISTRY_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const REGISTRY_TOO_LARGE = '参保登记文件不能超过 10MB';
/** A preview waits an hour for its confirmation, like the portal's. */
const TTL_MS = 60 * 60_000;
const MESSAGES = {
  fileType: '参保登记文件须为 .xlsx 或 .csv 格式',
  tooLarge: REGISTRY_TOO_LARGE,
  badFile: '无法读取文件（请确认是有效的 .xlsx 或 UTF-8、GBK 编码的 .csv 文件）',
  empty: '文件为空：第一行须为表头（类型、统一社会信用代码或身份证号码、名称、参保状态、参保日期）',
  noRows: '文件中没有数据行：第一行为表头，其下每行一个单位或个人',
  missingColumns: (missing: string[]) => `文件缺少列：${missing.join('、')}（第一行须为表头）`,
};
/** The column that must be text (numberCellMessage). */
const CODE = ['code'] as const;

/** The file's cells of a row as staged: what the preview and the error report show of a bad row. */
interface RegistryCells {
  kind: string;
  code: string;
  name: string;
  status: string;
  since: string;
}

const cellsOf = (r: StagedRecord): RegistryCells => {
  const extra = (r.extra ?? {}) as Partial<RegistryCells>;
  return { kind: extra.kind ?? '', code: r.certNo ?? '', name: r.name ?? '', status: extra.status ?? '', since: extra.since ?? '' };
};

/** A unit's credit code as it is; anything else (an ID number, or what may be one) masked, as every list shows it. */
const shownCode = (c: RegistryCells) => (checkUscc(c.code.toUpperCase()) ? maskCertNo(c.code) : c.code);

/** The registry's rows as the kit stages them: checked as the load checks them, a repeated code refused. */
function registryImport(): StagedImport<StagedRow> {
  const seen = new Map<string, number>();
  return {
    kind: 'registry',
    columns: REGISTRY_COLUMNS as readonly TableColumn[],
    ttlMs: TTL_MS,
    chunkRows: 2000,
    messages: MESSAGES,
    read(row, at) {
      const { rowNo, cells } = row;
      const cell = (key: string) => (at[key] === undefined ? '' : (cells[at[key]] ?? ''));
      const raw: RegistryCells = {
        kind: cell('kind'),
        code: cell('code'),
        name: cell('name'),
        status: cell('status'),
        since: cell('since'),
      };
      const extra = { kind: raw.kind.slice(0, 20), status: raw.status.slice(0, 20), since: raw.since.slice(0, 20) };
      const refused = (error: string): StagedRow => ({ rowNo, certNo: raw.code.slice(0, 40), name: raw.name.slice(0, 100), extra, error });
      // A code the workbook holds as a number has lost its last digits.
      if (numericIn(row, at, CODE).length) return refused(numberCellMessage('统一社会信用代码或身份证号码'));
      const checked = checkRegistryRow({ ...raw });
      if (typeof checked === 'string') return refused(checked);
      const key = `${checked.kind}:${checked.code}`;
      const first = seen.get(key);
      if (first !== undefined) return refused(`与第${first}行重复`);
      seen.set(key, rowNo);
      return {
        rowNo,
        certNo: checked.code,
        name: checked.name,
        psnType: checked.kind,
        joinedOn: checked.since,
        extra: { ...extra, active: checked.active },
        error: null,
      };
    },
  };
}

/** 上传: the file read, checked and staged; the answer is the preview (nothing else is written). */
export async function stageRegistry(ctx: HallContext, operator: OperatorCaller, input: IncomingTable) {
  const fileName = input.fileName.split(/[\\/]/).pop() ?? '';
  const batch = await stageFile(ctx, registryImport(), { ...input, fileName }, { operatorId: operator.accountId });
  const preview = await previewOf(ctx.db, batch, (r) => {
    const c = cellsOf(r);
    return { rowNo: r.rowNo, code: shownCode(c), name: c.name, reason: r.error ?? '' };
  });
  return { ...preview, ...(await repo.stagedOutcome(ctx.db, batch.id)) };
}

/**
 * 确认导入: in one transaction, the batch leaves its preview (of two confirmations one wins), its
 * valid rows are written to the registry by one set-based statement, and the load's tail follows
 * as for the CLI's load (the record with its counts and the operator, units and people, the audit).
 */
export async function confirmRegistry(ctx: HallContext, operator: OperatorCaller, batchId: string) {
  const batch = await operatorBatch(ctx, operator, 'registry', batchId, 'opsRegistryConfirm');
  const now = ctx.clock.now();
  return ctx.db.transaction(async (db) => {
    if (!(await claimBatch(db, 'registry', batchId, operatorOwner(operator), now, 'confirmed')))
      throw refuse(BUREAU_FILE_MESSAGES.batchGone);
    const loadId = await repo.insertLoad(db, { fileName: batch.fileName, operator: operator.name, loadedAt: now });
    const written = await repo.upsertStaged(db, loadId, batchId);
    return recordRegistryLoad(db, now, operator.name, {
      loadId,
      fileName: batch.fileName,
      batchId,
      rows: batch.total,
      ...written,
      errorCount: batch.total - batch.valid,
    });
  });
}

/** 放弃: the preview dropped, nothing written. */
export const discardRegistry = (ctx: HallContext, operator: OperatorCaller, batchId: string) =>
  discardOperatorBatch(ctx, operator, 'registry', batchId, 'opsRegistryDiscard');

/** 下载错误报告: every invalid row of the operator's batch, with its reason (ID numbers masked). */
export const sendRegistryReport = (ctx: HallContext, operator: OperatorCaller, batchId: string, reply: FastifyReply) =>
  sendOperatorReport(
    ctx,
    operator,
    {
      kind: 'registry',
      batchId,
      call: 'opsRegistryReport',
      columns: REGISTRY_COLUMNS as readonly TableColumn[],
      cells: (r) => {
        const c = cellsOf(r);
        return [c.kind, shownCode(c), c.name, c.status, c.since];
      },
    },
    reply,
  );

/** The rows read so far of the operator's upload (either bureau file), for the console's progress. */
export const bureauFileProgress = (operator: OperatorCaller, uploadId: string) => ({ rows: rowsRead(operatorOwner(operator), uploadId) });
