import type { Readable } from 'node:stream';
import { xlsxSheetRows } from './table-file-xlsx';
import { CSV_LINE_MAX_CHARS, TABLE_LIMIT_MESSAGES, TableRefused } from './table-limits';

/**
 * Tables in files: rosters, application imports and the bureau's registry come in as Excel
 * (.xlsx) or CSV; lists, templates and error reports go out as Excel. Both directions stream
 * (reading: table-file-xlsx's sheet reader, or CSV line by line; writing: table-export.ts),
 * so a 460,000-row roster never sits in memory whole.
 */

export type TableFormat = 'xlsx' | 'csv';

/** The format from a file name, or null for anything else. */
export function formatOf(fileName: string): TableFormat | null {
  const ext = fileName.toLowerCase().split('.').pop();
  return ext === 'xlsx' ? 'xlsx' : ext === 'csv' ? 'csv' : null;
}

/** A cell as the text a clerk typed: numbers without exponent, dates as YYYY-MM-DD, rich text joined. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v).toString() : String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { richText?: Array<{ text: string }>; text?: string; result?: unknown };
    if (o.richText)
      return o.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (o.text !== undefined) return String(o.text).trim();
    if (o.result !== undefined) return cellText(o.result);
  }
  return String(v).trim();
}

/** One CSV line split on commas outside double quotes ("" is a quote). */
function splitCsvLine(line: string): string[] {
  // Most lines quote nothing: split natively (a large file is mostly such lines).
  if (!line.includes('"')) return line.split(',').map((c) => c.trim());
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

/**
 * The lines of a CSV file split into cells, a decoded piece's worth at a time (one await per
 * piece, not per line). A line longer than CSV_LINE_MAX_CHARS is refused (TableRefused), not held.
 */
async function* csvRows(input: Readable): AsyncGenerator<string[][]> {
  let rest = '';
  let first = true;
  let lineNo = 0;
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of input) {
    // `rest` has no line end: the search goes on from where it stopped.
    const searched = rest.length;
    rest += decoder.decode(chunk as Buffer, { stream: true });
    if (first) {
      rest = rest.replace(/^\uFEFF/, '');
      first = false;
    }
    // Lines are cut by position and the rest kept once per chunk (not once per line: that copies
    // the chunk's tail again for every line).
    const lines: string[][] = [];
    let from = 0;
    let nl = rest.indexOf('\n', searched);
    while (nl >= 0) {
      const end = nl > from && rest.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      lines.push(splitCsvLine(rest.slice(from, end)));
      from = nl + 1;
      nl = rest.indexOf('\n', from);
    }
    lineNo += lines.length;
    rest = rest.slice(from);
    if (rest.length > CSV_LINE_MAX_CHARS) throw new TableRefused(TABLE_LIMIT_MESSAGES.csvLineTooLong(lineNo + 1));
    if (lines.length) yield lines;
  }
  rest += decoder.decode();
  if (rest.trim()) yield [splitCsvLine(rest.replace(/\r$/, ''))];
}

/**
 * A row of a table file: rowNo is the clerk's row number (1 = the header), cells trimmed texts;
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
    for await (const lines of csvRows(input)) {
      const rows: TableRow[] = [];
      for (const cells of lines) {
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

// The writing side (list exports, templates, error reports) is lib/table-export.ts.
export { writeTable } from './table-export';
