import { describe, expect, it } from 'vitest';
import { groupedReference, paymentReference, readReference, referencesIn } from './payment-reference';

describe('payment reference (缴费识别码)', () => {
  const ref = paymentReference(2027, 42);

  it('is 16 digits: the year, the id in ten, two MOD 97-10 check digits', () => {
    expect(ref).toMatch(/^2027000000004\d{3}$/);
    // ISO 7064 MOD 97-10: the whole number is 1 modulo 97.
    expect(BigInt(ref) % 97n).toBe(1n);
    expect(readReference(ref)).toEqual({ reference: ref, year: 2027, applicationId: 42 });
  });

  it('reads the printed grouping back', () => {
    expect(groupedReference(ref)).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    expect(readReference(groupedReference(ref))?.applicationId).toBe(42);
  });

  it('refuses a mistyped digit and two swapped digits', () => {
    for (let i = 0; i < 16; i++) {
      const typo = ref.slice(0, i) + String((Number(ref[i]) + 1) % 10) + ref.slice(i + 1);
      expect(readReference(typo), typo).toBeNull();
    }
    for (let i = 0; i < 15; i++) {
      if (ref[i] === ref[i + 1]) continue;
      const swapped = ref.slice(0, i) + ref[i + 1] + ref[i] + ref.slice(i + 2);
      expect(readReference(swapped), swapped).toBeNull();
    }
    expect(readReference('123')).toBeNull();
  });

  it('finds references in a memo among words, spaces and other numbers', () => {
    const other = paymentReference(2026, 7);
    expect(referencesIn(`互助金 ${groupedReference(ref)} 星辰科技`).map((r) => r.applicationId)).toEqual([42]);
    expect(referencesIn(`账号6222020200112233445 缴费${ref}`).map((r) => r.reference)).toEqual([ref]);
    expect(referencesIn(`${ref}，${other}，${ref}`).map((r) => r.applicationId)).toEqual([42, 7]);
    expect(referencesIn('货款 20270000000042 00')).toEqual([]);
    expect(referencesIn('')).toEqual([]);
  });
});
