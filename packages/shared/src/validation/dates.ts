import { messages } from './messages';
import { dayKey, isRealDate, present } from './internal';

/** A date as a picker gives it: 'YYYY-MM-DD' (or YYYYMMDD, YYYY/MM/DD, YYYY-MM, YYYYMM, with an optional time) or a Date. */
export type DateInput = string | Date | null | undefined;

interface Parsed {
  /** Milliseconds, local time, for ordering. */
  time: number;
  /** 'YYYY-MM-DD', or 'YYYY-MM' for a month, for equality. */
  key: string;
}

const DATE_TEXT = /^(\d{4})[-/.]?(\d{2})(?:[-/.]?(\d{2}))?(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function parse(v: DateInput): Parsed | null {
  if (v instanceof Date) {
    const time = v.getTime();
    return Number.isNaN(time) ? null : { time, key: dayKey(v) };
  }
  const s = present(v)?.trim();
  if (!s) return null;
  const m = DATE_TEXT.exec(s);
  if (m) {
    const [y, mo, d, h, mi, se] = m.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
    if (!isRealDate(y!, mo!, d ?? 1) || (h ?? 0) > 23 || (mi ?? 0) > 59 || (se ?? 0) > 59) return null;
    const time = new Date(y!, mo! - 1, d ?? 1, h ?? 0, mi ?? 0, se ?? 0).getTime();
    return { time, key: d === undefined ? `${m[1]}-${m[2]}` : `${m[1]}-${m[2]}-${m[3]}` };
  }
  // Anything else JavaScript reads as a date, e.g. an ISO timestamp from JSON.
  const time = Date.parse(s);
  return Number.isNaN(time) ? null : { time, key: dayKey(new Date(time)) };
}

/**
 * Start must not be later than end (R44). When it is, both fields get their message:
 * start 开始时间不能大于结束时间, end 结束时间不能小于开始时间. Equal dates are fine.
 * A missing or unreadable date gives no message (required-ness and format are other rules).
 */
export function checkDateRange(start?: DateInput, end?: DateInput): { start: string | null; end: string | null } {
  const a = parse(start);
  const b = parse(end);
  if (a && b && a.time > b.time) return { start: messages.startAfterEnd, end: messages.endBeforeStart };
  return { start: null, end: null };
}

/** Required date field: 请选择{field} when empty. */
export function checkDateRequired(v: DateInput, field: string): string | null {
  if (v instanceof Date) return null;
  return present(v) === null ? messages.selectDate(field) : null;
}

/**
 * 该日期已申报 when the date (day, or month for YYYY-MM / YYYYMM) is among the dates
 * already reported, whatever spelling each side uses. Blank input is not checked.
 */
export function checkDateNotReported(date: DateInput, reportedDates: readonly DateInput[]): string | null {
  if (!(date instanceof Date) && present(date) === null) return null;
  const keyOf = (v: DateInput) => parse(v)?.key ?? (typeof v === 'string' ? v.trim() : null);
  const key = keyOf(date);
  if (key === null) return null;
  return reportedDates.some((r) => keyOf(r) === key) ? messages.dateReported : null;
}
