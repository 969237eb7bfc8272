import type { BenefitRule } from '../enrolment/index';
import { yuan } from '../enrolment/index';

/**
 * The benefit rule of a banded product (住院医疗互助), as one pure function over a person's whole
 * year in one product: the treatment of each settlement depends on the settlements before it
 * (the yearly deductible is taken once, the bands are progressive over the year's cumulative
 * self-pay, and the cap is per year). So the caller always passes every settlement of the person
 * in the period, and stores what comes back; a correction or a reversal is a new call with the
 * changed list, and `dueFen` (amount − paid) goes negative where an amount already paid falls.
 *
 * - base: the settlement's policy-scope self-pay (政策范围内个人自付); a reversed one counts 0.
 * - deductible (起付线): taken from the first bases of the year until used up.
 * - bands (分段): the cumulative base after the deductible is split over the bands; each part is
 *   paid at its band's ratio (≤5,000 at 45 %, 5,000–10,000 at 50 %, …).
 * - shares (份数): the amount and the cap are multiplied by the shares taken.
 * - cap (年度封顶): capFen × shares over the year's amounts.
 * - cover: a stay admitted before the cover starts (waiting period, 等待期) or without cover of the
 *   product gets nothing, and uses none of the deductible.
 */

export interface RuleCover {
  /** First day of cover ('YYYY-MM-DD'), after the waiting period. */
  coveredFrom: string;
  shares: number;
}

export interface RuleStay {
  id: string | number;
  admittedOn: string;
  dischargedOn: string;
  /** 政策范围内个人自付 (fen). */
  baseFen: number;
  reversed?: boolean;
  /** Already paid on this stay (fen), from earlier batches. */
  paidFen?: number;
}

export interface RuleResult {
  id: string | number;
  /** The base the rule counted after the deductible still left. */
  countedFen: number;
  amountFen: number;
  /** amount − paid: what the next batch pays (negative: set off against later payments). */
  dueFen: number;
  /** Why the amount is zero or lower than the banded figure. */
  reason: string | null;
}

export const RULE_REASONS = {
  notCovered: '未参加本险种互助',
  reversed: '医保结算已冲销',
  belowDeductible: (deductibleFen: number) => `未超过年度起付线（${yuan(deductibleFen)}元）`,
  capReached: (capFen: number) => `已达年度封顶（${yuan(capFen)}元）`,
  waiting: (coveredFrom: string) => `等待期内入院（保障自${coveredFrom}起）`,
} as const;

/** Does the product pay on settlements (a banded rule), rather than by claims only? */
export const isBanded = (rule: BenefitRule): boolean => Array.isArray(rule.bands) && rule.bands.length > 0;

/** The banded amount of a cumulative base (fen, rounded down to the fen), for one share. */
export function bandedAmount(rule: BenefitRule, cumulativeFen: number): number {
  let left = Math.max(0, cumulativeFen);
  let lower = 0;
  let total = 0;
  for (const band of rule.bands ?? []) {
    const upper = band.uptoFen ?? Number.POSITIVE_INFINITY;
    const part = Math.min(left, upper - lower);
    if (part <= 0) break;
    total += (part * band.ratioPct) / 100;
    left -= part;
    lower = upper;
  }
  return Math.floor(total);
}

/** Settlements in the order the rule takes them: by discharge date, then admission, then id. */
function inOrder(stays: readonly RuleStay[]): RuleStay[] {
  return [...stays].sort(
    (a, b) =>
      a.dischargedOn.localeCompare(b.dischargedOn) ||
      a.admittedOn.localeCompare(b.admittedOn) ||
      String(a.id).localeCompare(String(b.id), undefined, { numeric: true }),
  );
}

/** The treatment of every stay of one person's year in one banded product (results in input order). */
export function yearTreatments(rule: BenefitRule, cover: RuleCover | null, stays: readonly RuleStay[]): RuleResult[] {
  const shares = cover?.shares ?? 0;
  const capFen = rule.capFen === undefined ? Number.POSITIVE_INFINITY : rule.capFen * shares;
  let deductibleLeft = rule.deductibleFen ?? 0;
  let cumulative = 0;
  let granted = 0;
  const byId = new Map<string | number, RuleResult>();

  for (const stay of inOrder(stays)) {
    const paid = stay.paidFen ?? 0;
    const zero = (reason: string | null): RuleResult => ({ id: stay.id, countedFen: 0, amountFen: 0, dueFen: paid ? -paid : 0, reason });
    if (!cover) {
      byId.set(stay.id, zero(RULE_REASONS.notCovered));
      continue;
    }
    if (stay.reversed) {
      byId.set(stay.id, zero(RULE_REASONS.reversed));
      continue;
    }
    if (stay.admittedOn < cover.coveredFrom) {
      byId.set(stay.id, zero(RULE_REASONS.waiting(cover.coveredFrom)));
      continue;
    }
    const base = Math.max(0, stay.baseFen);
    const deducted = Math.min(deductibleLeft, base);
    deductibleLeft -= deducted;
    const counted = base - deducted;
    if (counted === 0) {
      byId.set(stay.id, zero(base > 0 || (rule.deductibleFen ?? 0) > 0 ? RULE_REASONS.belowDeductible(rule.deductibleFen ?? 0) : null));
      continue;
    }
    const banded = (bandedAmount(rule, cumulative + counted) - bandedAmount(rule, cumulative)) * shares;
    cumulative += counted;
    const amount = Math.max(0, Math.min(banded, capFen - granted));
    granted += amount;
    byId.set(stay.id, {
      id: stay.id,
      countedFen: counted,
      amountFen: amount,
      dueFen: amount - paid,
      reason: amount < banded ? RULE_REASONS.capReached(capFen) : null,
    });
  }
  return stays.map((s) => byId.get(s.id)!);
}

/** 住院生活补助: days × daily amount × shares, within the days of the year still left. */
export function allowanceAmount(rule: BenefitRule, shares: number, days: number, daysUsedThisYear: number): number {
  const left = Math.max(0, (rule.maxDays ?? Number.POSITIVE_INFINITY) - daysUsedThisYear);
  return Math.min(Math.max(0, days), left) * (rule.dailyFen ?? 0) * shares;
}

/** Days in hospital of a stay: discharge − admission, at least one (a same-day stay counts one). */
export function stayDays(admittedOn: string, dischargedOn: string): number {
  const ms = Date.parse(`${dischargedOn}T00:00:00Z`) - Date.parse(`${admittedOn}T00:00:00Z`);
  return Math.max(1, Math.round(ms / 86_400_000));
}

/** 重大疾病 / 女职工特殊疾病: the lump sum × shares, within the cap × shares left this period. */
export function lumpSumAmount(rule: BenefitRule, shares: number, grantedThisPeriod: number): number {
  const sum = (rule.lumpSumFen ?? 0) * shares;
  const cap = rule.capFen === undefined ? Number.POSITIVE_INFINITY : rule.capFen * shares;
  return Math.max(0, Math.min(sum, cap - grantedThisPeriod));
}
