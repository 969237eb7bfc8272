import { describe, expect, it } from 'vitest';
import { chinaDay, chinaMidnight, chinaMinute, chinaWallClock } from './china-time';

describe('china time', () => {
  it('reads an instant at UTC+8, across midnight', () => {
    expect(chinaDay(new Date('2026-11-26T16:30:00Z'))).toBe('2026-11-27');
    expect(chinaMinute(new Date('2026-11-26T16:30:00Z'))).toBe('2026-11-27 00:30');
    expect(chinaMinute('2026-11-26T16:30:00.000Z')).toBe('2026-11-27 00:30');
  });
  it('takes a date-time without a zone as UTC, as the server writes it', () => {
    expect(chinaMinute('2026-11-26 16:30:00')).toBe('2026-11-27 00:30');
    expect(chinaWallClock('2026-11-26T16:30')?.toISOString()).toBe('2026-11-27T00:30:00.000Z');
  });
  it('answers null for nothing or not a date', () => {
    expect(chinaMinute(null)).toBeNull();
    expect(chinaMinute('')).toBeNull();
    expect(chinaMinute('2026-13-45 99:99')).toBeNull();
  });
  it('starts a China day at 16:00 UTC the day before', () => {
    expect(chinaMidnight('2026-11-27').toISOString()).toBe('2026-11-26T16:00:00.000Z');
  });
});
