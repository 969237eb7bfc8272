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

async function unitDecide(ctx: HallContext, caller: Caller<'unit'>, id: number, approve: boolean, reason: string | undefined, ip?: string) {
  const unit = caller.unit;
  const scope = unitReviewScope(unit.id);
  await scopedOrRefuse(ctx, caller, id, scope, ip);
  const now = ctx.clock.now();
  await ctx.db.transaction((db) =>
    transition(ctx, db, now, {
      claimId: id,
      from: ['unit_review'],
      to: approve ? afterUnit : 'returned',
      actor: unitActor(unit, 'unit'),
      note: approve ? '单位审核通过' : reason,
      scope,
      refusal: NOT_WAITING,
    }),
  );
  return detailOf(ctx, (await repo.findClaim(ctx.db, id, scope))!, 'unit');
}

export const unitApprove = (ctx: HallContext, caller: Caller<'unit'>, id: number, ip?: string) =>
  unitDecide(ctx, caller, id, true, undefined, ip);
export const unitReturn = (ctx: HallContext, caller: Caller<'unit'>, input: CallParsed<Calls['claimUnitReturn']>, ip?: string) =>
  unitDecide(ctx, caller, input.id, false, input.reason, ip);

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

async function unionDecide(
  ctx: HallContext,
  caller: Caller<'unit'>,
  id: number,
  approve: boolean,
  reason: string | undefined,
  ip?: string,
) {
  const union = await reviewer(ctx, caller, ip);
  const scope = repo.unionSees(union.id);
  await scopedOrRefuse(ctx, caller, id, scope, ip);
  const now = ctx.clock.now();
  await ctx.db.transaction((db) =>
    transition(ctx, db, now, {
      claimId: id,
      from: ['union_review'],
      to: approve ? 'city_review' : 'returned',
      actor: unitActor(union, 'union'),
      note: approve ? '工会审核通过' : reason,
      scope,
      refusal: NOT_WAITING,
    }),
  );
  return detailOf(ctx, (await repo.findClaim(ctx.db, id, scope))!, 'union');
}

export const unionApprove = (ctx: HallContext, caller: Caller<'unit'>, id: number, ip?: string) =>
  unionDecide(ctx, caller, id, true, undefined, ip);
export const unionReturn = (ctx: HallContext, caller: Caller<'unit'>, input: CallParsed<Calls['claimUnionReturn']>, ip?: string) =>
  unionDecide(ctx, caller, input.id, false, input.reason, ip);
