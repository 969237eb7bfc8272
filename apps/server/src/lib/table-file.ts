import { isAscii } from 'node:buffer';
import type { Readable } from 'node:stream';
import { type Options as CsvOptions, parse as parseCsv } from 'csv-parse/sync';
import { xlsxSheetRows } from './table-file-xlsx';
import { CSV_LINE_MAX_CHARS, TABLE_LIMIT_MESSAGES, TableRefused } from './table-limits';

/**
 * Tables in files: rosters, application imports and the bureau's registry come in as Excel
 * (.xlsx) or CSV; lists, templates and error reports go out as Excel. Both directions stream
 * (reading: table-file-xlsx's sheet reader, or CSV a piece at a time; writing: table-export.ts),
 * so a 460,000-row roster never sits in memory whole.
 */

export type TableFormat = 'xlsx' | 'csv';

/** The format from a file name, or null for anything else. */
export function formatOf(fileName: string): TableFormat | null {
  const ext = fileName.toLowerCase().split('.').pop();
  return ext === 'xlsx' ? 'xlsx' : ext === 'csv' ? 'csv' : null;
}

/**
 * The text of a CSV file, a decoded piece at a time. Excel in zh-CN saves "CSV (逗号分隔)" in
 * GB18030 (GBK) and "CSV UTF-8" with a BOM: a BOM means UTF-8; otherwise the first
 * CSV_SNIFF_BYTES from the first non-ASCII byte on decide: valid UTF-8 reads as UTF-8, anything
 * else as GB18030 (a superset of GBK). The ASCII before it reads the same either way and is
 * passed on at once, so a long ASCII head is not held.
 */
async function* csvText(input: Readable): AsyncGenerator<string> {
  let decoder: TextDecoder | undefined;
  let held: Buffer | undefined; // from the first non-ASCII byte on, while the encoding is undecided
  let heldFromStart = false;
  let start = true;
  const decide = (bytes: Buffer, last: boolean) => {
    if (heldFromStart && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8'); // drops the BOM
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !last });
      return new TextDecoder('utf-8');
    } catch {
      return new TextDecoder('gb18030');
    }
  };
  for await (const chunk of input) {
    const bytes = chunk as Buffer;
    if (decoder) {
      const text = decoder.decode(bytes, { stream: true });
      if (text) yield text;
      continue;
    }
    if (!held) {
      if (isAscii(bytes)) {
        if (bytes.length) yield bytes.toString('latin1');
        start &&= bytes.length === 0;
        continue;
      }
      let i = 0;
      while (bytes[i] < 0x80) i++;
      if (i > 0) yield bytes.toString('latin1', 0, i);
      heldFromStart = start && i === 0;
      held = bytes.subarray(i);
    } else held = Buffer.concat([held, bytes]);
    start = false;
    if (held.length < CSV_SNIFF_BYTES) continue;
    decoder = decide(held, false);
    yield decoder.decode(held, { stream: true });
    held = undefined;
  }
  if (held) {
    decoder = decide(held, true);
    yield decoder.decode(held, { stream: true });
  }
  const rest = decoder?.decode() ?? '';
  if (rest) yield rest;
}

/** How many bytes from the first non-ASCII one decide a CSV file's encoding (csvText). */
const CSV_SNIFF_BYTES = 4096;

/**
 * RFC 4180 as Excel writes it (csv-parse): a quoted field may hold commas, doubled quotes and
 * line breaks; a quote inside an unquoted field is a character; lines end in CRLF or LF.
 */
const CSV_OPTIONS: CsvOptions = {
  relax_quotes: true,
  relax_column_count: true,
  record_delimiter: ['\r\n', '\n'],
  trim: true,
  bom: false,
};

const trimmed = (cells: string[]) => {
  for (let i = 0; i < cells.length; i++) cells[i] = cells[i].trim();
  return cells;
};

/** The lines of text[from, to) (none holds a quote): split natively (most files, and most of any file, are such lines). */
function plainRecords(text: string, from: number, to: number, out: string[][]) {
  let nl = text.indexOf('\n', from);
  while (nl >= 0 && nl < to) {
    const end = nl > from && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    out.push(trimmed(text.slice(from, end).split(',')));
    from = nl + 1;
    nl = text.indexOf('\n', from);
  }
  if (from < to) out.push(trimmed(text.slice(from, to).split(',')));
}

/** Where the run of lines that hold a quote, from the line of the quote at `q` on, ends (after its last line end). */
function endOfQuotedRun(text: string, q: number): number {
  let nl = text.indexOf('\n', q);
  while (nl >= 0) {
    const next = text.indexOf('"', nl + 1);
    if (next < 0) return nl + 1;
    const after = text.indexOf('\n', nl + 1);
    if (after >= 0 && after < next) return nl + 1;
    nl = text.indexOf('\n', next);
  }
  return text.length;
}

const OPEN = Symbol('open');

/**
 * The records of text[from, to) through csv-parse (`from` a record's start), or OPEN when its
 * last record is left open (a quote not closed by `to`) and `closed` is false: then `open.at`
 * says where that record starts and the records before it are in `out`.
 */
function csvParsed(text: string, from: number, to: number, closed: boolean, out: string[][], rowNo: number, open: { at: number }) {
  const bytes = Buffer.from(text.slice(from, to));
  try {
    for (const record of parseCsv(bytes, CSV_OPTIONS)) out.push(trimmed(record));
    return undefined;
  } catch (e) {
    const error = e as { code?: string; records?: number };
    if (error.code === 'CSV_QUOTE_NOT_CLOSED' && !closed) {
      // Rare (a line break inside quotes, its next line without a quote): read again to find the open record's start.
      let done = 0;
      try {
        parseCsv(bytes, {
          ...CSV_OPTIONS,
          on_record: (record: string[], context: { bytes: number }) => {
            out.push(trimmed(record));
            done = context.bytes;
            return null;
          },
        });
      } catch {}
      open.at = to - bytes.toString('utf8', done).length;
      return OPEN;
    }
    if (error.code?.startsWith('CSV_'))
      throw new TableRefused(TABLE_LIMIT_MESSAGES.csvQuote(rowNo + out.length + (error.records ?? 0) + 1));
    throw e;
  }
}

/**
 * The records of `text` (from a record's start to a line end, or to the file's end when `last`)
 * into `out`: lines without a quote split natively, each run of lines that hold one through
 * csv-parse. Returns the text of a record still open at the end (its quoted line break not yet
 * closed), to be read again with what follows, or ''.
 */
function csvPiece(text: string, last: boolean, out: string[][], rowNo: number): string {
  let pos = 0;
  const open = { at: 0 };
  for (;;) {
    const q = text.indexOf('"', pos);
    if (q < 0) {
      plainRecords(text, pos, text.length, out);
      return '';
    }
    let start = text.lastIndexOf('\n', q) + 1;
    plainRecords(text, pos, start, out);
    let end = endOfQuotedRun(text, q);
    while (csvParsed(text, start, end, last && end === text.length, out, rowNo, open) === OPEN) {
      // Its lines run on to the next line with a quote (the closing one) and the run from there.
      start = open.at;
      const next = text.indexOf('"', end);
      if (next < 0) {
        if (last) throw new TableRefused(TABLE_LIMIT_MESSAGES.csvQuote(rowNo + out.length + 1));
        return text.slice(start);
      }
      end = endOfQuotedRun(text, next);
    }
    if (end >= text.length) return '';
    pos = end;
  }
}

/**
 * The records of a CSV file, their cells trimmed, a decoded piece's worth at a time (one await
 * per piece, not per record). Records end at line ends outside quotes (csvPiece); a blank line is
 * a record (of one empty cell), so the records' numbers are the rows Excel shows. A record (its
 * text not yet closed) longer than CSV_LINE_MAX_CHARS is refused (TableRefused), not held; so
 * is a quote never closed.
 */
async function* csvRecords(input: Readable): AsyncGenerator<string[][]> {
  let rest = '';
  let records = 0;
  const read = (text: string, last: boolean) => {
    const out: string[][] = [];
    return { out, rest: csvPiece(text, last, out, records) };
  };
  // While a quoted record is open in `rest`: the length at which to read it again (twice what it
  // was: a record held open over many pieces is read a few times, not once per piece).
  let retryAt = 0;
  for await (const piece of csvText(input)) {
    // `rest` is a record's start: its line ends (if any) are inside quotes, read again with what follows.
    const nl = piece.lastIndexOf('\n');
    const text = rest + piece;
    if (nl < 0 || (text.length < retryAt && text.length <= CSV_LINE_MAX_CHARS)) rest = text;
    else {
      const cut = rest.length + nl + 1;
      const { out, rest: open } = read(text.slice(0, cut), false);
      rest = open + text.slice(cut);
      retryAt = 2 * open.length;
      records += out.length;
      if (out.length) yield out;
    }
    if (rest.length > CSV_LINE_MAX_CHARS)
      throw new TableRefused(
        rest.includes('"') ? TABLE_LIMIT_MESSAGES.csvQuote(records + 1) : TABLE_LIMIT_MESSAGES.csvLineTooLong(records + 1),
      );
  }
  if (rest.trim()) {
    const { out } = read(rest, true);
    if (out.length) yield out;
  }
}

/**
 * A row of a table file: rowNo is the clerk's row number (1 = the header; in a CSV file the
 * record's number, the row Excel shows it on: a quoted line break does not start a row), cells trimmed texts;
 * numeric (.xlsx only) the columns whose cells the workbook holds as numbers, absent when none: a
 * column that must be text (ID number, card, phone) refuses its row then (see numericIn).
 */
export interface TableRow {
  rowNo: number;
  cells: string[];
  numeric?: number[];
}

const NONE: readonly never[] = Object.freeze([]);

/** The keys (of a header's positions, locateColumns) whose cells the row holds as numbers, of those asked about. */
export function numericIn<K extends string>(row: TableRow, at: Partial<Record<string, number>>, keys: readonly K[]): readonly K[] {
  const numeric = row.numeric;
  if (!numeric) return NONE;
  return keys.filter((k) => at[k] !== undefined && numeric.includes(at[k] as number));
}

const blank = (cells: string[]) => cells.every((c) => c === '');

/**
 * The rows of a table file, the header row first, in batches (those of one piece of the file as
 * it is read: a loop over a million rows pays one await per batch, not per row). Blank rows are
 * skipped.
 */
export async function* readTableBatches(input: Readable, format: TableFormat): AsyncGenerator<TableRow[]> {
  if (format === 'csv') {
    let rowNo = 0;
    for await (const records of csvRecords(input)) {
      const rows: TableRow[] = [];
      for (const cells of records) {
        rowNo++;
        if (!blank(cells)) rows.push({ rowNo, cells });
      }
      if (rows.length) yield rows;
    }
    return;
  }
  // A sheet does not write the rows left empty; its row numbers are the clerk's.
  for await (const batch of xlsxSheetRows(input)) {
    const rows: TableRow[] = [];
    for (const [rowNo, cells, numeric] of batch) if (!blank(cells)) rows.push(numeric ? { rowNo, cells, numeric } : { rowNo, cells });
    if (rows.length) yield rows;
  }
}

/** The rows of a table file one by one (readTableBatches), the header row first. */
export async function* readTable(input: Readable, format: TableFormat): AsyncGenerator<TableRow> {
  for await (const rows of readTableBatches(input, format)) yield* rows;
}

export interface TableColumn {
  /** The header as it stands in the template (Chinese). */
  header: string;
  key: string;
  width?: number;
  required?: boolean;
}

/**
 * Where each column sits, from the header row (order free, extra columns ignored); the message
 * names the missing header so the clerk can fix the file.
 */
export function locateColumns(header: string[], columns: readonly TableColumn[]): Record<string, number> | { missing: string[] } {
  const at: Record<string, number> = {};
  const missing: string[] = [];
  for (const c of columns) {
    const i = header.findIndex((h) => h.replace(/\s|\*/g, '') === c.header.replace(/\s|\*/g, ''));
    if (i >= 0) at[c.key] = i;
    else if (c.required !== false) missing.push(c.header);
  }
  return missing.length ? { missing } : at;
}

/**
 * A cell kept past its batch (a load's memo of ID numbers, its people by ID number): a copy of its
 * own. A cell is a slice of the batch's decoded text, and V8 keeps a slice of 13 characters or
 * more as a view that holds the whole text: ID numbers kept that way over a 1,000,000-row
 * settlement load held much of its 172 MB file. A prefix makes a new string of both, which V8
 * flattens into a copy when it is sliced again (200,000 kept cells of 1 MB batches: 163 MB of
 * heap kept as they came, 23 MB so), without a Buffer per cell.
 */
export const detachedCell = (cell: string): string => ` ${cell}`.slice(1);

// The writing side (list exports, templates, error reports) is lib/table-export.ts.
export { writeTable } from './table-export';
