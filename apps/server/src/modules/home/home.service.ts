import { CLAIM_TYPE_LABELS, CLAIM_TYPES, type ClaimType, HOME_YEARS, type TodoItem, chinaDay } from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import type { Caller, HallContext } from '../../types';
import { todoOf, unitWaits } from '../todo/todo.service';
import * as repo from './home.repository';
import { type PeriodRow, periodsOf, unitFigures } from '../participation/participation.service';

/**
 * 首页 statistics (spec §7 homePage/treatDataYear, subsidyFrequencyAmount, and the key figures).
 * Years are period years (互助期年度): a treatment's or a claim's period. "This year" is the
 * period in force today by its dates (as periodPhase reads them), else the calendar year; the
 * benefits of "this year" are that period's, so the card equals the charts' last year.
 *
 * Scope: a unit sees its own rows; a level-1 union also its subordinate units' (units.parent_id),
 * as /participation does; a person their own. What waits on the caller (amount outstanding,
 * to-do) is the caller's own: it links to pages that show the caller's own.
 */

const CLAIM_TYPE_ORDER = Object.keys(CLAIM_TYPES) as ClaimType[];

interface When {
  today: string;
  periods: PeriodRow[];
  /** The period in force today, if any. */
  current: PeriodRow | undefined;
  year: number;
}

async function when(ctx: HallContext): Promise<When> {
  const today = chinaDay(ctx.clock.now());
  const periods = await periodsOf(ctx);
  const current = periods.find((p) => p.startDate <= today && today <= p.endDate);
  return { today, periods, current, year: current?.year ?? Number(today.slice(0, 4)) };
}

async function scopeOf(ctx: HallContext, caller: Caller): Promise<{ scope: repo.Scope; units: number }> {
  if (caller.loginType === 'personal' && caller.person) return { scope: { personId: caller.person.id }, units: 0 };
  if (caller.loginType === 'unit' && caller.unit) {
    const unit = caller.unit;
    const unitIds = unit.level === 1 ? [unit.id, ...(await repo.subordinateIds(ctx.db, unit.id))] : [unit.id];
    return { scope: { unitIds }, units: unitIds.length };
  }
  throw refuse('请登录单位或个人账号后查看首页统计');
}

/** The HOME_YEARS period years up to `year` (default this year), with the periods among them. */
function window(w: When, year: number | undefined) {
  const toYear = year ?? w.year;
  const fromYear = toYear - HOME_YEARS + 1;
  const years = Array.from({ length: HOME_YEARS }, (_, i) => fromYear + i);
  const list = w.periods.filter((p) => p.year >= fromYear && p.year <= toYear);
  const yearOf = new Map(list.map((p) => [p.id, p.year]));
  return { fromYear, toYear, years, list, yearOf };
}

/**
 * A unit's chart, kept by the node until the totals it was read from change (caches.ts
 * `homeCharts`, migration 0041: `h:<unit>` from the totals' triggers, `h:all` from the periods').
 * By today's date too: the charts' last year is the period in force today. A union's charts are
 * not kept: its scope (its subordinate units) changes without a message to it.
 */
async function keptChart<T>(ctx: HallContext, caller: Caller, chart: string, year: number | undefined, read: () => Promise<T>): Promise<T> {
  const cache = ctx.caches?.homeCharts;
  if (!cache || caller.loginType !== 'unit' || caller.unit.level === 1) return read();
  const now = ctx.clock.now();
  const id = `${chart}|${caller.unit.id}|${chinaDay(now)}|${year ?? ''}`;
  const cached = cache.get(id, now.getTime()) as T | undefined;
  if (cached) return cached;
  const mark = cache.mark();
  const value = await read();
  cache.put(id, value, [`h:${caller.unit.id}`, 'h:all'], now.getTime(), mark);
  return value;
}

/** treatDataYear: per period year, treatments with an amount, amount granted, amount paid. */
export const treatmentYears = (ctx: HallContext, caller: Caller, input: { year?: number }) =>
  keptChart(ctx, caller, 'treatments', input.year, () => readTreatmentYears(ctx, caller, input));

async function readTreatmentYears(ctx: HallContext, caller: Caller, input: { year?: number }) {
  const [w, { scope, units }] = await Promise.all([when(ctx), scopeOf(ctx, caller)]);
  const { fromYear, toYear, years, list, yearOf } = window(w, input.year);
  const rows = await repo.treatmentFigures(ctx.db, scope, list);
  return {
    fromYear,
    toYear,
    scope: { units },
    list: years.map((year) => {
      const of = rows.filter((r) => yearOf.get(r.periodId) === year);
      return {
        year,
        count: of.reduce((s, r) => s + r.count, 0),
        amountFen: of.reduce((s, r) => s + r.amountFen, 0),
        paidFen: of.reduce((s, r) => s + r.paidFen, 0),
      };
    }),
  };
}

/** subsidyFrequencyAmount: per period year and claim type, the claims paid (频次 and amount), and the year's totals. */
export const claimYears = (ctx: HallContext, caller: Caller, input: { year?: number }) =>
  keptChart(ctx, caller, 'claims', input.year, () => readClaimYears(ctx, caller, input));

async function readClaimYears(ctx: HallContext, caller: Caller, input: { year?: number }) {
  const [w, { scope, units }] = await Promise.all([when(ctx), scopeOf(ctx, caller)]);
  const { fromYear, toYear, years, list, yearOf } = window(w, input.year);
  const rows = await repo.paidClaimFigures(ctx.db, scope, list);
  return {
    fromYear,
    toYear,
    scope: { units },
    types: CLAIM_TYPE_ORDER.map((type) => ({ type, label: CLAIM_TYPE_LABELS[type] })),
    list: years.map((year) => {
      const of = rows.filter((r) => yearOf.get(r.periodId) === year);
      const byType = CLAIM_TYPE_ORDER.map((type) => {
        const t = of.filter((r) => r.type === type);
        return { type, count: t.reduce((s, r) => s + r.count, 0), amountFen: t.reduce((s, r) => s + r.amountFen, 0) };
      });
      return {
        year,
        count: byType.reduce((s, t) => s + t.count, 0),
        amountFen: byType.reduce((s, t) => s + t.amountFen, 0),
        byType,
      };
    }),
  };
}

const todoFigure = (list: TodoItem[]) => ({ count: list.length, urgent: list.filter((i) => i.urgent).length });

/** The caller unit's to-do figure and its applications waiting for payment, as the to-do list reads them. */
async function unitTodo(ctx: HallContext, caller: Caller<'unit'>) {
  const { list, unit } = await todoOf(ctx, caller);
  // An uninsured unit's list does not ask what waits on it.
  const waits = unit ?? (await unitWaits(ctx.db, caller.unit.id, ctx.clock.now()));
  return { todo: todoFigure(list), unpaid: waits.unpaid };
}

/** This period's treatments and paid claims of the scope (zero when no period has this year). */
async function benefitsOf(ctx: HallContext, scope: repo.Scope, w: When) {
  const period = w.current ?? w.periods.find((p) => p.year === w.year);
  const list = period ? [period] : [];
  const [treatments, claims] = await Promise.all([repo.treatmentFigures(ctx.db, scope, list), repo.paidClaimFigures(ctx.db, scope, list)]);
  return {
    treatmentCount: treatments.reduce((s, r) => s + r.count, 0),
    treatmentFen: treatments.reduce((s, r) => s + r.amountFen, 0),
    treatmentPaidFen: treatments.reduce((s, r) => s + r.paidFen, 0),
    claimCount: claims.reduce((s, r) => s + r.count, 0),
    claimPaidFen: claims.reduce((s, r) => s + r.amountFen, 0),
  };
}

/**
 * 本期参保人数 of the scope, and how many of them wait: unit-figures.repository's one definition
 * (the people counted once over the union's units), as /participation and the archive count them.
 */
async function enrolledOf(ctx: HallContext, unitIds: number[], w: When) {
  if (!w.current) return { persons: 0, waiting: 0 };
  const [f] = await unitFigures(ctx.db, { unitIds, periodIds: [w.current.id], today: w.today });
  return { persons: f?.insured ?? 0, waiting: f?.waiting ?? 0 };
}

async function unitKeyFigures(ctx: HallContext, caller: Caller<'unit'>, w: When) {
  const { scope, units } = await scopeOf(ctx, caller);
  const unitIds = 'unitIds' in scope ? scope.unitIds : [];
  const [enrolled, { todo, unpaid }, benefits] = await Promise.all([
    enrolledOf(ctx, unitIds, w),
    unitTodo(ctx, caller),
    benefitsOf(ctx, scope, w),
  ]);
  return {
    loginType: 'unit' as const,
    today: w.today,
    year: w.year,
    periodName: w.current?.name ?? null,
    scope: { units },
    enrolled,
    outstanding: { count: unpaid.count, amountFen: unpaid.amountFen, overdue: unpaid.overdue },
    todo,
    benefits: {
      treatmentPaidFen: benefits.treatmentPaidFen,
      claimPaidFen: benefits.claimPaidFen,
      paidFen: benefits.treatmentPaidFen + benefits.claimPaidFen,
    },
  };
}

async function personFigures(ctx: HallContext, caller: Caller<'personal'>, w: When) {
  const personId = caller.person.id;
  const next = w.current ? w.periods.find((p) => p.year === w.current!.year + 1) : undefined;
  const shown = [w.current, next].filter((p): p is PeriodRow => p !== undefined);
  const [covers, { list }, benefits] = await Promise.all([
    repo.coveragesOfPerson(
      ctx.db,
      personId,
      shown.map((p) => p.id),
    ),
    todoOf(ctx, caller),
    benefitsOf(ctx, { personId }, w),
  ]);
  const todo = todoFigure(list);
  const periodView = (p: PeriodRow | undefined) => {
    const own = p ? covers.filter((c) => c.periodId === p.id) : [];
    if (!p || own.length === 0) return null;
    return {
      year: p.year,
      periodName: p.name,
      startDate: p.startDate,
      endDate: p.endDate,
      products: own.map((c) => ({
        productCode: c.productCode,
        productName: c.productName,
        shares: c.shares,
        coveredFrom: c.coveredFrom,
        waiting: c.coveredFrom > w.today,
        unitName: c.unitName,
      })),
    };
  };
  return {
    loginType: 'personal' as const,
    today: w.today,
    year: w.year,
    periodName: w.current?.name ?? null,
    current: periodView(w.current),
    next: periodView(next),
    benefits,
    todo,
  };
}

/** The key figures (统计卡片) of the caller: a unit's or a person's. */
export async function homeFigures(ctx: HallContext, caller: Caller) {
  const w = await when(ctx);
  if (caller.loginType === 'unit' && caller.unit) return unitKeyFigures(ctx, caller, w);
  if (caller.loginType === 'personal' && caller.person) return personFigures(ctx, caller, w);
  throw refuse('请登录单位或个人账号后查看首页统计');
}
