/**
 * 互助申请, what is read: the periods, a unit's applications and their detail (the union's review
 * shows the same detail), the staff to pick from. The changes are in apply.service.ts.
 */
import {
  cityUnion,
  APPLICATION_KIND_LABELS,
  APPLICATION_STATE_LABELS,
  type ApplicationKind,
  type ApplicationState,
  applicationNo,
  canApply,
  ELIGIBILITY_LABELS,
  type Eligibility,
  type enrolmentContracts,
  periodFacts,
  type PeriodDates,
  chinaDay,
  maskCertNo,
} from '@hall/shared';
import type { CallParsed } from '@hall/shared';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditRefusal } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { Caller, HallContext } from '../../types';
import * as repo from './apply.repository';
import { historyEntry } from '../../lib/history';

type Calls = typeof enrolmentContracts;

export const APPLICATION_MISSING = '申请不存在或无权查看';

/** Who sends the hall's mail. */
export const senderOf = (ctx: HallContext) => cityUnion(ctx.config.cityName);

/** What the portal shows: a paid application whose period has begun is 已生效. */
export const shownState = (state: string, startDate: string, today: string): ApplicationState =>
  state === 'paid' && today >= startDate ? 'effective' : (state as ApplicationState);

/** The refusal of a day outside the window of a kind of application. */
export function windowRefusal(p: PeriodDates & { year: number }, kind: ApplicationKind): string {
  return kind === 'new'
    ? `${p.year}年度新参申请的办理时间为 ${p.enrolStart} 至 ${p.enrolEnd}，当前不在办理期内`
    : `${p.year}年度增员申请仅在互助期内（${p.startDate} 至 ${p.endDate}）办理`;
}

export function toItem(row: repo.ApplicationRow, today: string) {
  const state = shownState(row.state, row.startDate, today);
  return {
    id: row.id,
    no: applicationNo(row.periodYear, row.id),
    periodYear: row.periodYear,
    kind: row.kind as ApplicationKind,
    kindLabel: APPLICATION_KIND_LABELS[row.kind as ApplicationKind],
    state,
    stateLabel: APPLICATION_STATE_LABELS[state],
    unitName: row.unitName,
    headcount: row.headcount,
    amountFen: Number(row.amountFen),
    reason: row.reason,
    needsReview: row.reviewUnitId !== null,
    createdAt: row.createdAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** An application in the caller's scope, or the one refusal for missing and not theirs (audited). */
export async function scopedOrRefuse(ctx: HallContext, db: Db, caller: Caller, id: number, scope: SQL, ip?: string) {
  const row = await repo.findApplication(db, id, scope);
  if (!row) {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { call: 'application', id }, ip);
    throw refuse(APPLICATION_MISSING);
  }
  return row;
}

// ---- periods ----

/** Every period with its phase today and its products, newest first (any logged-in user). */
export async function periodList(ctx: HallContext) {
  const today = chinaDay(ctx.clock.now());
  const rows = await repo.listPeriods(ctx.db);
  return {
    today,
    list: rows.map((p) => ({
      ...periodFacts(p, today),
      canApplyNew: canApply(p, 'new', today),
      canApplyAdd: canApply(p, 'add', today),
      products: p.products.map((i) => ({
        code: i.code,
        name: i.name,
        rateFen: i.rateFen,
        maxShares: i.maxShares,
        eligibility: i.eligibility as Eligibility,
        eligibilityLabel: ELIGIBILITY_LABELS[i.eligibility as Eligibility],
      })),
    })),
  };
}

// ---- the unit's applications ----

export async function listOwn(ctx: HallContext, caller: Caller<'unit'>, q: CallParsed<Calls['applyList']>) {
  const today = chinaDay(ctx.clock.now());
  const { rows, total } = await repo.pageApplications(ctx.db, {
    scope: repo.ownScope(caller.unit.id),
    today,
    periodYear: q.periodYear,
    state: q.state,
    kind: q.kind,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  });
  return { list: rows.map((r) => toItem(r, today)), totlCnt: total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** The detail the unit and the union both see: header, per-product totals, history and a page of lines. */
export async function detailOf(
  ctx: HallContext,
  row: repo.ApplicationRow,
  q: { keyword?: string; pageNum: number; pageSize: number },
  role: 'unit' | 'union',
) {
  const today = chinaDay(ctx.clock.now());
  const [products, events, lines] = await Promise.all([
    repo.productTotals(ctx.db, row.id),
    repo.events(ctx.db, row.id),
    repo.pageLines(ctx.db, row.id, q),
  ]);
  const editable = row.state === 'draft' || row.state === 'returned';
  return {
    application: {
      ...toItem(row, today),
      periodName: row.periodName,
      payDeadline: row.payDeadline,
      reviewUnitName: row.reviewUnitName ?? null,
      canEdit: role === 'unit' && editable,
      canSubmit: role === 'unit' && editable && row.headcount > 0 && canApply(row, row.kind as ApplicationKind, today),
      canCancel: role === 'unit' && ['draft', 'submitted', 'returned', 'unpaid'].includes(row.state),
      canReview: role === 'union' && row.state === 'submitted',
    },
    products,
    events: events.map((e) => historyEntry<'unit' | 'union' | 'operator' | 'system'>(e, APPLICATION_STATE_LABELS)),
    lines: {
      list: lines.rows.map((l) => ({ ...l, certNo: maskCertNo(l.certNo) })),
      totlCnt: lines.total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    },
  };
}

/** ID numbers in lists: the one rule of the staff page (4301**********0022). */
export { maskCertNo };

export async function detailOwn(ctx: HallContext, caller: Caller<'unit'>, q: CallParsed<Calls['applyDetail']>, ip?: string) {
  const row = await scopedOrRefuse(ctx, ctx.db, caller, q.id, repo.ownScope(caller.unit.id), ip);
  return detailOf(ctx, row, q, 'unit');
}

/** The unit's current staff to pick from, with what each already holds in the application's period. */
export async function staffOptions(ctx: HallContext, caller: Caller<'unit'>, q: CallParsed<Calls['applyStaffOptions']>, ip?: string) {
  const unit = caller.unit;
  const app = await scopedOrRefuse(ctx, ctx.db, caller, q.id, repo.ownScope(unit.id), ip);
  const { rows, total } = await repo.pageStaffOptions(ctx.db, {
    unitId: unit.id,
    periodId: app.periodId,
    applicationId: app.id,
    keyword: q.keyword,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  });
  return {
    list: rows.map((r) => ({
      staffId: r.staffId,
      name: r.name,
      certNo: maskCertNo(r.certNo),
      gender: r.gender,
      psnType: r.psnType,
      insured: r.insured,
      inThis: r.inThis,
      elsewhere: r.elsewhere,
    })),
    totlCnt: total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}
