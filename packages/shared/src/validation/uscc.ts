import { messages } from './messages';
import { present } from './internal';

/** The 31 characters of GB 32100-2015, in value order 0-30 (no I, O, Z, S, V). */
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/**
 * Position 1 registration authority and 2 organisation category (charset), 3-8 the
 * administrative region (6 digits), 9-17 the organisation code (charset), 18 the check
 * character (charset).
 */
const SHAPE = /^[0-9A-HJ-NP-RTUWXY]{2}\d{6}[0-9A-HJ-NP-RTUWXY]{10}$/;

/** Check character of the first 17 characters: 31 - (Σ value·weight mod 31), 31 → '0'; used to make valid codes too. */
export function usccCheckChar(s: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CHARSET.indexOf(s[i]) * WEIGHTS[i];
  return CHARSET[(31 - (sum % 31)) % 31];
}

/**
 * Unified social credit code (GB 32100-2015). Case: the input is upper-cased before it is
 * checked, so '91350100m000100y43' is accepted; callers that store the code should store
 * it upper-cased. Blank input is not checked.
 */
export function checkUscc(v: unknown): string | null {
  const raw = present(v);
  if (raw === null) return null;
  const s = raw.toUpperCase();
  return SHAPE.test(s) && usccCheckChar(s) === s[17] ? null : messages.uscc;
}
