import type { Readable } from 'node:stream';
import { cityUnion, checkIdCard, fenOfYuan, normalizeDay, numberCellMessage, SETTLEMENT_COLUMNS } from '@hall/shared';
import { auditOperator } from '../../lib/audit';
import { HallError, refuse } from '../../lib/hall-error';
import { type Phases, phase } from '../../lib/phases';
import { detachedCell, formatOf, locateColumns, numericIn, readTableBatches } from '../../lib/table-file';
import { type RecomputeOutcome, recompute } from './recompute.service';
import { ChunkWriter, type LoadTally, newTally, SettlementChunk } from './settlement-chunk';
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
type Key = 'no' | 'certNo' | 'name' | 'hospital' | 'level' | 'kind' | 'admitted' | 'discharged' | 'settled' | 'total' | 'policy';
type Cells = Record<Key | 'fund' | 'selfPolicy' | 'selfExcluded' | 'diagnosisCode' | 'diagnosisName' | 'reversed', string>;

const LEVELS: Record<string, string> = { 一级: '1', 二级: '2', 三级: '3', 未定级: '9', '1': '1', '2': '2', '3': '3', '9': '9' };
const KINDS: Record<string, string> = {
  住院: 'inpatient',
  门诊特殊病: 'special_outpatient',
  门诊特殊病种: 'special_outpatient',
  门特: 'special_outpatient',
  门诊慢特病: 'special_outpatient',
};
const REVERSED: Record<string, boolean> = { '': false, 否: false, '0': false, N: false, 是: true, '1': true, Y: true, 冲销: true };
/** ICD-10, with the national clinical edition's extensions (I21.900, K80.201x001). */
const ICD10 = /^[A-Z][0-9]{2}(\.[0-9A-Z]{1,10})?$/;

/** Rows staged per COPY (about 1.7 MB of text). */
const CHUNK = 10_000;
/** Row errors kept in the answer (the count is always whole). */
const MAX_ERRORS = 200;
/** The column that must be text (numberCellMessage); amounts and dates may be numbers. */
const CERT_NO = ['certNo'] as const;

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

/** A plain amount (digits, at most two decimals), read without fenOfYuan's clean-up of separators and ¥. */
const PLAIN_YUAN = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

const money = (text: string, label: string): number | string => {
  const plain = PLAIN_YUAN.exec(text);
  const fen = plain ? Number(plain[1]) * 100 + (plain[2] ? Number(plain[2].padEnd(2, '0')) : 0) : fenOfYuan(text);
  return fen === null ? `${label}“${text}”有误，应为不小于0的元金额，最多两位小数` : fen;
};

/**
 * What a load has checked already, by text: a file repeats its days (about 365 in a year's file)
 * and each person's ID number (a few stays each), so each is read once. Reset past a bound.
 */
export class RowMemo {
  readonly days = new Map<string, string | null>();
  readonly validCerts = new Set<string>();

  forget() {
    this.days.clear();
    this.validCerts.clear();
  }
}
const MEMO_MAX = 100_000;

const dayOf = (text: string, memo: RowMemo | undefined) => {
  if (!memo) return normalizeDay(text);
  let day = memo.days.get(text);
  if (day === undefined) {
    if (memo.days.size >= MEMO_MAX) memo.days.clear();
    day = normalizeDay(text);
    memo.days.set(text, day);
  }
  return day;
};

const validCert = (certNo: string, today: Date, memo: RowMemo | undefined) => {
  if (memo?.validCerts.has(certNo)) return true;
  if (checkIdCard(certNo, today)) return false;
  if (memo) {
    if (memo.validCerts.size >= MEMO_MAX) memo.validCerts.clear();
    memo.validCerts.add(detachedCell(certNo));
  }
  return true;
};

/**
 * One row of the file checked: the settlement to store, or why it cannot be loaded. `today` (the
 * server's clock) bounds the birth date in the ID number; `memo`, the load's, spares checking a
 * day or an ID number seen before.
 */
export function checkSettlementRow(
  c: Cells,
  periods: readonly repo.PeriodSpan[],
  today: Date,
  memo?: RowMemo,
): repo.SettlementRow | string {
  if (!c.no) return '缺少结算单号';
  if (c.no.length > 50) return '结算单号超过50个字符';
  const certNo = c.certNo.toUpperCase();
  if (!certNo) return '缺少身份证号码';
  if (!validCert(certNo, today, memo)) return `身份证号码“${c.certNo}”有误`;
  if (!c.name) return '缺少姓名';
  if (!c.hospital) return '缺少医院名称';
  if (c.hospital.length > 100) return '医院名称超过100个字';
  const level = LEVELS[c.level];
  if (!level) return `医院等级“${c.level}”有误，应为一级、二级、三级或未定级`;
  const kind = KINDS[c.kind];
  if (!kind) return `就医类型“${c.kind}”有误，应为“住院”或“门诊特殊病”`;
  const admittedOn = dayOf(c.admitted, memo);
  if (!admittedOn) return `入院日期“${c.admitted}”有误，应为 YYYY-MM-DD`;
  const dischargedOn = dayOf(c.discharged, memo);
  if (!dischargedOn) return `出院日期“${c.discharged}”有误，应为 YYYY-MM-DD`;
  if (admittedOn > dischargedOn) return '入院日期晚于出院日期';
  const settledOn = c.settled ? dayOf(c.settled, memo) : dischargedOn;
  if (!settledOn) return `结算日期“${c.settled}”有误，应为 YYYY-MM-DD`;
  const amounts: number[] = [];
  for (const [text, label] of [
    [c.total, '医疗总费用'],
    [c.policy, '政策范围内费用'],
    [c.fund, '统筹基金支付'],
    [c.selfPolicy, '政策范围内个人自付'],
    [c.selfExcluded, '政策范围外自费'],
  ] as const) {
    const fen = money(text, label);
    if (typeof fen === 'string') return fen;
    amounts.push(fen);
  }
  const [totalFen, policyFen, fundFen, selfPolicyFen, selfExcludedFen] = amounts;
  if (policyFen > totalFen) return '政策范围内费用大于医疗总费用';
  if (selfPolicyFen > policyFen) return '政策范围内个人自付大于政策范围内费用';
  if (fundFen > policyFen) return '统筹基金支付大于政策范围内费用';
  const diagnosisCode = c.diagnosisCode.toUpperCase();
  if (!ICD10.test(diagnosisCode)) return `诊断编码“${c.diagnosisCode}”有误，应为 ICD-10 编码（如 I21.900）`;
  if (!c.diagnosisName) return '缺少诊断名称';
  const reversed = REVERSED[c.reversed.toUpperCase()];
  if (reversed === undefined) return `冲销标志“${c.reversed}”有误，应为“是”或“否”`;
  const period = periods.find((p) => p.startDate <= dischargedOn && dischargedOn <= p.endDate);
  return {
    settlementNo: c.no,
    certNo,
    periodId: period?.id ?? null,
    hospitalName: c.hospital,
    hospitalLevel: level,
    kind,
    admittedOn,
    dischargedOn,
    settledOn,
    totalFen,
    policyFen,
    fundFen,
    selfPolicyFen,
    selfExcludedFen,
    diagnosisCode,
    diagnosisName: c.diagnosisName.slice(0, 200),
    reversed,
  };
}

/** A cell by position: a column the file lacks (-1), or a short row, reads as empty. */
const cellAt = (cells: string[], at: number) => (at < 0 ? '' : (cells[at] ?? ''));

/**
 * A row's cells by key, from the header's positions: an object of one shape for every row (built
 * key by key in a loop, each row's was a dictionary of its own: a sixth of the reading's time).
 */
function cellReader(at: Record<string, number>): (cells: string[]) => Cells {
  const i = (key: keyof Cells) => at[key] ?? -1;
  const [no, certNo, name, hospital, level, kind, admitted, discharged, settled] = [
    i('no'),
    i('certNo'),
    i('name'),
    i('hospital'),
    i('level'),
    i('kind'),
    i('admitted'),
    i('discharged'),
    i('settled'),
  ];
  const [total, policy, fund, selfPolicy, selfExcluded, diagnosisCode, diagnosisName, reversed] = [
    i('total'),
    i('policy'),
    i('fund'),
    i('selfPolicy'),
    i('selfExcluded'),
    i('diagnosisCode'),
    i('diagnosisName'),
    i('reversed'),
  ];
  return (cells) => {
    return {
      no: cellAt(cells, no),
      certNo: cellAt(cells, certNo),
      name: cellAt(cells, name),
      hospital: cellAt(cells, hospital),
      level: cellAt(cells, level),
      kind: cellAt(cells, kind),
      admitted: cellAt(cells, admitted),
      discharged: cellAt(cells, discharged),
      settled: cellAt(cells, settled),
      total: cellAt(cells, total),
      policy: cellAt(cells, policy),
      fund: cellAt(cells, fund),
      selfPolicy: cellAt(cells, selfPolicy),
      selfExcluded: cellAt(cells, selfExcluded),
      diagnosisCode: cellAt(cells, diagnosisCode),
      diagnosisName: cellAt(cells, diagnosisName),
      reversed: cellAt(cells, reversed),
    };
  };
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
