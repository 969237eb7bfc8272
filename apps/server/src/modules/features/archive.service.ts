import type { FastifyReply } from 'fastify';
import {
  applicationNo,
  CLAIM_TYPE_LABELS,
  type ClaimType,
  chinaDay,
  maskCertNo,
  TREATMENT_STATE_LABELS,
  type TreatmentState,
  yuan,
} from '@hall/shared';
import { auditCaller } from '../../lib/audit';
import { type ExportColumn, sendTable } from '../../lib/table-export';
import type { Caller, HallContext } from '../../types';
import { unitFigures } from '../participation/participation.service';
import * as repo from './archive.repository';
import { requireFlag } from './flags.service';

/** 互助档案 (flag `archives`, docs-flags.md F3): a person's and a unit's mutual aid over the years. */

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

export async function personalArchive(ctx: HallContext, caller: Caller<'personal'>) {
  const person = caller.person;
  await requireFlag(ctx.db, 'archives');
  const [coverages, payments, treatments, claims] = await Promise.all([
    repo.personCoverages(ctx.db, person.id),
    repo.personPayments(ctx.db, person.id),
    repo.personTreatments(ctx.db, person.id),
    repo.personPaidClaims(ctx.db, person.id),
  ]);
  const yearSet = new Set([...coverages, ...payments, ...treatments, ...claims].map((r) => r.year));
  const years = [...yearSet]
    .sort((a, b) => b - a)
    .map((year) => {
      const tr = treatments.filter((t) => t.year === year);
      const cl = claims.filter((c) => c.year === year);
      const treatmentPaidFen = sum(tr.map((t) => t.paidFen));
      const claimPaidFen = sum(cl.map((c) => c.amountFen));
      return {
        year,
        coverages: coverages.filter((c) => c.year === year).map(({ year: _y, ...c }) => c),
        contributionFen: sum(payments.filter((p) => p.year === year).map((p) => p.amountFen)),
        treatmentCount: tr.filter((t) => t.amountFen > 0).length,
        treatmentAmountFen: sum(tr.map((t) => t.amountFen)),
        treatmentPaidFen,
        claimCount: cl.length,
        claimPaidFen,
        benefitPaidFen: treatmentPaidFen + claimPaidFen,
      };
    });
  return {
    name: person.name,
    certNo: maskCertNo(person.certNo),
    years,
    payments: payments.map((p) => ({
      year: p.year,
      applicationNo: applicationNo(p.year, p.applicationId),
      unitName: p.unitName,
      productName: p.productName,
      shares: p.shares,
      amountFen: p.amountFen,
      paidOn: p.paidOn,
    })),
    treatments: treatments.map((t) => ({
      year: t.year,
      dischargedOn: t.dischargedOn,
      hospitalName: t.hospitalName,
      productName: t.productName,
      amountFen: t.amountFen,
      paidFen: t.paidFen,
      stateLabel: TREATMENT_STATE_LABELS[t.state as TreatmentState] ?? t.state,
    })),
    claims: claims.map((c) => ({
      year: c.year,
      claimNo: c.claimNo,
      typeLabel: CLAIM_TYPE_LABELS[c.type as ClaimType] ?? c.type,
      amountFen: c.amountFen,
      paidOn: c.paidOn,
    })),
    totals: {
      contributionFen: sum(years.map((y) => y.contributionFen)),
      treatmentPaidFen: sum(years.map((y) => y.treatmentPaidFen)),
      claimPaidFen: sum(years.map((y) => y.claimPaidFen)),
      benefitPaidFen: sum(years.map((y) => y.benefitPaidFen)),
    },
  };
}

export async function unitArchive(ctx: HallContext, caller: Caller<'unit'>) {
  const unit = caller.unit;
  await requireFlag(ctx.db, 'archives');
  const periods = await repo.allPeriodYears(ctx.db);
  const [figures, benefits] = await Promise.all([
    // 参加人数 is 本期参保人数 of the period (unit-figures.repository), 应缴 its 待缴 and 已缴 lines.
    unitFigures(ctx.db, { unitIds: [unit.id], periodIds: periods.map((p) => p.id), today: chinaDay(ctx.clock.now()) }),
    repo.unitBenefitYears(ctx.db, unit.id),
  ]);
  const years = periods
    .map((p) => {
      const f = figures.find((r) => r.periodId === p.id);
      const b = benefits.find((r) => r.periodId === p.id);
      const treatmentPaidFen = b?.treatmentPaidFen ?? 0;
      const claimPaidFen = b?.claimPaidFen ?? 0;
      const paidFen = f?.paidFen ?? 0;
      return {
        year: p.year,
        headcount: f?.insured ?? 0,
        payableFen: (f?.dueFen ?? 0) + paidFen,
        paidFen,
        outstandingFen: f?.dueFen ?? 0,
        treatmentPaidFen,
        claimPaidFen,
        benefitPaidFen: treatmentPaidFen + claimPaidFen,
        benefitPersons: b?.benefitPersons ?? 0,
        shown: (f?.insured ?? 0) > 0 || (f?.dueFen ?? 0) + paidFen > 0 || b !== undefined,
      };
    })
    .filter((y) => y.shown)
    .map(({ shown: _shown, ...y }) => y);
  const total = (key: keyof (typeof years)[number]) => sum(years.map((y) => y[key]));
  return {
    unitName: unit.empName,
    uact: unit.uact,
    years,
    totals: {
      headcount: total('headcount'),
      payableFen: total('payableFen'),
      paidFen: total('paidFen'),
      outstandingFen: total('outstandingFen'),
      treatmentPaidFen: total('treatmentPaidFen'),
      claimPaidFen: total('claimPaidFen'),
      benefitPaidFen: total('benefitPaidFen'),
      benefitPersons: total('benefitPersons'),
    },
  };
}

/** One sheet of the page's tables (their words: 互助年度, 金额（元）, 已发放（元）), a row per item. */
export const PERSONAL_COLUMNS: readonly ExportColumn[] = [
  { header: '互助年度', key: 'year', width: 10, kind: 'count' },
  { header: '类别', key: 'kind', width: 10, kind: 'text' },
  { header: '内容', key: 'content', width: 48, kind: 'text' },
  { header: '日期', key: 'day', width: 12, kind: 'date' },
  { header: '金额（元）', key: 'amount', width: 14, kind: 'money' },
  { header: '已发放（元）', key: 'paid', width: 14, kind: 'money' },
];

/** 导出: the person's archive as one sheet, year by year (参加、缴费、待遇、补助、年度合计). Audited. */
export async function exportPersonalArchive(ctx: HallContext, caller: Caller<'personal'>, reply: FastifyReply, ip?: string) {
  const a = await personalArchive(ctx, caller);
  const now = ctx.clock.now();
  await auditCaller(ctx.db, now, caller, 'download', { call: 'archivePersonalExport' }, ip);
  const rows: unknown[][] = [];
  for (const y of a.years) {
    for (const c of y.coverages)
      rows.push([y.year, '参加互助', `${c.productName} ${c.shares}份（${c.unitName}）`, c.coveredFrom, null, null]);
    for (const p of a.payments.filter((p) => p.year === y.year))
      rows.push([y.year, '单位缴费', `${p.applicationNo} ${p.productName} ${p.shares}份（${p.unitName}）`, p.paidOn, p.amountFen, null]);
    for (const t of a.treatments.filter((t) => t.year === y.year))
      rows.push([y.year, '互助待遇', `${t.hospitalName} ${t.productName}（${t.stateLabel}）`, t.dischargedOn, t.amountFen, t.paidFen]);
    for (const c of a.claims.filter((c) => c.year === y.year))
      rows.push([y.year, '补助', `${c.claimNo} ${c.typeLabel}`, c.paidOn, c.amountFen, c.amountFen]);
    rows.push([y.year, '年度合计', `缴费 ${yuan(y.contributionFen)} 元；已获待遇与补助`, null, y.contributionFen, y.benefitPaidFen]);
  }
  return sendTable(reply, `个人互助档案_${chinaDay(now)}.xlsx`, '个人互助档案', PERSONAL_COLUMNS, rows);
}

/** The page's table (合计 in the year column of the last row). */
export const UNIT_COLUMNS: readonly ExportColumn[] = [
  { header: '互助年度', key: 'year', width: 10, kind: 'count' },
  { header: '参加人数', key: 'headcount', width: 10, kind: 'count' },
  { header: '应缴（元）', key: 'payable', width: 14, kind: 'money' },
  { header: '已缴（元）', key: 'paid', width: 14, kind: 'money' },
  { header: '未缴（元）', key: 'outstanding', width: 14, kind: 'money' },
  { header: '职工互助待遇（元）', key: 'treatment', width: 16, kind: 'money' },
  { header: '职工补助（元）', key: 'claim', width: 14, kind: 'money' },
  { header: '待遇与补助合计（元）', key: 'benefit', width: 18, kind: 'money' },
  { header: '获得待遇人数', key: 'persons', width: 12, kind: 'count' },
];

/** 导出: the unit's archive, a row per year and the totals. Audited. */
export async function exportUnitArchive(ctx: HallContext, caller: Caller<'unit'>, reply: FastifyReply, ip?: string) {
  const a = await unitArchive(ctx, caller);
  const now = ctx.clock.now();
  await auditCaller(ctx.db, now, caller, 'download', { call: 'archiveUnitExport' }, ip);
  const line = (label: string | number, y: (typeof a)['totals']) => [
    label,
    y.headcount,
    y.payableFen,
    y.paidFen,
    y.outstandingFen,
    y.treatmentPaidFen,
    y.claimPaidFen,
    y.benefitPaidFen,
    y.benefitPersons,
  ];
  const rows = [...a.years.map((y) => line(y.year, y)), line('合计', a.totals)];
  return sendTable(reply, `单位互助档案_${chinaDay(now)}.xlsx`, '单位互助档案', UNIT_COLUMNS, rows);
}
