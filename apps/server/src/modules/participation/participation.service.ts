import type { FastifyReply } from 'fastify';
import { PARTICIPATION_STATE_LABELS, PSN_TYPE_LABELS, type PsnType, chinaDay, maskCertNo } from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import { type ExportColumn, sendTable } from '../../lib/table-export';
import type { Db } from '../../db/client';
import type { Caller, HallContext } from '../../types';
import * as repo from './participation.repository';

export type { PeriodRow } from './participation.repository';
import * as figuresRepo from './unit-figures.repository';
import { ALL_PRODUCTS, figuresOf, type UnitFigures } from './unit-figures.repository';

/**
 * 职工参加医疗互助情况 (StaffInfo/queryJoinMedSituationTotal and the person list below it): a unit's
 * staff in a period, per product, scoped in SQL to the caller's unit (a level-1 union also gets
 * one row of totals per subordinate unit, never their people).
 */

/** The figures of the page (unit-figures.repository's one definition): 已申报 is `enrolled` in the contract. */
const pageFigures = (r: UnitFigures | undefined) => {
  const { declared, ...rest } = figuresOf(r);
  return { enrolled: declared, ...rest };
};

/**
 * The periods, newest first, kept by the node until they change: /participation and /Home read
 * them on every visit. In the cache of /Home's charts (caches.ts `homeCharts`), whose `h:all`
 * the periods' trigger sends (migration 0041); without caches (some tests), read each time.
 */
export async function periodsOf(ctx: HallContext): Promise<repo.PeriodRow[]> {
  const cache = ctx.caches?.homeCharts;
  if (!cache) return repo.allPeriods(ctx.db);
  const now = ctx.clock.now().getTime();
  const cached = cache.get('periods', now) as repo.PeriodRow[] | undefined;
  if (cached) return cached;
  const mark = cache.mark();
  const periods = await repo.allPeriods(ctx.db);
  cache.put('periods', periods, ['h:all'], now, mark);
  return periods;
}

/** The period asked for; by default the one in force today, else the newest that has begun, else the newest. */
async function periodFor(ctx: HallContext, year: number | undefined, today: string) {
  const periods = await periodsOf(ctx);
  if (periods.length === 0) throw refuse('尚未设置互助期，请联系市总工会');
  const period =
    year !== undefined
      ? periods.find((p) => p.year === year)
      : (periods.find((p) => p.startDate <= today && today <= p.endDate) ?? periods.find((p) => p.startDate <= today) ?? periods[0]);
  if (!period) throw refuse(`${year}年度互助期不存在，请选择其他年度`);
  return { period, periods };
}

export async function participationTotal(ctx: HallContext, caller: Caller<'unit'>, input: { year?: number }) {
  const unit = caller.unit;
  const today = chinaDay(ctx.clock.now());
  const { period, periods } = await periodFor(ctx, input.year, today);
  const page = await repo.pageOf(ctx.db, { unitId: unit.id, periodId: period.id, today });
  if (!page) throw refuse('单位不存在，请重新登录');
  const { subordinates, products, figures, staff } = page;
  const all = new Map(figures.filter((f) => f.productCode === ALL_PRODUCTS).map((f) => [f.unitId, f]));
  const ofProduct = new Map(figures.filter((f) => f.unitId === unit.id && f.productCode !== ALL_PRODUCTS).map((f) => [f.productCode, f]));
  const ofUnit = (id: number) => pageFigures(all.get(id));
  return {
    year: period.year,
    periodName: period.name,
    startDate: period.startDate,
    endDate: period.endDate,
    today,
    periods: periods.map((p) => ({ year: p.year, name: p.name })),
    products: products.map((p) => ({ code: p.code, name: p.name, ...pageFigures(ofProduct.get(p.code)) })),
    totals: { staff: staff.get(unit.id) ?? 0, ...ofUnit(unit.id) },
    subordinates: subordinates.map((s) => ({
      uact: s.uact,
      empName: s.empName,
      staff: staff.get(s.id) ?? 0,
      ...ofUnit(s.id),
    })),
  };
}

interface ListInput {
  year?: number;
  name?: string;
  certNo?: string;
  productCode?: string;
  state?: string;
}

async function queryOf(ctx: HallContext, caller: Caller<'unit'>, input: ListInput): Promise<{ q: repo.PersonQuery; year: number }> {
  const unit = caller.unit;
  const today = chinaDay(ctx.clock.now());
  const { period } = await periodFor(ctx, input.year, today);
  return {
    year: period.year,
    q: {
      unitId: unit.id,
      periodId: period.id,
      startDate: period.startDate,
      endDate: period.endDate,
      today,
      name: input.name || undefined,
      certNo: input.certNo || undefined,
      productCode: input.productCode || undefined,
      state: input.state || undefined,
    },
  };
}

/** ID numbers are masked in the list and its export, as on the staff page. */
const view = (r: repo.PersonRow) => ({ ...r, certNo: maskCertNo(r.certNo), stateLabel: PARTICIPATION_STATE_LABELS[r.state] });

/** The unit's staff × products of the period with their state, filtered and paged. */
export async function participationList(
  ctx: HallContext,
  caller: Caller<'unit'>,
  input: ListInput & { pageNum: number; pageSize: number },
) {
  const { q, year } = await queryOf(ctx, caller, input);
  const [total, rows] = await Promise.all([
    repo.countPersons(ctx.db, q),
    repo.pagePersons(ctx.db, q, input.pageSize, (input.pageNum - 1) * input.pageSize),
  ]);
  return { year, ...total, pageNum: input.pageNum, pageSize: input.pageSize, list: rows.map(view) };
}

/** The person list's columns as the page names them (备注: 已减员, a tag beside the name there). */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: '姓名', key: 'name', width: 12, kind: 'text' },
  { header: '身份证号码', key: 'certNo', width: 22, kind: 'text' },
  { header: '性别', key: 'gender', width: 6, kind: 'text' },
  { header: '人员类别', key: 'psnType', width: 12, kind: 'text' },
  { header: '互助项目', key: 'product', width: 20, kind: 'text' },
  { header: '份数', key: 'shares', width: 6, kind: 'count' },
  { header: '参保状态', key: 'state', width: 14, kind: 'text' },
  { header: '保障起始日期', key: 'coveredFrom', width: 14, kind: 'date' },
  { header: '备注', key: 'note', width: 10, kind: 'text' },
];

/** The same rows as an Excel workbook, streamed. */
export async function exportParticipation(ctx: HallContext, caller: Caller<'unit'>, input: ListInput, reply: FastifyReply) {
  const { q, year } = await queryOf(ctx, caller, input);
  async function* rows() {
    for await (const r of repo.allPersons(ctx.db, q)) {
      yield [
        r.name,
        maskCertNo(r.certNo),
        r.gender === '1' ? '男' : r.gender === '2' ? '女' : '',
        PSN_TYPE_LABELS[r.psnType as PsnType] ?? r.psnType,
        r.productName,
        r.shares,
        PARTICIPATION_STATE_LABELS[r.state],
        r.coveredFrom,
        r.left ? '已减员' : '',
      ];
    }
  }
  return sendTable(reply, `${caller.unit.empName}${year}年度参保情况.xlsx`, `${year}年度参保情况`, EXPORT_COLUMNS, rows());
}

/** The declared and insured figures of units in periods (home and the unit archive read them too). */
export function unitFigures(db: Db, q: Parameters<typeof figuresRepo.unitFigures>[1]) {
  return figuresRepo.unitFigures(db, q);
}
