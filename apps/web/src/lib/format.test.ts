import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatSize } from './format';

describe('formatting (China time, sizes for people)', () => {
  it.each([
    ['2026-01-31T16:30:00.000Z', '2026-02-01', '2026-02-01 00:30'],
    ['2026-03-01T01:30:00.000Z', '2026-03-01', '2026-03-01 09:30'],
    ['2026-12-31T15:59:59.000Z', '2026-12-31', '2026-12-31 23:59'],
    ['2026-12-31T16:00:00.000Z', '2027-01-01', '2027-01-01 00:00'],
    ['2026-07-01T08:00:00+08:00', '2026-07-01', '2026-07-01 08:00'],
    [Date.UTC(2026, 4, 20, 2, 5), '2026-05-20', '2026-05-20 10:05'],
    ['2026-03-01', '2026-03-01', '2026-03-01 08:00'],
    ['2026-03-01 20:15:00', '2026-03-02', '2026-03-02 04:15'],
    [null, '', ''],
    [undefined, '', ''],
    ['', '', ''],
    ['not a date', '', ''],
  ] as const)('%s → %s / %s', (value, date, dateTime) => {
    expect(formatDate(value)).toBe(date);
    expect(formatDateTime(value)).toBe(dateTime);
  });

  it.each([
    [0, '0 B'],
    [820, '820 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [12_800, '12.5 KB'],
    [1024 * 1024 - 1, '1024.0 KB'],
    [1024 * 1024, '1.0 MB'],
    [1_258_291, '1.2 MB'],
    [10 * 1024 * 1024, '10.0 MB'],
    [-1, ''],
    [Number.NaN, ''],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});
