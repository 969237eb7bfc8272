/**
 * The shape of the generated city at a scale factor (1 = the city of DESIGN.md §7), and the
 * deterministic values each row is made of: the n-th person's ID number, the n-th unit's credit
 * code, names, dates. Every row is a function of its index, so rows are made on the fly and
 * never held in memory.
 */
import { checkIdCard, checkUscc, idCardCheckChar, usccCheckChar } from '@hall/shared';
import { demoName } from '../../apps/server/src/db/seed/demo-staff';

export interface CityShape {
  scale: number;
  /** Level-1 unions (types 92 and 93 alternately) and the level-2 units under them. */
  unions: number;
  enterprises: number;
  persons: number;
  /** Staff of the demo unit qydw92101 (the first persons): the big roster of the benches. */
  heavyStaff: number;
  settlements: number;
  claims: number;
  mailPerUnit: number;
  /** Extra mail of qydw92101 (the 50,000-message inbox at full scale). */
  heavyMail: number;
}

export function cityShape(scale: number): CityShape {
  if (!(scale > 0 && scale <= 4)) throw new Error(`scale must be in (0, 4], got ${scale}`);
  const units = Math.max(20, Math.round(50_000 * scale));
  const unions = Math.max(2, Math.round(units / 50));
  const persons = Math.max(200, Math.round(2_000_000 * scale));
  return {
    scale,
    unions,
    enterprises: units - unions,
    persons,
    heavyStaff: Math.round(persons * 0.025),
    settlements: Math.round(5_000_000 * scale),
    claims: Math.round(200_000 * scale),
    mailPerUnit: 3,
    heavyMail: Math.round(50_000 * scale),
  };
}

/** Districts no demo person uses (the demo's are 4301xx but 430123/430124/430182, and 430501). */
const DISTRICTS = ['430182', '430123', '430124', '430211'];
const BORN_FROM = Date.UTC(1965, 0, 1);
const DAY = 86_400_000;

/**
 * The n-th person's ID number: district n mod 4, then per district 1,000 sequence numbers per
 * birth date; birth dates are spread (×37 mod 14,000 days, a bijection) from 1965 to 2003.
 * Distinct for n < 56,000,000.
 */
export function certNoOf(n: number): string {
  const j = Math.floor(n / DISTRICTS.length);
  const seq = j % 1000;
  const dayNo = (Math.floor(j / 1000) * 37) % 14_000;
  const born = new Date(BORN_FROM + dayNo * DAY).toISOString();
  const body = `${DISTRICTS[n % DISTRICTS.length]}${born.slice(0, 4)}${born.slice(5, 7)}${born.slice(8, 10)}${String(seq).padStart(3, '0')}`;
  return body + idCardCheckChar(body);
}

/** Gender and birth date as the ID number says (the 17th digit odd: male). */
export const genderOf = (certNo: string) => (Number(certNo[16]) % 2 === 1 ? '1' : '2');
export const birthDateOf = (certNo: string) => `${certNo.slice(6, 10)}-${certNo.slice(10, 12)}-${certNo.slice(12, 14)}`;

export const nameOf = (n: number) => demoName(n + 7);

/** GB 11714 organisation code: 8 digits and the check character (weights 3 7 9 10 5 8 4 2). */
function orgCode(n: number): string {
  const body = `7${String(n).padStart(7, '0')}`;
  const weights = [3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(body[i]) * weights[i];
  const c = 11 - (sum % 11);
  return body + (c === 10 ? 'X' : c === 11 ? '0' : String(c));
}

/** The n-th unit's unified social credit code: 81 (a union) or 91 (an enterprise), Changsha, org code, check. */
export function usccOf(n: number, union: boolean): string {
  const body = `${union ? '81' : '91'}430100${orgCode(n)}`;
  return body + usccCheckChar(body);
}

/** Throws when a made ID number or credit code is not valid: the generator checks what it writes. */
export function assertValid(certNo: string | null, uscc: string | null, today: Date) {
  if (certNo !== null && checkIdCard(certNo, today) !== null) throw new Error(`generated an invalid ID number ${certNo}`);
  if (uscc !== null && checkUscc(uscc) !== null) throw new Error(`generated an invalid credit code ${uscc}`);
}

const days = new Map<number, string>();
/** 'YYYY-MM-DD' of a day number counted from 1 January of a year (UTC calendar); remembered (a few hundred days are used). */
export function dayOf(year: number, dayNo: number): string {
  const key = year * 100_000 + dayNo;
  let day = days.get(key);
  if (day === undefined) {
    day = new Date(Date.UTC(year, 0, 1) + dayNo * DAY).toISOString().slice(0, 10);
    days.set(key, day);
  }
  return day;
}
