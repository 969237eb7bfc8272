/** Dates and times as read in China (packages/shared china-time.ts), as the pages print them. */
import { chinaMinute } from '@hall/shared/china-time.ts';

type Instant = string | number | Date | null | undefined;

/** Calendar day in China: 2026-03-01 ('' when missing or invalid). */
export const formatDate = (value: Instant): string => chinaMinute(value)?.slice(0, 10) ?? '';

/** Date and time in China: 2026-03-01 09:30 ('' when missing or invalid). */
export const formatDateTime = (value: Instant): string => chinaMinute(value) ?? '';

/** A file size for people: 820 B, 12.5 KB, 1.2 MB ('' when not a size). */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Today in China, 'YYYY-MM-DD' (the server's calendar, whatever the browser's zone). */
export const chinaToday = (): string => formatDate(Date.now());
