import { PassThrough, Transform, type Writable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { attachmentHeaders } from './attachment';
import { DEFAULT_EXPORT_WORKERS, writeTableInWorker } from './export-pool';
import { exportTurns } from './export-turns';
import { refuse } from './hall-error';
import { cellValue, numberOf, type WriteColumn, type CellKind } from './table-cells';
import type { TableColumn } from './table-file';
import { openSheet } from './xlsx-sheet';

/**
 * Excel downloads (lists, templates, error reports), written as rows come and sent as they are
 * written. The rules (docs/architecture.md, Excel exports):
 *
 * - Every column of a list export has a kind: amounts are numbers in yuan with the ¥ format, counts
 *   and years numbers, dates and times real Excel dates in China time (UTC+8); everything else,
 *   ID numbers, cards, phones, credit codes and accounts above all, is text (format '@'), so no
 *   digit is lost. Templates and error reports are all text.
 * - A text that Excel or a CSV reader could take for a formula (starting with = + - @, a tab or a
 *   carriage return) is written with an apostrophe before it (OWASP, CSV injection).
 * - A list export's workbook is built on an export worker thread (export-pool.ts): the event loop
 *   only reads the rows and sends the bytes. Templates, and every export when HALL_EXPORT_WORKERS
 *   is 0, are written here a few milliseconds at a time, then the writer waits for the answer to
 *   drain or gives the event loop a turn; the budget of a turn is one for all of them
 *   (export-turns.ts).
 * - A caller (unit or person) runs at most EXPORTS_PER_CALLER exports at once and the process at
 *   most EXPORTS_AT_ONCE; beyond, the download is refused with EXPORT_BUSY. The count is of this
 *   process (each node of a cluster has its own) and is released when the answer ends, fails or
 *   is abandoned by the client.
 */

export { CELL_FORMATS, type CellKind, cellValue, type ExportColumn, safeText, type WriteColumn } from './table-cells';

export const EXPORT_BUSY = '导出任务较多，请稍后再试';
/** Exports one caller (unit or person) may run at once in this process. */
export const EXPORTS_PER_CALLER = 2;
/** Exports this process runs at once. */
export const EXPORTS_AT_ONCE = 6;

/** Resolves when the stream has room again, or has closed. */
function roomIn(out: Writable) {
  return new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * Writes a workbook of one sheet to a stream as rows come, on this thread (templates, and every
 * export when HALL_EXPORT_WORKERS is 0). Between slices of rows it waits for the stream to drain
 * when it is full, else gives the event loop a turn; it stops when the stream is destroyed (the
 * client went away), ending the rows' source.
 */
export async function writeTable(
  out: NodeJS.WritableStream,
  sheetName: string,
  columns: readonly WriteColumn[],
  rows: AsyncIterable<unknown[]> | Iterable<unknown[]>,
) {
  const stream = out as Writable;
  const sheet = await openSheet(out, sheetName, columns);
  const turns = exportTurns();
  for await (const r of rows) {
    // Leaving the loop ends the source (its pages stop being read).
    if (stream.destroyed) throw new Error('export abandoned by the client');
    if (turns.arrived()) await turns.giveWay();
    sheet.add(r);
    if (stream.writableNeedDrain) await turns.waitFor(roomIn(stream));
    else if (turns.due()) await turns.giveWay();
  }
  await sheet.commit();
}

const running = new Map<string, number>();
let runningAll = 0;

/** Takes one of the caller's export places, or refuses with EXPORT_BUSY; the function gives it back (once). */
export function takeExportPlace(holder: string): () => void {
  const mine = running.get(holder) ?? 0;
  if (mine >= EXPORTS_PER_CALLER || runningAll >= EXPORTS_AT_ONCE) throw refuse(EXPORT_BUSY);
  running.set(holder, mine + 1);
  runningAll++;
  let given = false;
  return () => {
    if (given) return;
    given = true;
    runningAll--;
    const left = (running.get(holder) ?? 1) - 1;
    if (left > 0) running.set(holder, left);
    else running.delete(holder);
  };
}

/** Exports running in this process (their places taken). */
export const runningExports = () => runningAll;

/** Whose export a request is: the unit (also when a union acts for it), the person, else the address. */
function holderOf(reply: FastifyReply) {
  const caller = reply.request.caller;
  if (caller?.unit) return `unit:${caller.unit.id}`;
  if (caller?.person) return `person:${caller.person.id}`;
  return `ip:${reply.request.ip}`;
}

/**
 * Sends what `write` writes as the answer, from its first byte: an export that fails before it
 * (its worker stopped, the database failed on the first page) is an ordinary error, answered by
 * the error handler (系统繁忙…, logged); one that fails later cuts the download.
 */
async function send(reply: FastifyReply, fileName: string, write: (body: Writable) => Promise<void>, release = () => {}) {
  let began!: () => void;
  const begun = new Promise<void>((resolve) => {
    began = resolve;
  });
  const body = new Transform({
    transform(chunk, _encoding, done) {
      began();
      done(null, chunk);
    },
  });
  // 'close' comes after the last byte was read, after an error and when the client went away.
  body.once('close', release);
  // A failure is answered through `written` (before the first byte) or by Fastify's handling of the stream (after it).
  body.on('error', () => undefined);
  const written = write(body).catch((error) => {
    body.destroy(error);
    throw error;
  });
  // Destroyed before its first byte (a worker that stopped while the first page was read): answered now, not at the next row.
  const failed = new Promise<never>((_, reject) =>
    body.once('close', () => reject(body.errored ?? new Error('export ended before its first byte'))),
  );
  await Promise.race([begun, written, failed]);
  attachmentHeaders(reply, fileName, XLSX_MIME);
  return reply.send(body);
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers a workbook download (a list or an error report), streamed as it is written, within the
 * caller's export places (refused with EXPORT_BUSY beyond them). The rows are read as they are
 * written: give a source that reads the database in pages.
 */
export function sendTable(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: readonly WriteColumn[],
  rows: AsyncIterable<unknown[]> | Iterable<unknown[]>,
) {
  const release = takeExportPlace(holderOf(reply));
  // The server's setting; a bare Fastify (tests) has no hall: the default.
  const workers = (reply.server as Partial<FastifyInstance>).hall?.config.exportWorkers ?? DEFAULT_EXPORT_WORKERS;
  return send(
    reply,
    fileName,
    (body) => (workers > 0 ? writeTableInWorker(body, sheetName, columns, rows, workers) : writeTable(body, sheetName, columns, rows)),
    release,
  );
}

const CSV_QUOTED = /[",\r\n]/;

/** One value as a CSV field: money in fen → yuan with two decimals; text guarded like a cell. */
function csvField(kind: CellKind, v: unknown): string {
  const fen = kind === 'money' ? numberOf(v) : null;
  const text = fen !== null ? (fen / 100).toFixed(2) : String(cellValue('text', v));
  return CSV_QUOTED.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Writes a CSV file (UTF-8 with its BOM, which Excel needs to read Chinese) as rows come, waiting when the stream is full, within the exports' turns. */
export async function writeCsv(out: Writable, columns: readonly WriteColumn[], rows: AsyncIterable<unknown[]> | Iterable<unknown[]>) {
  const kinds = columns.map((c) => c.kind ?? 'text');
  out.write(`\uFEFF${columns.map((c) => csvField('text', c.header)).join(',')}\r\n`);
  const turns = exportTurns();
  for await (const r of rows) {
    if (out.destroyed) throw new Error('export abandoned by the client');
    if (turns.arrived()) await turns.giveWay();
    if (!out.write(`${r.map((v, i) => csvField(kinds[i] ?? 'text', v)).join(',')}\r\n`)) await turns.waitFor(roomIn(out));
    else if (turns.due()) await turns.giveWay();
  }
  out.end();
}

/** Answers a CSV download (a bank's file), streamed and within the caller's export places like sendTable. */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  columns: readonly WriteColumn[],
  rows: AsyncIterable<unknown[]> | Iterable<unknown[]>,
) {
  const release = takeExportPlace(holderOf(reply));
  const body = new PassThrough();
  body.once('close', release);
  writeCsv(body, columns, rows).catch((error) => body.destroy(error));
  attachmentHeaders(reply, fileName, 'text/csv; charset=utf-8');
  return reply.send(body);
}

/** Answers an import template (text columns, an example row at most): small, so outside the export places. */
export function sendTemplateTable(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: readonly TableColumn[],
  rows: readonly unknown[][],
) {
  return send(reply, fileName, (body) => writeTable(body, sheetName, columns, rows));
}
