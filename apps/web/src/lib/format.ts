/**
 * Dates and times as read in China. China keeps UTC+8 all year (no summer time since 1991), so
 * a fixed offset is exact; without dayjs and its zone plugins the login page stays in its budget.
 */

type Instant = string | number | Date | null | undefined;

const CHINA_OFFSET_MS = 8 * 3_600_000;
/** A date-time written without a zone is UTC (as the server writes it), never the browser's zone. */
const NO_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** 'YYYY-MM-DDTHH:mm' of the instant in China, or null when missing or not a date. */
function inChina(value: Instant): string | null {
  if (value == null || value === '') return null;
  const time = typeof value === 'string' && NO_ZONE.test(value) ? new Date(`${value.replace(' ', 'T')}Z`) : new Date(value);
  const ms = time.getTime();
  return Number.isNaN(ms) ? null : new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 16);
}

/** Calendar day in China: 2026-03-01 ('' when missing or invalid). */
export const formatDate = (value: Instant): string => inChina(value)?.slice(0, 10) ?? '';

/** Date and time in China: 2026-03-01 09:30 ('' when missing or invalid). */
export const formatDateTime = (value: Instant): string => inChina(value)?.replace('T', ' ') ?? '';

/** A file size for people: 820 B, 12.5 KB, 1.2 MB ('' when not a size). */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Today in China, 'YYYY-MM-DD' (the server's calendar, whatever the browser's zone). */
export const chinaToday = (): string => formatDate(Date.now());
