import type { Readable } from 'node:stream';
import { checkIdCard, checkUscc, numberCellMessage, REGISTRY_COLUMNS } from '@hall/shared';
import { auditOperator } from '../../lib/audit';
import { HallError, refuse } from '../../lib/hall-error';
import { formatOf, locateColumns, numericIn, readTable } from '../../lib/table-file';
import type { Db } from '../../db/client';
import type { HallContext } from '../../types';
import * as repo from './registry.repository';

/** The bureau's file (参保登记): CSV or Excel, header row first, columns in any order (shared: the console shows them). */
export { REGISTRY_COLUMNS };

/** The column that must be text (numberCellMessage). */
const CODE = ['code'] as const;
const KINDS: Record<string, repo.RegistryRow['kind']> = { 单位: 'unit', 个人: 'person' };
const STATES: Record<string, boolean> = { 参保: true, 停保: false };
/** Rows written per statement. */
const CHUNK = 2000;
/** Row errors kept in the answer (the count is always whole). */
const MAX_ERRORS = 200;

export interface RegistryLoadResult {
  loadId: number;
  fileName: string;
  rows: number;
  added: number;
  changed: number;
  unchanged: number;
  errorCount: number;
  errors: Array<{ rowNo: number; message: string }>;
  /** Units whose insured flag the load turned (needInsured follows at their next call). */
  units: Array<{ uact: string; insured: boolean }>;
  persons: number;
}

/** 2026-03-01, 2026/3/1, 2026.03.01, 20260301 → '2026-03-01'; null when it is not a day. */
export function dayOf(text: string): string | null {
  const m = /^(\d{4})[-/.年]?(\d{1,2})[-/.月]?(\d{1,2})日?$/.exec(text.trim());
  if (!m) return null;
  const day = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day ? day : null;
}

/** One row of the file checked: the registry row, or why it cannot be loaded. */
export function checkRegistryRow(cells: Record<string, string>): repo.RegistryRow | string {
  const kind = KINDS[cells.kind];
  if (!kind) return `类型“${cells.kind}”有误，应为“单位”或“个人”`;
  const code = cells.code.toUpperCase();
  if (!code) return kind === 'unit' ? '缺少统一社会信用代码' : '缺少身份证号码';
  if (kind === 'unit' && checkUscc(code)) return `统一社会信用代码“${cells.code}”有误`;
  if (kind === 'person' && checkIdCard(code)) return `身份证号码“${cells.code}”有误`;
  if (!cells.name) return '缺少名称';
  if (cells.name.length > 100) return '名称超过100个字';
  const active = STATES[cells.status];
  if (active === undefined) return `参保状态“${cells.status}”有误，应为“参保”或“停保”`;
  const since = cells.since ? dayOf(cells.since) : null;
  if (cells.since && !since) return `参保日期“${cells.since}”有误，应为 YYYY-MM-DD`;
  return { kind, code, name: cells.name, active, since };
}

/**
 * Loads the bureau's registry file, streamed: each row is checked (type, ID number or credit code,
 * status), bad rows are reported with their row number and the rest loaded, in one transaction
 * with the load's record; then units and people follow the registry. Loading the same file again
 * adds and changes nothing. The CLI's path (`ops registry-load`); the console stages the file
 * first (registry-stage.service.ts) and confirms through the same tail.
 */
export async function loadRegistry(
  ctx: HallContext,
  operator: string,
  file: { fileName: string; input: Readable },
): Promise<RegistryLoadResult> {
  const format = formatOf(file.fileName);
  if (!format) throw refuse('参保登记文件须为 .xlsx 或 .csv 格式');
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (db) => {
    const loadId = await repo.insertLoad(db, { fileName: file.fileName, operator, loadedAt: now });
    let at: Record<string, number> | null = null;
    const seen = new Map<string, number>();
    const errors: RegistryLoadResult['errors'] = [];
    let errorCount = 0;
    let rows = 0;
    let added = 0;
    let changed = 0;
    let chunk: repo.RegistryRow[] = [];
    const flush = async () => {
      const counts = await repo.upsertRegistry(db, loadId, chunk);
      added += counts.added;
      changed += counts.changed;
      chunk = [];
    };
    const fail = (rowNo: number, message: string) => {
      errorCount++;
      if (errors.length < MAX_ERRORS) errors.push({ rowNo, message });
    };
    try {
      for await (const tableRow of readTable(file.input, format)) {
        const { rowNo, cells } = tableRow;
        if (!at) {
          const located = locateColumns(cells, REGISTRY_COLUMNS);
          if ('missing' in located) throw refuse(`文件缺少列：${(located.missing as string[]).join('、')}（第一行须为表头）`);
          at = located as Record<string, number>;
          continue;
        }
        rows++;
        const columns = at;
        // A code the workbook holds as a number has lost its last digits.
        if (numericIn(tableRow, columns, CODE).length) {
          fail(rowNo, numberCellMessage('统一社会信用代码或身份证号码'));
          continue;
        }
        const row = checkRegistryRow(
          Object.fromEntries(REGISTRY_COLUMNS.map((c) => [c.key, columns[c.key] === undefined ? '' : (cells[columns[c.key]] ?? '')])),
        );
        if (typeof row === 'string') {
          fail(rowNo, row);
          continue;
        }
        const key = `${row.kind}:${row.code}`;
        const first = seen.get(key);
        if (first !== undefined) {
          fail(rowNo, `与第${first}行重复`);
          continue;
        }
        seen.set(key, rowNo);
        chunk.push(row);
        if (chunk.length >= CHUNK) await flush();
      }
    } catch (error) {
      // A refusal or a database fault goes on as it is; anything else is the file's parser failing.
      if (error instanceof HallError || (error as { code?: unknown }).code) throw error;
      throw refuse(`无法读取文件：${file.fileName}（请确认是有效的 .xlsx 或 UTF-8、GBK 编码的 .csv 文件）`);
    }
    if (!at) throw refuse('文件为空：第一行须为表头（类型、统一社会信用代码或身份证号码、名称、参保状态、参保日期）');
    await flush();
    const recorded = await recordRegistryLoad(db, now, operator, { loadId, fileName: file.fileName, rows, added, changed, errorCount });
    return { ...recorded, errors };
  });
  return result;
}

/**
 * A load's tail, the CLI's at-once load and the console's confirmation alike (in the load's
 * transaction): the record's counts, units and people following the registry, the audit row.
 */
export async function recordRegistryLoad(
  db: Db,
  now: Date,
  operator: string,
  load: { loadId: number; fileName: string; batchId?: string; rows: number; added: number; changed: number; errorCount: number },
): Promise<Omit<RegistryLoadResult, 'errors'>> {
  const { loadId, fileName, rows, added, changed, errorCount } = load;
  await repo.finishLoad(db, loadId, { rows, added, changed });
  const followed = await repo.followRegistry(db);
  await auditOperator(db, now, operator, {
    command: 'registry-load',
    fileName,
    loadId,
    ...(load.batchId ? { batchId: load.batchId } : {}),
    rows,
    added,
    changed,
    errors: errorCount,
  });
  return {
    loadId,
    fileName,
    rows,
    added,
    changed,
    unchanged: rows - errorCount - added - changed,
    errorCount,
    units: followed.units,
    persons: followed.persons,
  };
}

/** The registry's loads for the back office's history: newest first, at most 200. */
export async function registryLoads(ctx: HallContext) {
  const rows = await repo.registryLoadsOf(ctx.db, 200);
  return {
    list: rows.map((r) => ({
      id: r.id,
      fileName: r.fileName,
      operator: r.operator,
      rows: r.rows,
      added: r.added,
      changed: r.changed,
      rejected: 0,
      loadedAt: r.loadedAt.toISOString(),
    })),
  };
}
