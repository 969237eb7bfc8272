import { ELIGIBILITY_LABELS, type Eligibility, type periodFields, periodFacts, type productFields, yuan, chinaDay } from '@hall/shared';
import type { z } from 'zod';
import { auditOperator } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { HallContext } from '../../types';
import * as repo from './periods.repository';

/**
 * Periods (互助期) and their products, as the city union's operator sets them (CLI, operator API).
 * A period is a calendar year; fields left out on creation take the usual calendar: cover for the
 * year, enrolment from 1 November to 31 December of the year before, payment by the end of the
 * enrolment window, 90 waiting days.
 */

/** What the doors pass, already read with the call's schema (operator API, CLI `callFields`). */
type PeriodFields = z.output<typeof periodFields>;
type ProductFields = z.output<typeof productFields>;

const defaultsFor = (year: number) => ({
  name: `${year}年度职工医疗互助`,
  startDate: `${year}-01-01`,
  endDate: `${year}-12-31`,
  enrolStart: `${year - 1}-11-01`,
  enrolEnd: `${year - 1}-12-31`,
  payDeadline: `${year - 1}-12-31`,
  waitingDays: 90,
});

type PeriodValues = ReturnType<typeof defaultsFor>;

function checkPeriod(p: PeriodValues) {
  if (p.startDate > p.endDate) throw refuse('保障开始日期不能晚于保障结束日期');
  if (p.enrolStart > p.enrolEnd) throw refuse('申报开始日期不能晚于申报截止日期');
  if (p.enrolStart > p.endDate) throw refuse('申报开始日期不能晚于保障结束日期');
  if (p.payDeadline < p.enrolStart) throw refuse('缴费截止日期不能早于申报开始日期');
  if (p.payDeadline > p.endDate) throw refuse('缴费截止日期不能晚于保障结束日期');
}

const periodView = (p: repo.PeriodRow, today: string) => ({ id: p.id, ...periodFacts(p, today) });

const productView = (p: repo.ProductRow) => ({
  code: p.code,
  name: p.name,
  rateFen: p.rateFen,
  maxShares: p.maxShares,
  eligibility: p.eligibility as Eligibility,
  eligibilityLabel: ELIGIBILITY_LABELS[p.eligibility as Eligibility] ?? p.eligibility,
  benefitRule: p.benefitRule as Record<string, unknown>,
  sort: p.sort,
});

export type PeriodView = ReturnType<typeof periodView> & { products: Array<ReturnType<typeof productView>> };

/** Every period, newest first, each with its products in their order. */
export async function listPeriods(ctx: HallContext): Promise<PeriodView[]> {
  const today = chinaDay(ctx.clock.now());
  const rows = await repo.listPeriods(ctx.db);
  const products = await repo.listProducts(
    ctx.db,
    rows.map((p) => p.id),
  );
  return rows.map((p) => ({ ...periodView(p, today), products: products.filter((x) => x.periodId === p.id).map(productView) }));
}

async function periodOf(ctx: HallContext, year: number) {
  const period = await repo.periodByYear(ctx.db, year);
  if (!period) throw refuse(`${year}年度互助期不存在，请先创建（period-set --year ${year}）`);
  return period;
}

/** Creates the period of a year; the fields not given take the usual calendar. */
export async function createPeriod(ctx: HallContext, operator: string, fields: PeriodFields) {
  if (await repo.periodByYear(ctx.db, fields.year)) throw refuse(`${fields.year}年度互助期已存在，如需修改请直接修改其字段`);
  const { year, ...given } = fields;
  const values: PeriodValues = { ...defaultsFor(year), ...stripUndefined(given) };
  checkPeriod(values);
  const now = ctx.clock.now();
  let row: repo.PeriodRow;
  try {
    row = await repo.insertPeriod(ctx.db, { year, ...values, createdAt: now });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(`${year}年度互助期已存在，如需修改请直接修改其字段`);
    throw error;
  }
  await auditOperator(ctx.db, now, operator, { command: 'period-create', year, ...values });
  return { ...periodView(row, chinaDay(now)), products: [] };
}

/**
 * Changes fields of a period. Once payments made coverages in it, its cover dates and waiting
 * days decided when each member's cover starts: they stay as they are.
 */
export async function editPeriod(ctx: HallContext, operator: string, fields: PeriodFields) {
  const period = await periodOf(ctx, fields.year);
  const { year, ...given } = fields;
  const change = stripUndefined(given);
  if (Object.keys(change).length === 0) throw refuse('请至少指定一项要修改的内容');
  const next: PeriodValues = { ...pick(period), ...change };
  checkPeriod(next);
  const fixed = (['startDate', 'endDate', 'waitingDays'] as const).filter((k) => k in change && change[k] !== period[k]);
  if (fixed.length && (await repo.coverageCount(ctx.db, period.id)) > 0) {
    throw refuse(`${year}年度已有确认缴费的参保记录，其保障起止日期和等待期已据此确定，不能再修改保障开始、结束日期或等待期`);
  }
  const now = ctx.clock.now();
  const row = await repo.updatePeriod(ctx.db, period.id, change);
  const before = Object.fromEntries(Object.keys(change).map((k) => [k, period[k as keyof PeriodValues]]));
  await auditOperator(ctx.db, now, operator, { command: 'period-edit', year, before, after: change });
  const products = await repo.listProducts(ctx.db, [period.id]);
  return { ...periodView(row, chinaDay(now)), products: products.map(productView) };
}

/** Creates the period when the year has none, else changes the given fields. */
export async function setPeriod(ctx: HallContext, operator: string, fields: PeriodFields) {
  const exists = Boolean(await repo.periodByYear(ctx.db, fields.year));
  return { created: !exists, period: exists ? await editPeriod(ctx, operator, fields) : await createPeriod(ctx, operator, fields) };
}

/** Adds a product to a period; name and rate are required. */
export async function createProduct(ctx: HallContext, operator: string, fields: ProductFields) {
  const period = await periodOf(ctx, fields.year);
  if (await repo.productOf(ctx.db, period.id, fields.code))
    throw refuse(`${fields.year}年度已有险种 ${fields.code}，如需修改请直接修改其字段`);
  if (!fields.name) throw refuse('请输入险种名称');
  if (fields.rateFen === undefined) throw refuse('请输入每份费率');
  const values = {
    periodId: period.id,
    code: fields.code,
    name: fields.name,
    rateFen: fields.rateFen,
    maxShares: fields.maxShares ?? 1,
    eligibility: fields.eligibility ?? 'all',
    benefitRule: fields.benefitRule ?? {},
    sort: fields.sort ?? 0,
  };
  let row: repo.ProductRow;
  try {
    row = await repo.insertProduct(ctx.db, values);
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(`${fields.year}年度已有险种 ${fields.code}，如需修改请直接修改其字段`);
    throw error;
  }
  const now = ctx.clock.now();
  await auditOperator(ctx.db, now, operator, { command: 'product-create', year: fields.year, ...values, periodId: undefined });
  return productView(row);
}

/**
 * Changes a product. Its rate cannot change once units have declared it (live application lines):
 * their amounts payable and notices were worked out at the old rate. Shares allowed cannot drop
 * below what a live line holds, and a product held by men cannot become women-only.
 */
export async function editProduct(ctx: HallContext, operator: string, fields: ProductFields) {
  const period = await periodOf(ctx, fields.year);
  const product = await repo.productOf(ctx.db, period.id, fields.code);
  if (!product) throw refuse(`${fields.year}年度没有险种 ${fields.code}`);
  const { year, code, ...given } = fields;
  const change = stripUndefined(given);
  if (Object.keys(change).length === 0) throw refuse('请至少指定一项要修改的内容');
  const lines = await repo.liveLinesOf(ctx.db, period.id, code);
  if (change.rateFen !== undefined && change.rateFen !== product.rateFen && lines.n > 0) {
    throw refuse(
      `险种 ${code}（${product.name}）已有 ${lines.n} 条有效申报明细，不能修改费率：这些申请的应缴金额和缴费通知单已按 ¥${yuan(product.rateFen)}/份 计算。如需调整，请新设险种，或待相关申请撤销后再改。`,
    );
  }
  if (change.maxShares !== undefined && change.maxShares < lines.maxShares) {
    throw refuse(`险种 ${code} 已有申报 ${lines.maxShares} 份的明细，可购份数不能少于 ${lines.maxShares}`);
  }
  if (change.eligibility === 'female' && product.eligibility !== 'female' && lines.n > 0) {
    throw refuse(`险种 ${code} 已有有效申报明细，不能改为限女职工参加`);
  }
  const now = ctx.clock.now();
  const row = await repo.updateProduct(ctx.db, period.id, code, change);
  const before = Object.fromEntries(Object.keys(change).map((k) => [k, product[k as keyof repo.ProductRow]]));
  await auditOperator(ctx.db, now, operator, { command: 'product-edit', year, code, before, after: change });
  return productView(row);
}

/**
 * Creates the product when the period has none of that code, else changes the given fields with
 * `edit` (the CLI gives the settlement module's edit, which recomputes the treatments of a new rule).
 */
export async function setProduct(
  ctx: HallContext,
  operator: string,
  fields: ProductFields,
  edit: (fields: ProductFields) => Promise<ReturnType<typeof productView>> = (f) => editProduct(ctx, operator, f),
) {
  const period = await periodOf(ctx, fields.year);
  const exists = Boolean(await repo.productOf(ctx.db, period.id, fields.code));
  return { created: !exists, product: exists ? await edit(fields) : await createProduct(ctx, operator, fields) };
}

function stripUndefined<T extends Record<string, unknown>>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

const pick = (p: repo.PeriodRow): PeriodValues => ({
  name: p.name,
  startDate: p.startDate,
  endDate: p.endDate,
  enrolStart: p.enrolStart,
  enrolEnd: p.enrolEnd,
  payDeadline: p.payDeadline,
  waitingDays: p.waitingDays,
});
