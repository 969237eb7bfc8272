import { chinaDay, chinaWallClock } from '@hall/shared';
import type { TableColumn } from './table-file';

/**
 * The cells of an Excel export (docs/architecture.md, Excel exports): each column's kind, its
 * number format, and each value as its cell. Pure: the export worker (export-worker.ts) writes
 * with these as the main thread's writer does, without the server's modules.
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

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text as written: one that a spreadsheet could read as a formula gets an apostrophe before it. */
export const safeText = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day (YYYY-MM-DD) as the Date exceljs writes as that day (it counts in UTC). */
const dayDate = (day: string) => {
  const m = DAY.exec(day);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
};

export const numberOf = (v: unknown) => {
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
