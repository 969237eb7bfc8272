/**
 * China time, the one place that knows it: UTC+8 all year (no summer time since 1991), so a fixed
 * offset is exact and needs no zone database (the portal's login page stays within its budget).
 * The server stores instants in UTC; pages, exports, the CLI and the business days read them here.
 */

export const CHINA_OFFSET_MS = 8 * 3_600_000;

/** A date-time written without a zone is UTC (as the server writes it), never the local zone. */
const NO_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * The instant as a Date whose UTC fields are China's wall clock (for writers that count in UTC,
 * such as exceljs), or null when missing or not a date.
 */
export function chinaWallClock(value: string | number | Date | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const time = typeof value === 'string' && NO_ZONE.test(value) ? new Date(`${value.replace(' ', 'T')}Z`) : new Date(value);
  const ms = time.getTime();
  return Number.isNaN(ms) ? null : new Date(ms + CHINA_OFFSET_MS);
}

/** The calendar day in China of an instant, 'YYYY-MM-DD'. */
export const chinaDay = (at: Date): string => new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** The instant in China to the minute, 'YYYY-MM-DD HH:mm', or null when missing or not a date. */
export const chinaMinute = (value: string | number | Date | null | undefined): string | null =>
  chinaWallClock(value)?.toISOString().slice(0, 16).replace('T', ' ') ?? null;

/** The instant a China calendar day ('YYYY-MM-DD') begins: a list's 'from' day, or its 'to' day plus one. */
export const chinaMidnight = (day: string): Date => new Date(`${day}T00:00:00+08:00`);
