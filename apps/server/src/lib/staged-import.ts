import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '../db/client';
import type { HallContext } from '../types';
import { auditRefusal } from './audit';
import { HallError, refuse } from './hall-error';
import { formatOf, locateColumns, readTable, type TableColumn, type TableRow } from './table-file';
import * as repo from './staged-import.repository';
import { leavePreview } from './staged-import.transition.repository';
import type { BatchOwner, ImportBatch, ImportKind, NewBatchOwner, StagedRecord, StagedRow } from './staged-import.repository';

/**
 * The staged import, once for every import of a file (issue 18): upload → stage → check rows →
 * preview with the invalid rows and their reasons → error report → confirm → sweep of expired
 * batches. The file is read as it arrives (never whole in memory), each row read and checked by
 * its domain, staged in chunks (COPY into import_rows, lib/staged-import.repository.ts), then
 * checked over the whole batch by the domain's set-based statements; the answer is the preview.
 * A domain gives its columns, its limits and messages, its row reading and checks, and its own
 * confirmation (which reads import_rows); the roster (modules/staff/roster.service.ts), the
 * application's lines (modules/enrolment/apply-import.service.ts) and a union's subordinate units
 * (modules/org/org-import.service.ts) are such domains.
 */

export type { BatchOwner, ImportBatch, ImportKind, StagedRecord, StagedRow };

export interface IncomingTable {
  fileName: string;
  stream: Readable;
  /** Whether the parser cut the file at its size limit. */
  truncated(): boolean;
  /** The client's name of this upload (the roster's route reads UPLOAD_ID_HEADER), under which `rowsRead` answers its progress. */
  uploadId?: string;
  /** The form's fields sent before the file (lib/upload.ts): the portal names every upload in `uploadId` there. */
  fields?: Record<string, string>;
}

/**
 * Rows read of the uploads being staged, by owner and upload id: in this node's memory (an upload
 * is read by one node; a poll that reaches another answers 0), gone when the staging ends.
 */
const reading = new Map<string, { rows: number }>();

/** Files being staged in this node now, by import kind (what /metrics reports as imports in flight). */
const staging = new Map<ImportKind, number>();

/** The staged imports running in this process, by kind (kinds with none left out). */
export const stagingNow = (): ReadonlyMap<ImportKind, number> => staging;

/** The key of an owner's upload: a unit's by its id, an operator's apart (ids of two tables). */
const readingKey = (owner: BatchOwner, uploadId: string) =>
  typeof owner === 'number' ? `${owner}:${uploadId}` : `operator ${owner.operatorId}:${uploadId}`;

/** The rows read so far of the owner's upload, 0 when none is being read under that id. */
export const rowsRead = (owner: BatchOwner, uploadId: string) => reading.get(readingKey(owner, uploadId))?.rows ?? 0;

export interface StagedImport<Raw = StagedRow> {
  kind: ImportKind;
  /** The template's columns, located by their headers in the file's first row. */
  columns: readonly TableColumn[];
  /**
   * Where the columns stand in a row, or null when that row is not the header: for files the hall
   * does not template (a bank's export), whose header may sit under a few lines of their own and
   * whose columns have several names. Tried on the first `headerWithin` rows; none: `columns` on the first.
   */
  locate?(cells: string[]): Record<string, number> | null;
  headerWithin?: number;
  /** Rows beyond this are refused with `messages.tooManyRows`; none: no limit but the bytes. */
  maxRows?: number;
  /** A preview waits this long for its confirmation. */
  ttlMs: number;
  /** Rows per chunk: checked together (`check`) and staged in one COPY. */
  chunkRows: number;
  messages: {
    fileType: string;
    tooLarge: string;
    /** The file cannot be read as a table. */
    badFile: string;
    /** No row under the header. */
    noRows: string;
    /** Not even a header; default `noRows`. */
    empty?: string;
    tooManyRows?: string;
    missingColumns(missing: string[]): string;
  };
  /** One row of the file as the domain reads it (with its own checks), or null: skipped (the template's example). */
  read(row: TableRow, at: Record<string, number>): Raw | null;
  /** A chunk's rows checked against the rows before and the hall, as they are staged; none: `read` gives staged rows. */
  check?(rows: Raw[]): StagedRow[] | Promise<StagedRow[]>;
  /** Set-based checks over the whole staged batch (in one transaction, tuned for batches). */
  checkStaged?(db: Db, batchId: string): Promise<void>;
}

/**
 * Chunks written at once, each on a connection of its own, while the next is read: the database
 * (a foreign-key check, the primary key and the heap for every row) is the slower side, and two
 * statements use both cores of a small server (on PGlite they simply queue).
 */
const IN_FLIGHT = 2;
/** Invalid rows the preview shows (the report has them all). */
const PREVIEW_INVALID = 100;
/** Rows per page of the error report. */
const REPORT_PAGE = 2000;

export interface StagedBatch {
  id: string;
  fileName: string;
  total: number;
  valid: number;
  expiresAt: Date;
}

/**
 * Reads, checks and stages a file as a new batch of its owner (a unit, or an operator: `operatorId`);
 * answers the staged batch (nothing outside the staging is written). A refusal or a fault leaves
 * no batch behind.
 */
export async function stageFile<Raw>(
  ctx: HallContext,
  spec: StagedImport<Raw>,
  input: IncomingTable,
  batch: NewBatchOwner & { periodId?: number; applicationId?: number | null },
): Promise<StagedBatch> {
  const format = formatOf(input.fileName ?? '');
  if (!format) {
    input.stream.resume();
    throw refuse(spec.messages.fileType);
  }
  const now = ctx.clock.now();
  await repo.sweepExpired(ctx.db, spec.kind, now, spec.ttlMs);
  const id = randomUUID();
  const fileName = input.fileName.slice(0, 200);
  const owner: BatchOwner = 'unitId' in batch ? batch.unitId : { operatorId: batch.operatorId };
  await repo.createBatch(ctx.db, { id, kind: spec.kind, fileName, ...batch }, now);
  const progress = { rows: 0 };
  const uploadId = (input.uploadId ?? input.fields?.uploadId)?.slice(0, 64);
  const key = uploadId ? readingKey(owner, uploadId) : null;
  if (key) reading.set(key, progress);
  staging.set(spec.kind, (staging.get(spec.kind) ?? 0) + 1);
  try {
    await stageRows(ctx.db, spec, id, input, format, progress);
    const checkStaged = spec.checkStaged;
    if (checkStaged) {
      await repo.analyzeRows(ctx.db);
      await ctx.db.transaction(async (db) => {
        await repo.tuneForBatch(db);
        await checkStaged(db, id);
      });
    }
    const counts = await repo.countRows(ctx.db, id);
    if (counts.total === 0) throw refuse(spec.messages.noRows);
    const expiresAt = new Date(now.getTime() + spec.ttlMs);
    await repo.finishBatch(ctx.db, id, counts, expiresAt);
    return { id, fileName: input.fileName, ...counts, expiresAt };
  } catch (error) {
    await repo.deleteBatch(ctx.db, id);
    throw error;
  } finally {
    if (key && reading.get(key) === progress) reading.delete(key);
    const left = (staging.get(spec.kind) ?? 1) - 1;
    if (left > 0) staging.set(spec.kind, left);
    else staging.delete(spec.kind);
  }
}

/**
 * What a reading failure means to the clerk: too large (the upload's limit, lib/upload.ts, cut the
 * stream: the route receives the file with the domain's limit), or not a table we can read.
 */
function readFailure(error: unknown, spec: StagedImport<unknown>, input: IncomingTable): Error {
  if (error instanceof HallError) return error;
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || input.truncated()) return refuse(spec.messages.tooLarge);
  return refuse(spec.messages.badFile);
}

/** The header among the first rows (StagedImport.locate), or every column missing when none of them is one. */
async function headerBelow<Raw>(
  spec: StagedImport<Raw>,
  first: string[],
  next: () => Promise<IteratorResult<TableRow>>,
): Promise<Record<string, number> | { missing: string[] }> {
  const locate = spec.locate as (cells: string[]) => Record<string, number> | null;
  let at = locate(first);
  for (let seen = 1; !at && seen < (spec.headerWithin ?? 1); seen++) {
    const row = await next();
    if (row.done) break;
    at = locate(row.value.cells);
  }
  return at ?? { missing: spec.columns.map((c) => c.header) };
}

/** Reads, checks and stages every row; chunks are written while the next ones are read. */
async function stageRows<Raw>(
  db: Db,
  spec: StagedImport<Raw>,
  batchId: string,
  input: IncomingTable,
  format: 'xlsx' | 'csv',
  progress: { rows: number },
) {
  const rows = readTable(input.stream, format)[Symbol.asyncIterator]();
  const next = async () => {
    try {
      return await rows.next();
    } catch (error) {
      throw readFailure(error, spec, input);
    }
  };
  const flights: Promise<void>[] = [];
  try {
    const first = await next();
    if (first.done) throw refuse(spec.messages.empty ?? spec.messages.noRows);
    const at = spec.locate ? await headerBelow(spec, first.value.cells, next) : locateColumns(first.value.cells, spec.columns);
    if ('missing' in at) throw refuse(spec.messages.missingColumns(at.missing as string[]));
    let chunk = new repo.StagedChunk(batchId);
    let pending: Raw[] = [];
    let staged = 0;
    const flush = async () => {
      if (spec.check) for (const row of await spec.check(pending)) chunk.push(row);
      pending = [];
      if (flights.length >= IN_FLIGHT) await flights.shift();
      const flight = repo.insertRows(db, chunk);
      flight.catch(() => undefined); // awaited later; never an unhandled rejection meanwhile
      flights.push(flight);
      chunk = new repo.StagedChunk(batchId);
    };
    for (let r = await next(); !r.done; r = await next()) {
      progress.rows++;
      const raw = spec.read(r.value, at);
      if (raw === null) continue;
      if (spec.maxRows !== undefined && ++staged > spec.maxRows) throw refuse(spec.messages.tooManyRows ?? spec.messages.tooLarge);
      if (spec.check) pending.push(raw);
      else chunk.push(raw as StagedRow);
      if (pending.length + chunk.length >= spec.chunkRows) await flush();
    }
    if (input.truncated()) throw refuse(spec.messages.tooLarge);
    await flush();
  } finally {
    // Whatever happened, no statement of this batch is still running when the caller goes on
    // (to the checks, or to deleting the batch), and the reader lets go of its file.
    await Promise.allSettled(flights);
    await rows.return?.(undefined);
  }
  for (const flight of flights) await flight;
}

/** The preview of a staged batch: its counts and its first invalid rows, as the domain shows them. */
export async function previewOf<T>(db: Db, batch: StagedBatch, shown: (row: StagedRecord) => T) {
  const invalid = await repo.invalidRows(db, batch.id, PREVIEW_INVALID);
  return {
    batchId: batch.id,
    fileName: batch.fileName,
    total: batch.total,
    valid: batch.valid,
    invalid: batch.total - batch.valid,
    expiresAt: batch.expiresAt.toISOString(),
    invalidRows: invalid.map(shown),
  };
}

/** Every invalid row of a batch in file order, a page at a time (keyset on the row number): the error report. */
export async function* invalidRowsOf(db: Db, batchId: string): AsyncGenerator<StagedRecord> {
  let after = 0;
  for (;;) {
    const page = await repo.invalidRows(db, batchId, REPORT_PAGE, after);
    yield* page;
    if (page.length < REPORT_PAGE) return;
    after = page[page.length - 1].rowNo;
  }
}

/**
 * The caller's batch of this kind, as `usable` accepts it; else refused with `gone`, and audited
 * when the id is another owner's (a guessed or passed-on id, not the clerk's own expired one).
 */
export async function batchOf(
  ctx: HallContext,
  caller: { loginType: 'unit' | 'personal' | 'operator'; loginName: string },
  kind: ImportKind,
  owner: BatchOwner,
  batchId: string,
  refusal: { call: string; gone: string; ip?: string },
  usable: (batch: ImportBatch, now: Date) => boolean = (b, now) => b.state === 'preview' && b.expiresAt > now,
): Promise<ImportBatch> {
  const now = ctx.clock.now();
  const batch = await repo.findBatch(ctx.db, kind, batchId, owner);
  if (batch && usable(batch, now)) return batch;
  if (!batch) {
    const other = await repo.batchExists(ctx.db, batchId);
    if (other) await auditRefusal(ctx.db, now, caller, { call: refusal.call, batchId }, refusal.ip);
  }
  throw refuse(refusal.gone);
}

/** 取消: the preview is dropped (its rows at once; the batch row, discarded, until its time ends). */
export async function discardBatch(ctx: HallContext, kind: ImportKind, owner: BatchOwner, batchId: string): Promise<boolean> {
  if (!(await leavePreview(ctx.db, kind, batchId, owner, ctx.clock.now(), 'discarded'))) return false;
  await repo.deleteRows(ctx.db, batchId);
  return true;
}

export { analyzeRows, findBatch, tuneForBatch, validRows } from './staged-import.repository';
export { leavePreview as claimBatch, setConfirmed } from './staged-import.transition.repository';
