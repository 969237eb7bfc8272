import { applicationNo, type CallParsed, type enrolmentContracts, chinaDay } from '@hall/shared';
import { auditRefusal } from '../../lib/audit';
import { HallError, refuse } from '../../lib/hall-error';
import type { Caller, HallContext, UnitCaller } from '../../types';
import * as repo from './apply.repository';
import { APPLICATION_MISSING, detailOf, scopedOrRefuse, senderOf, toItem } from './apply-view.service';
import { type Actor, transition } from './transition.service';

/*
 * The 92 union's review (申请审核, /apply-examine): its member enterprises' submitted
 * applications, scoped in SQL to review_unit_id = the union. Not needInsured (docs/decisions.md, "Uninsured users read their own").
 */

type Calls = typeof enrolmentContracts;

const NOT_PENDING = '该申请已处理或已撤销（当前不是待审核状态），请刷新后查看';

/** The caller as a reviewing union: a level-1 union of type 92. */
async function reviewer(ctx: HallContext, caller: Caller<'unit'>, ip?: string): Promise<UnitCaller> {
  const unit = caller.unit;
  if (unit.level !== 1 || unit.uniType !== '92') {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { call: 'examine' }, ip);
    throw refuse('申请审核仅限联合基层工会使用');
  }
  return unit;
}

const unionActor = (unit: UnitCaller): Actor => ({ kind: 'union', name: unit.empName });

export async function listForReview(ctx: HallContext, caller: Caller<'unit'>, q: CallParsed<Calls['examineList']>, ip?: string) {
  const union = await reviewer(ctx, caller, ip);
  const today = chinaDay(ctx.clock.now());
  const { rows, total } = await repo.pageApplications(ctx.db, {
    scope: repo.reviewScope(union.id),
    today,
    periodYear: q.periodYear,
    state: q.state,
    empName: q.empName,
    pendingFirst: true,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  });
  return { list: rows.map((r) => toItem(r, today)), totlCnt: total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function detailForReview(ctx: HallContext, caller: Caller<'unit'>, q: CallParsed<Calls['examineDetail']>, ip?: string) {
  const union = await reviewer(ctx, caller, ip);
  const row = await scopedOrRefuse(ctx, ctx.db, caller, q.id, repo.reviewScope(union.id), ip);
  return detailOf(ctx, row, q, 'union');
}

/** Approves (submitted → unpaid) or returns (submitted → returned, with the reason) one application, atomically. */
async function decide(
  ctx: HallContext,
  caller: Caller,
  union: UnitCaller,
  id: number,
  to: 'unpaid' | 'returned',
  reason?: string,
  ip?: string,
) {
  const scope = repo.reviewScope(union.id);
  const now = ctx.clock.now();
  await scopedOrRefuse(ctx, ctx.db, caller, id, scope, ip);
  await ctx.db.transaction((db) =>
    transition(
      db,
      now,
      { applicationId: id, from: ['submitted'], to, actor: unionActor(union), note: reason ?? '审核通过', scope, refusal: NOT_PENDING },
      senderOf(ctx),
    ),
  );
  return toItem((await repo.findApplication(ctx.db, id, scope))!, chinaDay(now));
}

export async function approve(ctx: HallContext, caller: Caller<'unit'>, id: number, ip?: string) {
  return decide(ctx, caller, await reviewer(ctx, caller, ip), id, 'unpaid', undefined, ip);
}

export async function returnForChanges(ctx: HallContext, caller: Caller<'unit'>, input: CallParsed<Calls['examineReturn']>, ip?: string) {
  return decide(ctx, caller, await reviewer(ctx, caller, ip), input.id, 'returned', input.reason, ip);
}

/** Approves each of many applications in its own transaction; answers how many went through and why the others did not. */
export async function batchApprove(ctx: HallContext, caller: Caller<'unit'>, input: CallParsed<Calls['examineBatchApprove']>, ip?: string) {
  const union = await reviewer(ctx, caller, ip);
  const ids = [...new Set(input.ids)];
  const known = new Map((await repo.applicationNos(ctx.db, ids, repo.reviewScope(union.id))).map((r) => [r.id, r]));
  let approved = 0;
  const failed: Array<{ id: number; no: string; reason: string }> = [];
  for (const id of ids) {
    const row = known.get(id);
    if (!row) {
      failed.push({ id, no: '', reason: APPLICATION_MISSING });
      continue;
    }
    try {
      await decide(ctx, caller, union, id, 'unpaid', undefined, ip);
      approved++;
    } catch (error) {
      if (!(error instanceof HallError)) throw error;
      failed.push({ id, no: applicationNo(row.year, id), reason: error.message });
    }
  }
  if (failed.some((f) => f.reason === APPLICATION_MISSING)) {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { call: 'examineBatchApprove', ids: failed.map((f) => f.id) }, ip);
  }
  return { approved, failed };
}
