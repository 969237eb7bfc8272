import { describe, expect, it } from 'vitest';
import type { BenefitRule } from '../enrolment/index';
import { claimDeadline, diseaseOf, MAJOR_DISEASES } from './index';
import {
  allowanceAmount,
  bandedAmount,
  isBanded,
  lumpSumAmount,
  RULE_REASONS,
  type RuleCover,
  type RuleStay,
  stayDays,
  yearTreatments,
} from './rule';

/** The demo city's 住院医疗互助 rule (DESIGN.md §6): ¥1,000 deductible, bands, ¥30,000 cap. */
const RULE: BenefitRule = {
  deductibleFen: 100_000,
  capFen: 3_000_000,
  bands: [
    { uptoFen: 500_000, ratioPct: 45 },
    { uptoFen: 1_000_000, ratioPct: 50 },
    { uptoFen: 2_000_000, ratioPct: 55 },
    { uptoFen: 3_000_000, ratioPct: 60 },
    { uptoFen: null, ratioPct: 70 },
  ],
  dailyFen: 5_000,
  maxDays: 60,
};
const ONE: RuleCover = { coveredFrom: '2026-01-01', shares: 1 };
const stay = (id: number, yuanBase: number, extra: Partial<RuleStay> = {}): RuleStay => ({
  id,
  admittedOn: `2026-0${id}-01`,
  dischargedOn: `2026-0${id}-10`,
  baseFen: yuanBase * 100,
  ...extra,
});
const amounts = (rule: BenefitRule, cover: RuleCover | null, stays: RuleStay[]) =>
  yearTreatments(rule, cover, stays).map((r) => [r.amountFen, r.dueFen, r.reason]);

describe('yearTreatments: one person, one product, one period', () => {
  it.each([
    // name, cover, stays (yuan), expected [amount, due, reason] per stay (fen)
    ['within the first band: (3,000 − 1,000) × 45 %', ONE, [stay(1, 3_000)], [[90_000, 90_000, null]]],
    ['below the deductible: nothing', ONE, [stay(1, 500)], [[0, 0, RULE_REASONS.belowDeductible(100_000)]]],
    ['exactly the deductible: nothing', ONE, [stay(1, 1_000)], [[0, 0, RULE_REASONS.belowDeductible(100_000)]]],
    ['across three bands: 5,000×45 % + 5,000×50 % + 2,000×55 %', ONE, [stay(1, 13_000)], [[585_000, 585_000, null]]],
    [
      'the deductible once a year, the bands over the year: 2,000×45 %, then 3,000×45 % + 1,000×50 %',
      ONE,
      [stay(1, 3_000), stay(2, 4_000)],
      [
        [90_000, 90_000, null],
        [185_000, 185_000, null],
      ],
    ],
    ['two shares: twice the amount', { coveredFrom: '2026-01-01', shares: 2 }, [stay(1, 3_000)], [[180_000, 180_000, null]]],
    [
      'the cap in one stay (64,550 by the bands), and nothing after it',
      ONE,
      [stay(1, 100_000), stay(2, 5_000)],
      [
        [3_000_000, 3_000_000, RULE_REASONS.capReached(3_000_000)],
        [0, 0, RULE_REASONS.capReached(3_000_000)],
      ],
    ],
    [
      'the cap across settlements: 22,550, then 28,000 cut to 7,450',
      ONE,
      [stay(1, 40_000), stay(2, 40_000)],
      [
        [2_255_000, 2_255_000, null],
        [745_000, 745_000, RULE_REASONS.capReached(3_000_000)],
      ],
    ],
    [
      'two shares double the cap: 22,550×2, then the rest of 60,000',
      { coveredFrom: '2026-01-01', shares: 2 },
      [stay(1, 40_000), stay(2, 40_000)],
      [
        [4_510_000, 4_510_000, null],
        [1_490_000, 1_490_000, RULE_REASONS.capReached(6_000_000)],
      ],
    ],
    [
      'admitted in the waiting period: nothing, and the deductible stays for the next stay',
      { coveredFrom: '2026-04-01', shares: 1 },
      [stay(3, 5_000, { admittedOn: '2026-03-20' }), stay(4, 3_000)],
      [
        [0, 0, RULE_REASONS.waiting('2026-04-01')],
        [90_000, 90_000, null],
      ],
    ],
    ['not covered by the product', null, [stay(1, 3_000)], [[0, 0, RULE_REASONS.notCovered]]],
    [
      'a reversal lowers amounts already paid: the reversed stay is set off, and the next stay now bears the deductible',
      ONE,
      [stay(1, 3_000, { reversed: true, paidFen: 90_000 }), stay(2, 4_000, { paidFen: 185_000 })],
      [
        [0, -90_000, RULE_REASONS.reversed],
        [135_000, -50_000, null],
      ],
    ],
    ['a correction to a lower self-pay: the difference is set off', ONE, [stay(1, 2_000, { paidFen: 90_000 })], [[45_000, -45_000, null]]],
    ['a correction to a higher self-pay: the difference is due', ONE, [stay(1, 4_000, { paidFen: 90_000 })], [[135_000, 45_000, null]]],
  ] as const)('%s', (_name, cover, stays, expected) => {
    expect(amounts(RULE, cover as RuleCover | null, [...stays] as RuleStay[])).toEqual(expected);
  });

  it('takes the stays in date order whatever order they come in, and answers in the input order', () => {
    const forward = yearTreatments(RULE, ONE, [stay(1, 3_000), stay(2, 4_000)]);
    const backward = yearTreatments(RULE, ONE, [stay(2, 4_000), stay(1, 3_000)]);
    expect(backward.map((r) => r.id)).toEqual([2, 1]);
    expect(backward[0]).toEqual(forward[1]);
    expect(backward[1]).toEqual(forward[0]);
  });

  it('a rule without a deductible or cap pays from the first fen', () => {
    const open: BenefitRule = { bands: [{ uptoFen: null, ratioPct: 50 }] };
    expect(amounts(open, ONE, [stay(1, 100)])).toEqual([[5_000, 5_000, null]]);
  });
});

describe('bandedAmount', () => {
  it.each([
    [0, 0],
    [500_000, 225_000],
    [1_000_000, 475_000],
    [2_000_000, 1_025_000],
    [3_000_000, 1_625_000],
    [4_000_000, 2_325_000],
    [1, 0], // 0.45 fen rounds down
  ])('%i fen → %i fen', (base, amount) => {
    expect(bandedAmount(RULE, base)).toBe(amount);
  });
  it('isBanded tells the banded product from the lump-sum ones', () => {
    expect(isBanded(RULE)).toBe(true);
    expect(isBanded({ lumpSumFen: 2_000_000, capFen: 2_000_000 })).toBe(false);
  });
});

describe('claim amounts', () => {
  it.each([
    ['10 days, 1 share', 1, 10, 0, 50_000],
    ['10 days, 2 shares', 2, 10, 0, 100_000],
    ['55 of 60 days used: 5 counted', 1, 10, 55, 25_000],
    ['all days used', 1, 10, 60, 0],
  ])('住院生活补助: %s', (_name, shares, days, used, expected) => {
    expect(allowanceAmount(RULE, shares, days, used)).toBe(expected);
  });
  it.each([
    ['one share', 1, 0, 1_500_000],
    ['two shares', 2, 0, 3_000_000],
    ['already granted this period', 1, 1_500_000, 0],
  ])('重大疾病: %s', (_name, shares, granted, expected) => {
    expect(lumpSumAmount({ lumpSumFen: 1_500_000, capFen: 1_500_000 }, shares, granted)).toBe(expected);
  });
  it.each([
    ['2026-03-01', '2026-03-10', 9],
    ['2026-03-01', '2026-03-01', 1],
    ['2026-12-25', '2027-01-05', 11],
  ])('stayDays %s → %s: %i', (from, to, days) => {
    expect(stayDays(from, to)).toBe(days);
  });
});

describe('claim window and disease lists', () => {
  it.each([
    ['2024-11-22', '2026-11-22'],
    ['2024-02-29', '2026-02-28'],
    ['2025-12-31', '2027-12-31'],
  ])('discharged %s: last day %s', (discharged, last) => {
    expect(claimDeadline(discharged)).toBe(last);
  });
  it.each([
    ['C34.1', '恶性肿瘤'],
    ['i21.0', '急性心肌梗死'],
    ['N18.5', '终末期肾病（尿毒症）'],
    ['N18.4', undefined],
    ['J18.9', undefined],
  ])('%s is on the major-disease list: %s', (code, name) => {
    expect(diseaseOf(MAJOR_DISEASES, code)?.name).toBe(name);
  });
});
