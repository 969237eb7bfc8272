import type { BenefitRule } from '@hall/shared';
import type { Db } from '../client';
import { periods, products } from '../schema';

/** The hospital product's rule (DESIGN.md §6): self-pay above ¥1,000, banded ratio, ¥30,000 a year. */
const HOSPITAL_RULE: BenefitRule = {
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
  hardshipFen: 200_000,
};

/** The demo products of every period: code, name, rate per share (fen), shares, who may join, rule. */
export const DEMO_PRODUCTS = [
  { code: '01', name: '住院医疗互助', rateFen: 6000, maxShares: 3, eligibility: 'all', benefitRule: HOSPITAL_RULE, sort: 1 },
  {
    code: '02',
    name: '女职工特殊疾病互助',
    rateFen: 2000,
    maxShares: 1,
    eligibility: 'female',
    benefitRule: { lumpSumFen: 2_000_000, capFen: 2_000_000 } satisfies BenefitRule,
    sort: 2,
  },
  {
    code: '03',
    name: '重大疾病互助',
    rateFen: 6000,
    maxShares: 2,
    eligibility: 'all',
    benefitRule: { lumpSumFen: 1_500_000, capFen: 1_500_000 } satisfies BenefitRule,
    sort: 3,
  },
] as const;

/**
 * Four periods around the seed's year Y: Y-2 and Y-1 closed, Y in force, Y+1 with its enrolment
 * window from 1 November to 31 December of Y (open in late November, as the demo city is).
 */
export async function seedPeriods(db: Db, now: Date, year: number) {
  const ids = new Map<number, number>();
  for (const y of [year - 2, year - 1, year, year + 1]) {
    const [row] = await db
      .insert(periods)
      .values({
        year: y,
        name: `${y}年度职工医疗互助`,
        startDate: `${y}-01-01`,
        endDate: `${y}-12-31`,
        enrolStart: `${y - 1}-11-01`,
        enrolEnd: `${y - 1}-12-31`,
        payDeadline: `${y - 1}-12-31`,
        waitingDays: 90,
        createdAt: now,
      })
      .returning({ id: periods.id });
    ids.set(y, row.id);
    await db.insert(products).values(DEMO_PRODUCTS.map((p) => ({ ...p, periodId: row.id })));
  }
  return ids;
}
