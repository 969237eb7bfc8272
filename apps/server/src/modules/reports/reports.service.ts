import { findRegion, loadRegions } from '@hall/regions';
import {
  type BenefitView,
  ENROLMENT_GROUP_LABELS,
  HOSPITAL_LEVEL_LABELS,
  type HospitalLevel,
  icd10ChapterLabel,
  type ReportGroup,
} from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import type { ExportColumn } from '../../lib/table-export';
import type { HallContext } from '../../types';
import {
  benefitsByMonth,
  type EnrolmentFigures,
  enrolmentByGroup,
  fundByPeriod,
  periodOfYear,
  type ReportScope,
  treatmentsByMix,
} from './reports.repository';

export type { ReportScope };

/** 工会类型 (units.uni_type). */
const UNI_TYPE_LABELS: Record<string, string> = { '92': '联合基层工会', '93': '行业工会', '99': '独立基层工会', '': '未分类' };

const NO_PERIOD = '该互助年度尚未设立';

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

const figures = (r: EnrolmentFigures) => ({
  units: Number(r.units ?? 0),
  lines: Number(r.lines ?? 0),
  shares: Number(r.shares ?? 0),
  dueFen: Number(r.dueFen ?? 0),
  receivedFen: Number(r.receivedFen ?? 0),
});

export interface EnrolmentQuery {
  year: number;
  by: ReportGroup;
  district?: string;
}

/**
 * 参保统计: a period's enrolment by district, union, union type, product or unit, with the totals,
 * of the scope (the city, or a union and its units: the console's and the union's own report alike).
 */
export async function enrolmentReport(ctx: HallContext, scope: ReportScope, q: EnrolmentQuery) {
  const periodId = await periodOfYear(ctx.db, q.year);
  if (!periodId) throw refuse(NO_PERIOD);
  const rows = await enrolmentByGroup(ctx.db, q.by, { periodId, district: q.district, unionId: scope.unionId });
  const regions = q.by === 'district' ? await loadRegions() : null;
  const labelOf = (key: string, label: string) => {
    if (q.by === 'district') return key ? (findRegion(regions ?? [], key)?.name ?? key) : '未填地区';
    if (q.by === 'uniType') return UNI_TYPE_LABELS[key] ?? key;
    return label || key;
  };
  const withRate = <T extends ReturnType<typeof figures>>(f: T) => ({ ...f, rate: ratio(f.receivedFen, f.dueFen) });
  const list = rows
    .filter((r) => r.key !== null)
    .map((r) => withRate({ key: String(r.key), label: labelOf(String(r.key), r.label), ...figures(r) }));
  const totalRow = rows.find((r) => r.key === null);
  const total = withRate(totalRow ? figures(totalRow) : figures({ units: 0, lines: 0, shares: 0, dueFen: 0, receivedFen: 0 }));
  return { list, total };
}

export const enrolmentExportColumns = (by: ReportGroup): ExportColumn[] => [
  { header: ENROLMENT_GROUP_LABELS[by].replace('按', ''), key: 'label', kind: 'text', width: 24 },
  { header: '参保单位数', key: 'units', kind: 'count' },
  { header: '参保人次', key: 'lines', kind: 'count' },
  { header: '份数', key: 'shares', kind: 'count' },
  { header: '应缴金额', key: 'due', kind: 'money' },
  { header: '实缴金额', key: 'received', kind: 'money' },
  { header: '缴费率', key: 'rate', kind: 'text' },
];

const percent = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(2)}%`);

export async function enrolmentExportRows(ctx: HallContext, scope: ReportScope, q: EnrolmentQuery) {
  const { list, total } = await enrolmentReport(ctx, scope, q);
  return [...list, { ...total, label: '合计' }].map((r) => [r.label, r.units, r.lines, r.shares, r.dueFen, r.receivedFen, percent(r.rate)]);
}

const benefitFigures = () => ({ treatments: 0, treatmentFen: 0, claims: 0, claimFen: 0 });
type BenefitFigures = ReturnType<typeof benefitFigures>;
const add = (to: BenefitFigures, r: BenefitFigures) => {
  to.treatments += Number(r.treatments);
  to.treatmentFen += Number(r.treatmentFen);
  to.claims += Number(r.claims);
  to.claimFen += Number(r.claimFen);
};

export interface BenefitQuery {
  year: number;
  productCode?: string;
}

const levelLabel = (key: string) => HOSPITAL_LEVEL_LABELS[key as HospitalLevel] ?? key;

/**
 * A year's treatments by the hospital level or the ICD-10 chapter of their settlements (互助待遇 only:
 * a claim names no level), largest amount first: each with its share of the amount.
 */
export async function treatmentMix(ctx: HallContext, by: 'level' | 'chapter', q: BenefitQuery) {
  const rows = await treatmentsByMix(ctx.db, by, q.year, q.productCode);
  const whole = rows.reduce((s, r) => s + Number(r.treatmentFen), 0);
  return rows.map((r) => ({
    key: r.key,
    label: by === 'level' ? levelLabel(r.key) : icd10ChapterLabel(r.key),
    treatments: Number(r.treatments),
    treatmentFen: Number(r.treatmentFen),
    paidFen: Number(r.paidFen),
    share: ratio(Number(r.treatmentFen), whole),
  }));
}

/** 待遇统计: a year's twelve months and its products, with the totals, of the scope. */
export async function benefitReport(ctx: HallContext, scope: ReportScope, q: BenefitQuery) {
  const rows = await benefitsByMonth(ctx.db, scope, q.year, q.productCode);
  const months = Array.from({ length: 12 }, (_, i) => ({ month: `${q.year}-${String(i + 1).padStart(2, '0')}`, ...benefitFigures() }));
  const products = new Map<string, { productCode: string; productName: string } & BenefitFigures>();
  const total = benefitFigures();
  for (const r of rows) {
    const month = months.find((m) => m.month === r.month);
    if (month) add(month, r);
    const product = products.get(r.productCode) ?? { productCode: r.productCode, productName: r.productName, ...benefitFigures() };
    add(product, r);
    products.set(r.productCode, product);
    add(total, r);
  }
  return { months, products: [...products.values()], total };
}

/** The console's 待遇统计 of the city: the months and products, and its treatments by level and by chapter. */
export async function cityBenefitReport(ctx: HallContext, q: BenefitQuery) {
  const report = await benefitReport(ctx, {}, q);
  return { ...report, levels: await treatmentMix(ctx, 'level', q), chapters: await treatmentMix(ctx, 'chapter', q) };
}

export const BENEFIT_EXPORT_COLUMNS: ExportColumn[] = [
  { header: '月份', key: 'month', kind: 'text' },
  { header: '互助待遇笔数', key: 'treatments', kind: 'count' },
  { header: '互助待遇金额', key: 'treatmentFen', kind: 'money' },
  { header: '补助笔数', key: 'claims', kind: 'count' },
  { header: '补助金额', key: 'claimFen', kind: 'money' },
];

const mixColumns = (header: string): ExportColumn[] => [
  { header, key: 'label', kind: 'text', width: 48 },
  { header: '互助待遇笔数', key: 'treatments', kind: 'count' },
  { header: '互助待遇金额', key: 'treatmentFen', kind: 'money' },
  { header: '已发放金额', key: 'paidFen', kind: 'money' },
  { header: '金额占比', key: 'share', kind: 'text' },
];

/** The sheet of each table of 待遇统计: the months, the hospital levels, the diagnosis chapters. */
export const BENEFIT_VIEWS: Record<BenefitView, { title: string; columns: ExportColumn[] }> = {
  months: { title: '待遇统计', columns: BENEFIT_EXPORT_COLUMNS },
  levels: { title: '待遇统计-按医院等级', columns: mixColumns('医院等级') },
  chapters: { title: '待遇统计-按疾病章节', columns: mixColumns('疾病章节（ICD-10）') },
};

/** An export's rows: a scope's months; the city's levels or chapters (a union's own report has neither). */
export async function benefitExportRows(ctx: HallContext, scope: ReportScope, q: BenefitQuery & { view?: BenefitView }) {
  if (q.view === 'levels' || q.view === 'chapters') {
    const list = await treatmentMix(ctx, q.view === 'levels' ? 'level' : 'chapter', q);
    const total = list.reduce(
      (t, r) => ({
        ...t,
        treatments: t.treatments + r.treatments,
        treatmentFen: t.treatmentFen + r.treatmentFen,
        paidFen: t.paidFen + r.paidFen,
      }),
      {
        treatments: 0,
        treatmentFen: 0,
        paidFen: 0,
      },
    );
    return [...list, { label: '合计', ...total, share: list.length ? 1 : null }].map((r) => [
      r.label,
      r.treatments,
      r.treatmentFen,
      r.paidFen,
      percent(r.share),
    ]);
  }
  const { months, total } = await benefitReport(ctx, scope, q);
  return [...months, { month: '合计', ...total }].map((r) => [r.month, r.treatments, r.treatmentFen, r.claims, r.claimFen]);
}

/** 互助金收支 of the scope: each period's receipts, payouts, commitments, balance and payout ratio (赔付率). */
export async function fundReport(ctx: HallContext, scope: ReportScope, q: { year?: number }) {
  const rows = await fundByPeriod(ctx.db, scope, q.year);
  const list = rows.map((r) => {
    const [receivedFen, paidTreatmentFen, paidClaimFen, committedFen] = [
      Number(r.receivedFen),
      Number(r.paidTreatmentFen),
      Number(r.paidClaimFen),
      Number(r.committedFen),
    ];
    const paidOutFen = paidTreatmentFen + paidClaimFen;
    return {
      year: Number(r.year),
      periodName: r.periodName,
      payments: Number(r.payments),
      receivedFen,
      paidOutFen,
      paidTreatmentFen,
      paidClaimFen,
      committedFen,
      balanceFen: receivedFen - paidOutFen - committedFen,
      payoutRatio: ratio(paidOutFen, receivedFen),
    };
  });
  return { list };
}

export const FUND_EXPORT_COLUMNS: ExportColumn[] = [
  { header: '互助期', key: 'periodName', kind: 'text', width: 20 },
  { header: '到账笔数', key: 'payments', kind: 'count' },
  { header: '收入', key: 'received', kind: 'money' },
  { header: '支出', key: 'paidOut', kind: 'money' },
  { header: '其中互助待遇', key: 'paidTreatment', kind: 'money' },
  { header: '其中补助', key: 'paidClaim', kind: 'money' },
  { header: '待支付', key: 'committed', kind: 'money' },
  { header: '结余', key: 'balance', kind: 'money' },
  { header: '赔付率', key: 'ratio', kind: 'text' },
];

export async function fundExportRows(ctx: HallContext, scope: ReportScope, q: { year?: number }) {
  const { list } = await fundReport(ctx, scope, q);
  return list.map((r) => [
    r.periodName,
    r.payments,
    r.receivedFen,
    r.paidOutFen,
    r.paidTreatmentFen,
    r.paidClaimFen,
    r.committedFen,
    r.balanceFen,
    percent(r.payoutRatio),
  ]);
}

/** The file name of a report's export: 参保统计-2026.xlsx. */
export const reportFileName = (title: string, year?: number) => `${title}${year ? `-${year}` : ''}.xlsx`;
