/** Helpers shared by the rule files; not re-exported from the package. */

/**
 * The text a format check looks at, or null when there is nothing to check.
 * Nothing to check means null, undefined, or a string that is empty or whitespace only;
 * whether such a value is allowed is the business of the required rule (isBlank).
 * The sentinel texts 'NULL', 'UNDEFINED' and '{}' are NOT skipped here: in a field
 * with a format they are simply wrong input and get the rule's message.
 * Checks do not trim: R35 trims request fields (trimStrings) before they are checked.
 */
export function present(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const s = typeof v === 'string' ? v : String(v);
  return s.trim() === '' ? null : s;
}

/** Whether y-m-d (month 1-12) is a real day of the Gregorian calendar. */
export function isRealDate(y: number, m: number, d: number): boolean {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d)) return false;
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[m - 1];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Local calendar day of a Date as 'YYYY-MM-DD'. */
export function dayKey(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A format check: null for blank input or a match, else the message. */
export function formatCheck(pattern: RegExp, message: string) {
  return (v: unknown): string | null => {
    const s = present(v);
    return s === null || pattern.test(s) ? null : message;
  };
}
