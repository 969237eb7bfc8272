import { messages } from './messages';
import { dayKey, isRealDate, present } from './internal';

/** Province-level codes of GB/T 2260 that start a citizen ID number. */
export const ID_CARD_PROVINCES: ReadonlySet<string> = new Set([
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
  '81',
  '82',
  '91',
]);

/** ISO 7064 MOD 11-2 weights of the first 17 digits and the check character per remainder. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';
const SHAPE = /^\d{17}[\dXx]$/;

export interface IdCardInfo {
  /** '1' male (odd 17th digit), '2' female. */
  gender: '1' | '2';
  /** YYYY-MM-DD */
  birthDate: string;
}

/** The check character of the first 17 digits (ISO 7064 MOD 11-2); used to make valid numbers too. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

function birthKey(s: string): string {
  return `${s.slice(6, 10)}-${s.slice(10, 12)}-${s.slice(12, 14)}`;
}

function isValidIdCard(s: string, today: Date): boolean {
  if (!SHAPE.test(s) || !ID_CARD_PROVINCES.has(s.slice(0, 2))) return false;
  const y = Number(s.slice(6, 10));
  const m = Number(s.slice(10, 12));
  const d = Number(s.slice(12, 14));
  if (y < 1900 || !isRealDate(y, m, d)) return false;
  if (birthKey(s) > dayKey(today)) return false;
  return idCardCheckChar(s) === s[17].toUpperCase();
}

/**
 * Citizen ID number (R41): 18 characters — 17 digits and a check character; a GB/T 2260
 * province prefix; a real birth date YYYYMMDD from 1900-01-01 up to `today` (local
 * calendar day, default now); the ISO 7064 MOD 11-2 check character, where 'x' is
 * accepted as well as 'X'. Blank input is not checked.
 */
export function checkIdCard(v: unknown, today: Date = new Date()): string | null {
  const s = present(v);
  if (s === null) return null;
  return isValidIdCard(s, today) ? null : messages.idCard;
}

/** Gender and birth date of a valid ID number (see checkIdCard), else null. */
export function parseIdCard(v: unknown, today: Date = new Date()): IdCardInfo | null {
  const s = present(v);
  if (s === null || !isValidIdCard(s, today)) return null;
  return { gender: Number(s[16]) % 2 === 1 ? '1' : '2', birthDate: birthKey(s) };
}
