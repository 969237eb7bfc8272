/**
 * 互助申请, what changes: a draft made, its lines added and removed, submitted (to the union's
 * review or straight to payment), cancelled. What is read is in apply-view.service.ts.
 */
import {
  type ApplicationKind,
  applicationNo,
  canApply,
  ELIGIBILITY_LABELS,
  type Eligibility,
  eligible,
  type enrolmentContracts,
  yuan,
  chinaDay,
} from '@hall/shared';
import type { CallParsed } from '@hall/shared';
import type { Db } from '../../db/client';
import { refuse } from '../../lib/hall-error';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { Caller, HallContext, UnitCaller } from '../../types';
import { deliverMail } from '../mail/mail.service';
import * as repo from './apply.repository';
import * as history from './transition.repository';
import { type Actor, transition } from './transition.service';

import { APPLICATION_MISSING, scopedOrRefuse, senderOf, toItem, windowRefusal } from './apply-view.service';

type Calls = typeof enrolmentContracts;

export const unitActor = (unit: UnitCaller): Actor => ({ kind: 'unit', name: unit.empName });

/** Writes a draft of the caller unit with its first history row; the reviewing union is fixed now. */
export async function insertDraft(db: Db, caller: Caller<'unit'>, periodId: number, kind: ApplicationKind, now: Date, note: string) {
  const unit = caller.unit;
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
export async function createApplication(ctx: HallContext, caller: Caller<'unit'>, input: CallParsed<Calls['applyCreate']>) {
  const unit = caller.unit;
  const now = ctx.clock.now();
  const today = chinaDay(now);
  const period = await repo.periodByYear(ctx.db, input.periodYear);
  if (!period) throw refuse(`${input.periodYear}年度互助期不存在`);
  if (!canApply(period, input.kind, today)) throw refuse(windowRefusal(period, input.kind));
  const id = await ctx.db.transaction((db) => insertDraft(db, caller, period.id, input.kind, now, '新建申请'));
  return toItem((await repo.findApplication(ctx.db, id, repo.ownScope(unit.id)))!, today);
}

export const EDITABLE = ['draft', 'returned'];
export const NOT_EDITABLE = '只有待提交或已退回的申请可以修改人员明细';
export const LIVE_CONFLICT = '所选人员中有人已在本互助期申报了同一互助项目（可能刚由其他单位申报），请刷新后重试';

/**
 * Locks an own application that may still change its lines. The scope was checked (and a probe
 * audited) before the transaction: an audit row written inside it would roll back with the refusal.
 */
async function lockEditable(db: Db, caller: Caller<'unit'>, id: number) {
  const app = await repo.lockApplication(db, id, repo.ownScope(caller.unit.id));
  if (!app) throw refuse(APPLICATION_MISSING);
  if (!EDITABLE.includes(app.state)) throw refuse(NOT_EDITABLE);
  return app;
}

/**
 * Adds lines from the unit's staff list: each selected person × each product with its shares.
 * Combinations that cannot be (not insured, product not for this person, already declared) are
 * left out and named; a person who is not the unit's current staff refuses the whole request.
 */
export async function addLines(ctx: HallContext, caller: Caller<'unit'>, input: CallParsed<Calls['applyAddLines']>, ip?: string) {
  const unit = caller.unit;
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

export async function removeLines(ctx: HallContext, caller: Caller<'unit'>, input: CallParsed<Calls['applyRemoveLines']>, ip?: string) {
  const now = ctx.clock.now();
  await scopedOrRefuse(ctx, ctx.db, caller, input.id, repo.ownScope(caller.unit.id), ip);
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
export async function submit(ctx: HallContext, caller: Caller<'unit'>, id: number, ip?: string) {
  const unit = caller.unit;
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
export async function cancel(ctx: HallContext, caller: Caller<'unit'>, input: CallParsed<Calls['applyCancel']>, ip?: string) {
  const unit = caller.unit;
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
