import {
  APPLICATION_KIND_LABELS,
  APPLICATION_STATE_LABELS,
  type ApplicationKind,
  type ApplicationState,
  applicationNo,
  canApply,
  ELIGIBILITY_LABELS,
  type Eligibility,
  eligible,
  type enrolmentContracts,
  PERIOD_PHASE_LABELS,
  periodPhase,
  type PeriodDates,
  type StoredApplicationState,
  yuan,
  chinaDay,
  maskCertNo,
} from '@hall/shared';
import type { CallParsed } from '@hall/shared';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditRefusal } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { Caller, HallContext, UnitCaller } from '../../types';
import { deliverMail } from '../mail/mail.service';
import * as repo from './apply.repository';
import * as history from './transition.repository';
import { type Actor, transition } from './transition.service';

type Calls = typeof enrolmentContracts;

export const APPLICATION_MISSING = '申请不存在或无权查看';

/** Who sends the hall's mail. */
export const senderOf = (ctx: HallContext) => `${ctx.config.cityName}总工会`;

export const unitActor = (unit: UnitCaller): Actor => ({ kind: 'unit', name: unit.empName });

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
    list: rows.map((p) => {
      const phase = periodPhase(p, today);
      return {
        year: p.year,
        name: p.name,
        startDate: p.startDate,
        endDate: p.endDate,
        enrolStart: p.enrolStart,
        enrolEnd: p.enrolEnd,
        payDeadline: p.payDeadline,
        waitingDays: p.waitingDays,
        phase,
        phaseLabel: PERIOD_PHASE_LABELS[phase],
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
      };
    }),
  };
}

// ---- the unit's applications ----

export async function listOwn(ctx: HallContext, caller: Caller, q: CallParsed<Calls['applyList']>) {
  const today = chinaDay(ctx.clock.now());
  const { rows, total } = await repo.pageApplications(ctx.db, {
    scope: repo.ownScope(caller.unit!.id),
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
  const label = (s: string | null) => (s ? (APPLICATION_STATE_LABELS[s as StoredApplicationState] ?? s) : null);
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
    events: events.map((e) => ({
      at: e.at.toISOString(),
      actorKind: e.actorKind as 'unit' | 'union' | 'operator' | 'system',
      actorName: e.actorName,
      fromState: e.fromState,
      fromLabel: label(e.fromState),
      toState: e.toState,
      toLabel: label(e.toState)!,
      note: e.note,
    })),
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

export async function detailOwn(ctx: HallContext, caller: Caller, q: CallParsed<Calls['applyDetail']>, ip?: string) {
  const row = await scopedOrRefuse(ctx, ctx.db, caller, q.id, repo.ownScope(caller.unit!.id), ip);
  return detailOf(ctx, row, q, 'unit');
}

/** Writes a draft of the caller unit with its first history row; the reviewing union is fixed now. */
export async function insertDraft(db: Db, caller: Caller, periodId: number, kind: ApplicationKind, now: Date, note: string) {
  const unit = caller.unit!;
  const reviewUnitId = await repo.reviewerOf(db, unit.id);
  const id = await repo.insertApplication(db, {
    unitId: unit.id,
    periodId,
    kind,
    state: 'draft',
    reviewUnitId,
    createdBy: caller.accountId,
    createdAt: now,
    updatedAt: now,
  });
  await history.insertEvent(db, {
    applicationId: id,
    at: now,
    actorKind: 'unit',
    actorName: unit.empName,
    fromState: null,
    toState: 'draft',
    note,
  });
  return id;
}

/** A new draft (待提交) of the period: new (新参) inside the enrolment window, add (增员) while in force. */
export async function createApplication(ctx: HallContext, caller: Caller, input: CallParsed<Calls['applyCreate']>) {
  const unit = caller.unit!;
  const now = ctx.clock.now();
  const today = chinaDay(now);
  const period = await repo.periodByYear(ctx.db, input.periodYear);
  if (!period) throw refuse(`${input.periodYear}年度互助期不存在`);
  if (!canApply(period, input.kind, today)) throw refuse(windowRefusal(period, input.kind));
  const id = await ctx.db.transaction((db) => insertDraft(db, caller, period.id, input.kind, now, '新建申请'));
  return toItem((await repo.findApplication(ctx.db, id, repo.ownScope(unit.id)))!, today);
}

/** The unit's current staff to pick from, with what each already holds in the application's period. */
export async function staffOptions(ctx: HallContext, caller: Caller, q: CallParsed<Calls['applyStaffOptions']>, ip?: string) {
  const unit = caller.unit!;
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

export const EDITABLE = ['draft', 'returned'];
export const NOT_EDITABLE = '只有待提交或已退回的申请可以修改人员明细';
export const LIVE_CONFLICT = '所选人员中有人已在本互助期申报了同一互助项目（可能刚由其他单位申报），请刷新后重试';

/**
 * Locks an own application that may still change its lines. The scope was checked (and a probe
 * audited) before the transaction: an audit row written inside it would roll back with the refusal.
 */
async function lockEditable(db: Db, caller: Caller, id: number) {
  const app = await repo.lockApplication(db, id, repo.ownScope(caller.unit!.id));
  if (!app) throw refuse(APPLICATION_MISSING);
  if (!EDITABLE.includes(app.state)) throw refuse(NOT_EDITABLE);
  return app;
}

/**
 * Adds lines from the unit's staff list: each selected person × each product with its shares.
 * Combinations that cannot be (not insured, product not for this person, already declared) are
 * left out and named; a person who is not the unit's current staff refuses the whole request.
 */
export async function addLines(ctx: HallContext, caller: Caller, input: CallParsed<Calls['applyAddLines']>, ip?: string) {
  const unit = caller.unit!;
  const now = ctx.clock.now();
  await scopedOrRefuse(ctx, ctx.db, caller, input.id, repo.ownScope(unit.id), ip);
  try {
    return await ctx.db.transaction(async (db) => {
      const app = await lockEditable(db, caller, input.id);
      const period = await repo.periodById(db, app.periodId);
      const wanted = input.products.map((w) => {
        const product = period.products.find((p) => p.code === w.code);
        if (!product) throw refuse(`互助项目“${w.code}”不属于${period.year}年度互助期`);
        if (w.shares > product.maxShares) throw refuse(`“${product.name}”每人最多${product.maxShares}份`);
        return { product, shares: w.shares };
      });
      const staffIds = [...new Set(input.staffIds)];
      const people = await repo.unitStaff(db, unit.id, staffIds);
      if (people.length !== staffIds.length || people.some((p) => p.leftOn)) {
        throw refuse('所选人员中有人不是本单位在册职工（可能已减员），请刷新人员名单后重试');
      }
      const held = await repo.liveLines(
        db,
        app.periodId,
        people.map((p) => p.personId),
      );
      const skipped: Array<{ staffId: number; name: string; productCode: string; reason: string }> = [];
      const rows: Parameters<typeof repo.insertLines>[1] = [];
      for (const person of people) {
        for (const { product, shares } of wanted) {
          const skip = (reason: string) => skipped.push({ staffId: person.staffId, name: person.name, productCode: product.code, reason });
          const live = held.find((h) => h.personId === person.personId && h.productCode === product.code);
          if (!person.insured) skip('未办理医保参保登记，不能参加互助');
          else if (!eligible(product.eligibility as Eligibility, person.gender))
            skip(`不符合“${product.name}”的参加条件（${ELIGIBILITY_LABELS[product.eligibility as Eligibility]}）`);
          else if (live) skip(live.applicationId === app.id ? '已在本申请中' : '已在本互助期申报或参加该项目');
          else
            rows.push({
              applicationId: app.id,
              periodId: app.periodId,
              productCode: product.code,
              personId: person.personId,
              staffId: person.staffId,
              shares,
              amountFen: shares * product.rateFen,
            });
        }
      }
      await repo.insertLines(db, rows);
      const totals = await repo.recompute(db, app.id, now);
      return { added: rows.length, removed: 0, ...totals, skipped };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(LIVE_CONFLICT);
    throw error;
  }
}

export async function removeLines(ctx: HallContext, caller: Caller, input: CallParsed<Calls['applyRemoveLines']>, ip?: string) {
  const now = ctx.clock.now();
  await scopedOrRefuse(ctx, ctx.db, caller, input.id, repo.ownScope(caller.unit!.id), ip);
  return ctx.db.transaction(async (db) => {
    const app = await lockEditable(db, caller, input.id);
    const removed = await repo.deleteLines(db, app.id, [...new Set(input.lineIds)]);
    if (removed === 0) throw refuse('所选明细不存在或已移除，请刷新后重试');
    const totals = await repo.recompute(db, app.id, now);
    return { added: 0, removed, ...totals, skipped: [] };
  });
}

/** Tells the reviewing union (its uact's mail) that an application waits for it, or no longer does. */
export async function mailReviewer(db: Db, ctx: HallContext, row: repo.ApplicationRow, what: 'waiting' | 'withdrawn', now: Date) {
  if (!row.reviewUnitUact) return;
  const no = applicationNo(row.periodYear, row.id);
  const message =
    what === 'waiting'
      ? {
          title: `待审核：${row.unitName}的互助申请 ${no}`,
          content: `${row.unitName}提交了${row.periodYear}年度互助申请（${row.headcount}人，应缴 ¥${yuan(Number(row.amountFen))}），请在“申请审核”中审核。`,
        }
      : { title: `互助申请 ${no} 已撤销`, content: `${row.unitName}已撤销${row.periodYear}年度互助申请 ${no}，无需再审核。` };
  await deliverMail(db, { kind: 'unit', key: row.reviewUnitUact }, { ...message, sender: senderOf(ctx) }, now);
}

/**
 * Submits a draft or returned application with at least one line while its window is open. A
 * level-2 unit of a 92 union waits for the union's review (已提交, the union is told); any other
 * unit goes on to 待缴费 in the same transaction (two history rows).
 */
export async function submit(ctx: HallContext, caller: Caller, id: number, ip?: string) {
  const unit = caller.unit!;
  const now = ctx.clock.now();
  const today = chinaDay(now);
  const scope = repo.ownScope(unit.id);
  await scopedOrRefuse(ctx, ctx.db, caller, id, scope, ip);
  await ctx.db.transaction(async (db) => {
    const locked = await repo.lockApplication(db, id, scope);
    if (!locked) throw refuse(APPLICATION_MISSING);
    if (!EDITABLE.includes(locked.state)) throw refuse('只有待提交或已退回的申请可以提交');
    const row = (await repo.findApplication(db, id, scope))!;
    if ((await repo.lineCount(db, id)) === 0) throw refuse('申请中还没有人员，请先添加人员或导入名单');
    if (!canApply(row, row.kind as ApplicationKind, today))
      throw refuse(windowRefusal({ ...row, year: row.periodYear }, row.kind as ApplicationKind));
    const sender = senderOf(ctx);
    await transition(
      db,
      now,
      {
        applicationId: id,
        from: ['draft', 'returned'],
        to: 'submitted',
        actor: unitActor(unit),
        scope,
        refusal: '只有待提交或已退回的申请可以提交',
      },
      sender,
    );
    if (row.reviewUnitId !== null) {
      await mailReviewer(db, ctx, row, 'waiting', now);
    } else {
      await transition(
        db,
        now,
        {
          applicationId: id,
          from: ['submitted'],
          to: 'unpaid',
          actor: { kind: 'system', name: '系统' },
          note: '无需上级工会审核，转入待缴费',
          scope,
          refusal: '申请状态已变化，请刷新后查看',
        },
        sender,
      );
    }
  });
  return toItem((await repo.findApplication(ctx.db, id, scope))!, today);
}

/** Cancels an application before payment: its lines stop counting (not live); a note is kept. */
export async function cancel(ctx: HallContext, caller: Caller, input: CallParsed<Calls['applyCancel']>, ip?: string) {
  const unit = caller.unit!;
  const now = ctx.clock.now();
  const scope = repo.ownScope(unit.id);
  const row = await scopedOrRefuse(ctx, ctx.db, caller, input.id, scope, ip);
  await ctx.db.transaction(async (db) => {
    const moved = await transition(
      db,
      now,
      {
        applicationId: input.id,
        from: ['draft', 'submitted', 'returned', 'unpaid'],
        to: 'cancelled',
        actor: unitActor(unit),
        note: input.note ?? null,
        scope,
        refusal: '该申请当前状态不能撤销（已缴费或已撤销的申请不能撤销）',
      },
      senderOf(ctx),
    );
    if (moved.fromState === 'submitted') await mailReviewer(db, ctx, row, 'withdrawn', now);
  });
  return toItem((await repo.findApplication(ctx.db, input.id, scope))!, chinaDay(now));
}
