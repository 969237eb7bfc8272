import type { FastifyReply } from 'fastify';
import {
  HOSPITAL_LEVEL_LABELS,
  type HospitalLevel,
  SETTLEMENT_KIND_LABELS,
  type SettlementKind,
  TREATMENT_STATE_LABELS,
  payoutFailureText,
  type TreatmentFilter,
  type TreatmentState,
  bandedAmount,
  chinaDay,
  maskCertNo,
  type treatmentContracts,
  type treatmentPageRequest,
} from '@hall/shared';
import type { z } from 'zod';
import { auditRefusal, auditCaller } from '../../lib/audit';
import { capped } from '../../lib/capped-count.repository';
import { refuse } from '../../lib/hall-error';
import { type ExportColumn, sendTable } from '../../lib/table-export';
import type { Caller, HallContext } from '../../types';
import * as repo from './treatment.repository';

/**
 * 互助待遇查询 for units (their staff's treatments: rows whose unit_id is the caller's unit) and for
 * people (their own). Lists page newest discharge first by keyset; the first and the last pages
 * cost the same (a page in the second half is read from the other end). ID numbers are masked in
 * lists, details and exports alike (a spreadsheet travels further than the page).
 */

export const NOT_FOUND = '互助待遇记录不存在';
/** Pages read by offset from the nearer end of the list; beyond, only by keyset (afterKey/beforeKey). */
export const PAGE_REACH = 500;
export const PAGE_REACH_MESSAGE = `最多查看前后各${PAGE_REACH}页，请缩小查询范围或逐页翻阅`;

type Row = z.output<typeof treatmentContracts.treatmentPage.response>['list'][number];
type Detail = z.output<typeof treatmentContracts.treatmentDetail.response>;
type PageInput = z.output<typeof treatmentPageRequest>;

/** The caller's own rows: a unit's (needInsured checked by the route) or a person's. */
export function ownerOf(caller: Caller): repo.Owner {
  if (caller.loginType === 'unit' && caller.unit) return { unitId: caller.unit.id };
  if (caller.loginType === 'personal' && caller.person) return { personId: caller.person.id };
  throw refuse('无权查看互助待遇');
}

const keyOf = (k: string | undefined): repo.PageKey | undefined => {
  if (!k) return undefined;
  const [dischargedOn, id] = k.split('_');
  return { dischargedOn, id: Number(id) };
};

export function toRow(r: repo.TreatmentRecord): Row {
  return {
    id: String(r.id),
    key: `${r.dischargedOn}_${r.id}`,
    name: r.name,
    certNo: maskCertNo(r.certNo),
    year: r.year,
    productCode: r.productCode,
    productName: r.productName,
    hospitalName: r.hospitalName,
    kind: r.kind as SettlementKind,
    kindLabel: SETTLEMENT_KIND_LABELS[r.kind as SettlementKind] ?? r.kind,
    admittedOn: r.admittedOn,
    dischargedOn: r.dischargedOn,
    selfPolicyFen: r.selfPolicyFen,
    baseFen: r.baseFen,
    amountFen: r.amountFen,
    paidFen: r.paidFen,
    dueFen: r.amountFen - r.paidFen,
    state: r.state as TreatmentState,
    stateLabel: TREATMENT_STATE_LABELS[r.state as TreatmentState],
    reason: r.reason,
    // A failed payment's batch paid nothing: no day is shown for it.
    paidOn: r.payoutFailure ? null : r.paidOn,
    payoutFailure: r.payoutFailure,
  };
}

/**
 * A page of the caller's treatments with the totals of the whole filtered set, unless the request
 * says it has them (`withTotals: false`, the portal's later pages of a filter): then only the
 * count, which the paging needs and which an index-only scan answers.
 */
export async function treatmentPage(
  ctx: HallContext,
  caller: Caller,
  input: Partial<TreatmentFilter> & Omit<PageInput, keyof TreatmentFilter | 'withTotals'> & { withTotals?: boolean },
) {
  const owner = ownerOf(caller);
  const { pageSize } = input;
  const totals = input.withTotals === false ? null : await repo.totals(ctx.db, owner, input);
  // Every page answers the same capped count (the totals say the exact one): a capped list has no
  // known end, so it is read from the newest only.
  const total = totals ? capped(totals.count) : await repo.count(ctx.db, owner, input);
  const { totlCnt } = total;
  const pages = Math.max(1, Math.ceil(totlCnt / pageSize));
  const pageNum = Math.min(input.pageNum, pages);
  const after = keyOf(input.afterKey);
  const before = after ? undefined : keyOf(input.beforeKey);
  const keyset = after !== undefined || before !== undefined;
  const fromEnd = !total.totlCntCapped && pageNum - 1 > pages - pageNum;
  const fromEndReach = total.totlCntCapped ? pageNum : pages - pageNum + 1;
  if (!keyset && Math.min(pageNum, fromEndReach) > PAGE_REACH) throw refuse(PAGE_REACH_MESSAGE);
  const end = Math.min(pageNum * pageSize, totlCnt);
  const keys = await repo.pageKeys(ctx.db, owner, input, {
    after,
    before,
    fromEnd,
    offset: fromEnd ? totlCnt - end : (pageNum - 1) * pageSize,
    limit: fromEnd && !keyset ? Math.max(0, end - (pageNum - 1) * pageSize) : pageSize,
  });
  const rows = await repo.rowsByIds(
    ctx.db,
    owner,
    keys.map((k) => k.id),
  );
  return { ...total, pageNum, pageSize, list: rows.map(toRow), totals };
}

/** How the banded rule split this settlement's counted self-pay over the bands (for one share, × shares). */
export function bandParts(d: { rule: repo.DetailRecord['rule']; cumulativeBeforeFen: number; baseFen: number; shares: number }) {
  const from = d.cumulativeBeforeFen;
  const to = from + d.baseFen;
  let lower = 0;
  const parts: Detail['computation']['bands'] = [];
  for (const band of d.rule.bands ?? []) {
    const upper = band.uptoFen ?? Number.POSITIVE_INFINITY;
    const part = Math.max(0, Math.min(to, upper) - Math.max(from, lower));
    parts.push({
      fromFen: lower,
      uptoFen: band.uptoFen,
      ratioPct: band.ratioPct,
      partFen: part,
      amountFen: Math.floor((part * band.ratioPct) / 100) * d.shares,
    });
    lower = upper;
  }
  return { parts, bandedFen: (bandedAmount(d.rule, to) - bandedAmount(d.rule, from)) * d.shares };
}

/** One of the caller's treatments with the settlement's figures and how the amount was computed. */
export async function treatmentDetail(ctx: HallContext, caller: Caller, id: number, call: string, ip?: string): Promise<Detail> {
  const owner = ownerOf(caller);
  const d = await repo.detail(ctx.db, owner, id);
  if (!d) {
    // Another's id (or none) answers like a missing one; a real id of someone else is a probe.
    if (await repo.exists(ctx.db, id)) await auditRefusal(ctx.db, ctx.clock.now(), caller, { call, id }, ip);
    throw refuse(NOT_FOUND);
  }
  const shares = d.shares ?? 0;
  const { parts, bandedFen } = bandParts({ rule: d.rule, cumulativeBeforeFen: d.cumulativeBeforeFen, baseFen: d.baseFen, shares });
  return {
    ...toRow(d),
    unitName: d.unitName,
    settlement: {
      settlementNo: d.settlementNo,
      hospitalLevel: d.hospitalLevel,
      hospitalLevelLabel: HOSPITAL_LEVEL_LABELS[d.hospitalLevel as HospitalLevel] ?? d.hospitalLevel,
      settledOn: d.settledOn,
      totalFen: d.totalFen,
      policyFen: d.policyFen,
      fundFen: d.fundFen,
      selfPolicyFen: d.selfPolicyFen,
      selfExcludedFen: d.selfExcludedFen,
      diagnosisCode: d.diagnosisCode,
      diagnosisName: d.diagnosisName,
      reversed: d.reversed,
      version: d.version,
    },
    computation: {
      shares,
      coveredFrom: d.coveredFrom,
      deductibleFen: d.rule.deductibleFen ?? 0,
      capFen: d.rule.capFen === undefined ? null : d.rule.capFen * shares,
      cumulativeBeforeFen: d.cumulativeBeforeFen,
      bands: parts,
      bandedFen,
    },
    batchNo: d.batchNo,
  };
}

/**
 * The list's columns as the page names them, in its order (its 互助项目 is 年度 and 互助项目 here),
 * then the detail's (TreatmentDrawer).
 */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: '姓名', key: 'name', width: 10, kind: 'text' },
  { header: '身份证号码', key: 'certNo', width: 22, kind: 'text' },
  { header: '出院日期', key: 'dischargedOn', width: 12, kind: 'date' },
  { header: '医院', key: 'hospital', width: 24, kind: 'text' },
  { header: '年度', key: 'year', width: 8, kind: 'count' },
  { header: '互助项目', key: 'product', width: 16, kind: 'text' },
  { header: '待遇金额', key: 'amount', width: 14, kind: 'money' },
  { header: '已发放', key: 'paid', width: 14, kind: 'money' },
  { header: '状态', key: 'state', width: 8, kind: 'text' },
  { header: '说明', key: 'reason', width: 28, kind: 'text' },
  { header: '待发放', key: 'due', width: 14, kind: 'money' },
  { header: '发放日期', key: 'paidOn', width: 12, kind: 'date' },
  { header: '就医类型', key: 'kind', width: 12, kind: 'text' },
  { header: '入院日期', key: 'admittedOn', width: 12, kind: 'date' },
  { header: '政策范围内个人自付', key: 'selfPolicy', width: 18, kind: 'money' },
  { header: '本次计入', key: 'base', width: 14, kind: 'money' },
];

/** 导出: the filtered list as a workbook, streamed in keyset chunks, ID numbers masked. Audited. */
export async function exportTreatments(
  ctx: HallContext,
  caller: Caller,
  filter: Partial<TreatmentFilter>,
  reply: FastifyReply,
  ip?: string,
) {
  const owner = ownerOf(caller);
  const now = ctx.clock.now();
  await auditCaller(
    ctx.db,
    now,
    caller,
    'download',
    { call: caller.loginType === 'unit' ? 'treatmentExport' : 'treatmentPersonalExport', filter: { ...filter, certNo: undefined } },
    ip,
  );
  async function* rows() {
    for await (const r of repo.streamRows(ctx.db, owner, filter)) {
      const row = toRow(r);
      yield [
        row.name,
        row.certNo,
        row.dischargedOn,
        row.hospitalName,
        row.year,
        row.productName,
        row.amountFen,
        row.paidFen,
        row.stateLabel,
        row.payoutFailure ? payoutFailureText(row.payoutFailure) : row.reason,
        row.state === 'pending' ? row.dueFen : 0,
        row.paidOn,
        row.kindLabel,
        row.admittedOn,
        row.selfPolicyFen,
        row.baseFen,
      ];
    }
  }
  return sendTable(reply, `互助待遇_${chinaDay(now)}.xlsx`, '互助待遇', EXPORT_COLUMNS, rows());
}
