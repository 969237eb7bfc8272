/**
 * Mutual-aid enrolment (DESIGN.md §6): the states, labels and pure rules both sides use.
 * Money is integer fen (分); `yuan()` formats it.
 */

/** Application states as stored; 已生效 is shown for a paid application once its period has begun. */
export const APPLICATION_STATE_LABELS = {
  draft: '待提交',
  submitted: '已提交',
  returned: '已退回',
  unpaid: '待缴费',
  paid: '已缴费',
  effective: '已生效',
  cancelled: '已撤销',
} as const;
export type ApplicationState = keyof typeof APPLICATION_STATE_LABELS;
export type StoredApplicationState = Exclude<ApplicationState, 'effective'>;

export const APPLICATION_KIND_LABELS = { new: '新参', add: '增员' } as const;
export type ApplicationKind = keyof typeof APPLICATION_KIND_LABELS;

/** Person types (dictionary PSN_TYPE). */
export const PSN_TYPE_LABELS = { '1': '在职职工', '2': '退休职工', '3': '劳动模范', '4': '困难职工' } as const;
export type PsnType = keyof typeof PSN_TYPE_LABELS;

export const ELIGIBILITY_LABELS = { all: '全体职工', female: '限女职工' } as const;
export type Eligibility = keyof typeof ELIGIBILITY_LABELS;

/** Where a period stands today: 未开始 (enrolment not open yet), 申报中, 生效中, 已结束. */
export const PERIOD_PHASE_LABELS = { upcoming: '未开始', enrolling: '申报中', inForce: '生效中', closed: '已结束' } as const;
export type PeriodPhase = keyof typeof PERIOD_PHASE_LABELS;

export interface PeriodDates {
  startDate: string;
  endDate: string;
  enrolStart: string;
  enrolEnd: string;
  payDeadline: string;
  waitingDays: number;
}

/** Dates are 'YYYY-MM-DD' (Beijing), compared as strings. */
export function periodPhase(p: PeriodDates, today: string): PeriodPhase {
  if (today > p.endDate) return 'closed';
  if (today >= p.enrolStart && today <= p.enrolEnd && today < p.startDate) return 'enrolling';
  if (today >= p.startDate) return 'inForce';
  return 'upcoming';
}

/** A period as every list shows it: its year, name and dates with its phase today (units' and operators' lists). */
export function periodFacts(p: PeriodDates & { year: number; name: string }, today: string) {
  const phase = periodPhase(p, today);
  return {
    year: p.year,
    name: p.name,
    startDate: p.startDate,
    endDate: p.endDate,
    enrolStart: p.enrolStart,
    enrolEnd: p.enrolEnd,
    payDeadline: p.payDeadline,
    waitingDays: p.waitingDays,
    phase,
    phaseLabel: PERIOD_PHASE_LABELS[phase],
  };
}

/** Whether a unit may make or submit an application for the period today (new: in the window; add: while in force). */
export function canApply(p: PeriodDates, kind: ApplicationKind, today: string): boolean {
  if (kind === 'new') return today >= p.enrolStart && today <= p.enrolEnd && today <= p.endDate;
  return today >= p.startDate && today <= p.endDate;
}

export { chinaDay } from '../china-time';

/** 'YYYY-MM-DD' plus n days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * The first day of cover: the later of the period's start and payment + waiting days; a member
 * covered by the same product in the previous period who pays by the deadline continues without
 * a gap and has no waiting period.
 */
export function coverStart(p: PeriodDates, paidOn: string, continuing: boolean): string {
  const noGap = continuing && paidOn <= p.payDeadline;
  const from = noGap ? p.startDate : addDays(paidOn, p.waitingDays);
  return from > p.startDate ? from : p.startDate;
}

/**
 * ¥ with two decimals from fen, thousands grouped: 123456789 → '1,234,567.89'. Grouped by hand:
 * the first toLocaleString of a page loads the browser's number-format data, about 9 ms of a
 * phone's first screen (the key figures on /Home).
 */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Whether a product admits a person (gender '1' male, '2' female, from the ID number). */
export function eligible(eligibility: Eligibility, gender: string | null | undefined): boolean {
  return eligibility === 'all' || (eligibility === 'female' && gender === '2');
}

/** The application number shown to users: year + six digits of the id (SQ2027000042). */
export const applicationNo = (year: number, id: number) => `SQ${year}${String(id).padStart(6, '0')}`;

/** A bank card shown in lists: first 4 and last 4 digits. */
export function maskCard(card: string | null | undefined): string {
  if (!card) return '';
  return card.length <= 8 ? card : `${card.slice(0, 4)} **** ${card.slice(-4)}`;
}

/** The benefit rule of a product (issue 9 reads it): deductible, bands of the self-pay, yearly cap. */
export interface BenefitRule {
  deductibleFen?: number;
  capFen?: number;
  /** Ascending bands; the last has uptoFen null. ratioPct: percent paid within the band. */
  bands?: Array<{ uptoFen: number | null; ratioPct: number }>;
  /** Lump-sum products (重大疾病): the amount per share. */
  lumpSumFen?: number;
  /** 住院生活补助: per day in hospital and share, and the days counted per year. */
  dailyFen?: number;
  maxDays?: number;
  /** 困难职工补助: the fixed amount per period. */
  hardshipFen?: number;
}
