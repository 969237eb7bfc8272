import { PassThrough, type Writable } from 'node:stream';
import { chinaDay, chinaWallClock } from '@hall/shared';
import type { FastifyReply } from 'fastify';
import { attachmentHeaders } from './attachment';
import { exportTurns } from './export-turns';
import { refuse } from './hall-error';
import type { TableColumn } from './table-file';

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
 * - Rows are written a few milliseconds at a time; then the writer waits for the answer to drain
 *   or gives the event loop a turn. The budget of a turn is one for all running exports
 *   (export-turns.ts): an export of 100,000 rows, or six at once, does not hold other callers.
 * - A caller (unit or person) runs at most EXPORTS_PER_CALLER exports at once and the process at
 *   most EXPORTS_AT_ONCE; beyond, the download is refused with EXPORT_BUSY. The count is of this
 *   process (each node of a cluster has its own) and is released when the answer ends, fails or
 *   is abandoned by the client.
 */

/** How a column's values are written. */
export type CellKind = 'text' | 'money' | 'count' | 'date' | 'datetime';

/** A column of a list export: its kind is required (templates and error reports may leave it: text). */
export interface ExportColumn extends TableColumn {
  kind: CellKind;
}

/** A column as the writer takes it: without a kind, text. */
export type WriteColumn = TableColumn & { kind?: CellKind };

/** The Excel number format of each kind. */
export const CELL_FORMATS: Record<CellKind, string> = {
  text: '@',
  money: '"¥"#,##0.00',
  count: '0',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

export const EXPORT_BUSY = '导出任务较多，请稍后再试';
/** Exports one caller (unit or person) may run at once in this process. */
export const EXPORTS_PER_CALLER = 2;
/** Exports this process runs at once. */
export const EXPORTS_AT_ONCE = 6;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text as written: one that a spreadsheet could read as a formula gets an apostrophe before it. */
export const safeText = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day (YYYY-MM-DD) as the Date exceljs writes as that day (it counts in UTC). */
const dayDate = (day: string) => {
  const m = DAY.exec(day);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
};

const numberOf = (v: unknown) => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  // Counts from SQL arrive as text (bigint).
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v)) return Number(v);
  return null;
};

/**
 * One value as its cell: money in fen (the hall's unit) → yuan; a count → a number; a date
 * (YYYY-MM-DD, or a moment: its China day) → a Date; a date-time (a moment) → China time. A value
 * that is not of its column's kind (合计 in a year column, a blank) is written as text.
 */
export function cellValue(kind: CellKind, v: unknown): string | number | Date {
  if (v === null || v === undefined || v === '') return '';
  switch (kind) {
    case 'money': {
      const fen = numberOf(v);
      if (fen !== null) return fen / 100;
      break;
    }
    case 'count': {
      const n = numberOf(v);
      if (n !== null) return n;
      break;
    }
    case 'date': {
      const d = v instanceof Date ? dayDate(chinaDay(v)) : typeof v === 'string' ? (dayDate(v) ?? dayOfMoment(v)) : null;
      if (d) return d;
      break;
    }
    case 'datetime': {
      const d = v instanceof Date || typeof v === 'string' ? chinaWallClock(v) : null;
      if (d) return d;
      break;
    }
    case 'text':
      // A number in a text column cannot be a formula: its digits as they are.
      if (typeof v === 'number') return String(v);
  }
  return safeText(String(v));
}

/** The China day of a moment written as ISO text (2026-03-01T02:00:00.000Z), or null. */
function dayOfMoment(v: string) {
  if (!v.includes('T')) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : dayDate(chinaDay(new Date(t)));
}

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
 * Writes a workbook of one sheet to a stream as rows come (header bold and frozen; each column as
 * its kind, text when it has none). Between slices of rows it waits for the stream to drain when
 * it is full, else gives the event loop a turn; it stops when the stream is destroyed (the client
 * went away), ending the rows' source.
 */
export async function writeTable(
  out: NodeJS.WritableStream,
  sheetName: string,
  columns: readonly WriteColumn[],
  rows: AsyncIterable<unknown[]> | Iterable<unknown[]>,
) {
  const stream = out as Writable;
  // Loaded at the first export, not at start: exceljs alone is about a third of the server's start-up CPU.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out as never, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  const kinds = columns.map((c) => c.kind ?? 'text');
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: c.key,
    width: c.width ?? 16,
    style: { numFmt: CELL_FORMATS[kinds[i]] },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  // One style object per column, shared by its cells: exceljs finds a style it has seen by the
  // object (a WeakMap), while the copy each new cell gets costs it a style built as XML and looked
  // up again, per cell (half the CPU of an export).
  const styles = kinds.map((kind) => ({ numFmt: CELL_FORMATS[kind] }));
  const turns = exportTurns();
  for await (const r of rows) {
    // Leaving the loop ends the source (its pages stop being read).
    if (stream.destroyed) throw new Error('export abandoned by the client');
    if (turns.arrived()) await turns.giveWay();
    const row = sheet.addRow(r.map((v, i) => cellValue(kinds[i] ?? 'text', v)));
    for (let i = 0; i < Math.min(r.length, styles.length); i++) row.getCell(i + 1).style = styles[i];
    row.commit();
    if (stream.writableNeedDrain) await turns.waitFor(roomIn(stream));
    else if (turns.due()) await turns.giveWay();
  }
  await sheet.commit();
  await book.commit();
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

function send(reply: FastifyReply, fileName: string, write: (body: PassThrough) => Promise<void>, release = () => {}) {
  const body = new PassThrough();
  // 'close' comes after the last byte was read, after an error and when the client went away.
  body.once('close', release);
  write(body).catch((error) => body.destroy(error));
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
  return send(reply, fileName, (body) => writeTable(body, sheetName, columns, rows), release);
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
