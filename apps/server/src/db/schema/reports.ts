/**
 * The summary tables of the statistics and reports (统计报表, issue 20; docs/decisions.md, "Report
 * totals"). Each holds sums of raw rows under a small key and is kept by statement triggers on those
 * rows (migration 0026, `-- manual:report totals`), in the transaction of every write (the
 * treatment computation adds its own new rows once: migration 0042): a report reads a few hundred
 * summary rows, never the raw ones. Money is integer fen (分).
 */
import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { day, fen } from './columns';

/**
 * Live application lines by period × unit × product × the application's state: lines (staff),
 * shares and amount. 应缴 is the lines of applications past review (unpaid, paid), 实缴 those paid.
 * The unit's district, union and union type are joined at read time (a unit may change union).
 */
export const enrolmentTotals = pgTable(
  'enrolment_totals',
  {
    periodId: integer('period_id').notNull(),
    unitId: integer('unit_id').notNull(),
    productCode: text('product_code').notNull(),
    state: text('state').notNull(),
    lines: integer('lines').notNull(),
    shares: integer('shares').notNull(),
    amountFen: fen('amount_fen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.periodId, t.unitId, t.productCode, t.state] })],
);

/**
 * Benefits by month × period × product × kind × state. Treatments count in the month of discharge,
 * claims in the China month of their decision (of their filing while undecided). `with_amount`
 * counts the rows with an amount; `paid_fen` is what was paid (a treatment's paid_fen, a paid claim's amount).
 */
export const benefitTotals = pgTable(
  'benefit_totals',
  {
    month: day('month').notNull(),
    periodId: integer('period_id').notNull(),
    productCode: text('product_code').notNull(),
    /** treatment 互助待遇 or claim 补助申请. */
    kind: text('kind').notNull(),
    state: text('state').notNull(),
    n: integer('n').notNull(),
    withAmount: integer('with_amount').notNull(),
    amountFen: fen('amount_fen').notNull(),
    paidFen: fen('paid_fen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.periodId, t.productCode, t.kind, t.state] })],
);

/** The fund's receipts by period (of the application paid): confirmed payments and their amount. */
export const fundTotals = pgTable('fund_totals', {
  periodId: integer('period_id').primaryKey(),
  payments: integer('payments').notNull(),
  receivedFen: fen('received_fen').notNull(),
});

/** The figures of a treatment summary row: count, with an amount, amount and paid (as benefit_totals). */
const treatmentFigures = () => ({
  n: integer('n').notNull(),
  withAmount: integer('with_amount').notNull(),
  amountFen: fen('amount_fen').notNull(),
  paidFen: fen('paid_fen').notNull(),
});

/**
 * Treatments by month (of discharge) × period × product × state × the settlement's hospital level
 * (1, 2, 3, 9). Kept by triggers on treatments (the level read from the settlement) and on
 * settlements (a correction that changes the level moves its treatments; migration 0033).
 */
export const benefitLevelTotals = pgTable(
  'benefit_level_totals',
  {
    month: day('month').notNull(),
    periodId: integer('period_id').notNull(),
    productCode: text('product_code').notNull(),
    state: text('state').notNull(),
    hospitalLevel: text('hospital_level').notNull(),
    ...treatmentFigures(),
  },
  (t) => [primaryKey({ columns: [t.month, t.periodId, t.productCode, t.state, t.hospitalLevel] })],
);

/**
 * Treatments by month × period × product × state × the ICD-10 chapter of the settlement's
 * diagnosis (`hall_icd10_chapter`, the ranges of packages/shared benefits/icd10.ts; '' none).
 */
export const benefitChapterTotals = pgTable(
  'benefit_chapter_totals',
  {
    month: day('month').notNull(),
    periodId: integer('period_id').notNull(),
    productCode: text('product_code').notNull(),
    state: text('state').notNull(),
    chapter: text('chapter').notNull(),
    ...treatmentFigures(),
  },
  (t) => [primaryKey({ columns: [t.month, t.periodId, t.productCode, t.state, t.chapter] })],
);

/**
 * A unit's participation figures kept on write (docs/decisions.md, "Participation figures kept on
 * write"; migration 0034): each person who counts at a unit in a period, once per product and once
 * over all products (`product_code` '*'), with whether a live line of a declared application holds
 * them (已申报) and the first `covered_from` of the coverages the unit answers for (null: not
 * insured). Rewritten for the (period, person) pairs every write touches, so it stays exact; a
 * union's scope counts its people once from here.
 */
export const participationPeople = pgTable(
  'participation_people',
  {
    periodId: integer('period_id').notNull(),
    unitId: integer('unit_id').notNull(),
    productCode: text('product_code').notNull(),
    personId: integer('person_id').notNull(),
    declared: boolean('declared').notNull(),
    firstFrom: day('first_from'),
  },
  (t) => [
    primaryKey({ columns: [t.periodId, t.unitId, t.productCode, t.personId] }),
    index('participation_people_person_idx').on(t.periodId, t.personId),
  ],
);

/**
 * The counts of `participation_people` by period × unit × product ('*': all products) × first
 * cover day ('9999-12-31' when not insured): declared and insured people. 保障中 and 等待期 are
 * summed by today when read (a unit has a few first cover days a period).
 */
export const participationTotals = pgTable(
  'participation_totals',
  {
    periodId: integer('period_id').notNull(),
    unitId: integer('unit_id').notNull(),
    productCode: text('product_code').notNull(),
    firstFrom: day('first_from').notNull(),
    declared: integer('declared').notNull(),
    insured: integer('insured').notNull(),
  },
  (t) => [primaryKey({ columns: [t.periodId, t.unitId, t.productCode, t.firstFrom] })],
);

/**
 * The benefits of each unit, as `benefit_totals` with the unit in the key (its lead, so a level-1
 * union's units are read by index): the union's own 统计报表 on the portal reads these, the
 * city's the smaller `benefit_totals`. Kept by the same kind of statement triggers (the unit of a
 * treatment or claim row; an update moving a row to another unit moves its sums).
 */
export const unitBenefitTotals = pgTable(
  'unit_benefit_totals',
  {
    unitId: integer('unit_id').notNull(),
    month: day('month').notNull(),
    periodId: integer('period_id').notNull(),
    productCode: text('product_code').notNull(),
    kind: text('kind').notNull(),
    state: text('state').notNull(),
    n: integer('n').notNull(),
    withAmount: integer('with_amount').notNull(),
    amountFen: fen('amount_fen').notNull(),
    paidFen: fen('paid_fen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.month, t.periodId, t.productCode, t.kind, t.state] })],
);

/** The fund's receipts by unit (of the application paid) and period: a level-1 union's 互助金收支. */
export const unitFundTotals = pgTable(
  'unit_fund_totals',
  {
    unitId: integer('unit_id').notNull(),
    periodId: integer('period_id').notNull(),
    payments: integer('payments').notNull(),
    receivedFen: fen('received_fen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.periodId] })],
);

/**
 * A unit's due enrolment (lines of unpaid and paid applications) per period × product, and over
 * all its products (`product_code` '*'), with the cell it counts in: its district (region_code, ''
 * none) and union (itself at level 1, else its parent). Rewritten from `enrolment_totals` for each
 * unit a write touches (migration 0035), so `enrolment_city_totals` can count units exactly.
 */
export const enrolmentUnitFigures = pgTable(
  'enrolment_unit_figures',
  {
    periodId: integer('period_id').notNull(),
    unitId: integer('unit_id').notNull(),
    productCode: text('product_code').notNull(),
    regionCode: text('region_code').notNull(),
    unionId: integer('union_id').notNull(),
    lines: integer('lines').notNull(),
    shares: integer('shares').notNull(),
    dueFen: fen('due_fen').notNull(),
    receivedFen: fen('received_fen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.periodId, t.unitId, t.productCode] })],
);

/**
 * The city's enrolment by period × district × union × product ('*': over all products, where a
 * unit counts once): units (distinct), lines, shares, 应缴 and 实缴. The console's city-wide 参保统计
 * reads these few thousand rows, not a summary row per unit; union type and names are joined from
 * the union when read. Kept with `enrolment_unit_figures` (a unit moving district or union moves).
 */
export const enrolmentCityTotals = pgTable(
  'enrolment_city_totals',
  {
    periodId: integer('period_id').notNull(),
    regionCode: text('region_code').notNull(),
    unionId: integer('union_id').notNull(),
    productCode: text('product_code').notNull(),
    units: integer('units').notNull(),
    lines: integer('lines').notNull(),
    shares: integer('shares').notNull(),
    dueFen: fen('due_fen').notNull(),
    receivedFen: fen('received_fen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.periodId, t.regionCode, t.unionId, t.productCode] })],
);

/**
 * Claims by unit × period × claim type × state: how many and how much (paid claims: 已发放).
 * /Home's subsidy chart and card read these (a unit of 50,000 staff has tens of thousands of
 * claims); kept by statement triggers on claims like `unit_benefit_totals` (migration 0040).
 */
export const unitClaimTotals = pgTable(
  'unit_claim_totals',
  {
    unitId: integer('unit_id').notNull(),
    periodId: integer('period_id').notNull(),
    type: text('type').notNull(),
    state: text('state').notNull(),
    n: integer('n').notNull(),
    amountFen: fen('amount_fen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.periodId, t.type, t.state] })],
);

/**
 * Each unit's staff on its roster (在册: not left), as /participation's 职工人数 shows it; kept by
 * statement triggers on staff (migration 0040), whatever writes it: imports, the page, transfers.
 */
export const unitStaffTotals = pgTable('unit_staff_totals', {
  unitId: integer('unit_id').primaryKey(),
  current: integer('current').notNull(),
});
