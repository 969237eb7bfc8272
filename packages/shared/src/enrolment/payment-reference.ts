/**
 * The payment reference (缴费识别码) of a payment notice: 16 digits, the period's year, the
 * application's id in 10 digits and two check digits of ISO 7064 MOD 97-10 (as an IBAN's). The unit
 * writes it in the transfer's memo; the bank statement's memo is matched by it (issue 20).
 *
 * Digits only, because bank memos keep digits when they drop or mangle letters and Chinese; derived
 * from the id, so it needs no column and a match is a primary-key read; the check digits catch a
 * mistyped or swapped digit, so a typo never lands on another unit's notice.
 */

const checkDigits = (body: string) => String(98 - Number((BigInt(body) * 100n) % 97n)).padStart(2, '0');

export function paymentReference(year: number, applicationId: number): string {
  const body = `${year}${String(applicationId).padStart(10, '0')}`;
  return `${body}${checkDigits(body)}`;
}

/** Grouped by four for print and screen: 2027 0000 0000 4253. */
export const groupedReference = (ref: string) => ref.replace(/(\d{4})(?=\d)/g, '$1 ');

export interface ReferenceParts {
  reference: string;
  year: number;
  applicationId: number;
}

/** The reference's parts, or null when it is not one (wrong length or check digits). */
export function readReference(text: string): ReferenceParts | null {
  const ref = text.replace(/[\s-]/g, '');
  if (!/^\d{16}$/.test(ref)) return null;
  const body = ref.slice(0, 14);
  if (checkDigits(body) !== ref.slice(14)) return null;
  return { reference: ref, year: Number(ref.slice(0, 4)), applicationId: Number(ref.slice(4, 14)) };
}

/**
 * Every valid reference in a memo as the bank gives it: digits may be split by spaces or dashes
 * (grouped as printed) and stand among other words and numbers. Distinct, in order of appearance.
 */
export function referencesIn(memo: string): ReferenceParts[] {
  const found = new Map<string, ReferenceParts>();
  for (const run of memo.match(/\d[\d\s-]{14,}\d/g) ?? []) {
    const digits = run.replace(/[\s-]/g, '');
    // A run may hold a reference beside other digits (an account, a date): try every 16-digit window.
    for (let i = 0; i + 16 <= digits.length; i++) {
      const parts = readReference(digits.slice(i, i + 16));
      if (parts && !found.has(parts.reference)) found.set(parts.reference, parts);
    }
  }
  return [...found.values()];
}
