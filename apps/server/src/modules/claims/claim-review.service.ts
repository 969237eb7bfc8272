import type { CallParsed, claimContracts } from '@hall/shared';
import { auditRefusal } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { Caller, HallContext, UnitCaller } from '../../types';
import * as query from './claim-query.repository';
import { detailOf, scopedOrRefuse, toItem } from './claim-query.service';
import * as repo from './claims.repository';
import { type ClaimActor, afterUnit, transition } from './transition.service';

/*
 * The reviews before the city union's: the unit reviews its workers' own claims (单位审核), the
 * 92 union its member enterprises' claims (工会审核). Each may approve (the next stage) or return
 * to the filer with what to fix; only the city union refuses.
 */

type Calls = typeof claimContracts;

const NOT_WAITING = '该申请已处理或已退回（当前不是待您审核的状态），请刷新后查看';

const unitActor = (unit: UnitCaller, kind: 'unit' | 'union'): ClaimActor => ({ kind, name: unit.empName, key: unit.uact });

/** The workers' claims of the unit (the unit reviews those, not its own filings). */
const unitReviewScope = (unitId: number) => repo.unitSees(unitId);

/** The two reviews: the state each decides, where an approval sends the claim, its note. */
const REVIEWS = {
  unit: { from: 'unit_review', approved: afterUnit, note: '单位审核通过' },
  union: { from: 'union_review', approved: 'city_review', note: '工会审核通过' },
} as const;

/** A review's decision: approved to the next stage, or returned to the filer with the reason. */
async function decide(ctx: HallContext, caller: Caller<'unit'>, by: keyof typeof REVIEWS, id: number, reason?: string, ip?: string) {
  const reviewing = by === 'unit' ? caller.unit : await reviewer(ctx, caller, ip);
  const scope = by === 'unit' ? unitReviewScope(reviewing.id) : repo.unionSees(reviewing.id);
  await scopedOrRefuse(ctx, caller, id, scope, ip);
  const review = REVIEWS[by];
  const now = ctx.clock.now();
  await ctx.db.transaction((db) =>
    transition(ctx, db, now, {
      claimId: id,
      from: [review.from],
      to: reason === undefined ? review.approved : 'returned',
      actor: unitActor(reviewing, by),
      note: reason ?? review.note,
      scope,
      refusal: NOT_WAITING,
    }),
  );
  return detailOf(ctx, (await repo.findClaim(ctx.db, id, scope))!, by);
}

export const unitApprove = (ctx: HallContext, caller: Caller<'unit'>, id: number, ip?: string) =>
  decide(ctx, caller, 'unit', id, undefined, ip);
export const unitReturn = (ctx: HallContext, caller: Caller<'unit'>, input: CallParsed<Calls['claimUnitReturn']>, ip?: string) =>
  decide(ctx, caller, 'unit', input.id, input.reason, ip);

// ---- the 92 union ----

/** The caller as a reviewing union: a level-1 union of type 92. */
async function reviewer(ctx: HallContext, caller: Caller<'unit'>, ip?: string): Promise<UnitCaller> {
  const unit = caller.unit;
  if (unit.level !== 1 || unit.uniType !== '92') {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { call: 'claimExamine' }, ip);
    throw refuse('补助审核仅限联合基层工会使用');
  }
  return unit;
}

export async function unionList(ctx: HallContext, caller: Caller<'unit'>, q: CallParsed<Calls['claimUnionList']>, ip?: string) {
  const union = await reviewer(ctx, caller, ip);
  const state = q.state ?? 'union_review';
  const { rows, total } = await query.pageClaims(ctx.db, {
    scope: repo.unionSees(union.id),
    state,
    empName: q.empName,
    name: q.name,
    oldestFirst: state === 'union_review',
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  });
  return { list: rows.map(toItem), ...total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function unionDetail(ctx: HallContext, caller: Caller<'unit'>, id: number, ip?: string) {
  const union = await reviewer(ctx, caller, ip);
  return detailOf(ctx, await scopedOrRefuse(ctx, caller, id, repo.unionSees(union.id), ip), 'union');
}

export const unionApprove = (ctx: HallContext, caller: Caller<'unit'>, id: number, ip?: string) =>
  decide(ctx, caller, 'union', id, undefined, ip);
export const unionReturn = (ctx: HallContext, caller: Caller<'unit'>, input: CallParsed<Calls['claimUnionReturn']>, ip?: string) =>
  decide(ctx, caller, 'union', input.id, input.reason, ip);
