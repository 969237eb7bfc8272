import {
  applicationNo,
  EVALUATION_KIND_LABELS,
  EVALUATION_KINDS,
  type EvaluationKind,
  type evaluationQueryRequest,
  type evaluationSubmitRequest,
  RATING_LABELS,
  type Rating,
} from '@hall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditRefusal } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { Caller, HallContext } from '../../types';
import * as repo from './evaluation.repository';
import { requireFlag } from './flags.service';

/**
 * 好差评 (flag `evaluation`, docs-flags.md F4): a finished service is rated once by the party that
 * received it: a paid enrolment application (已缴费/已生效) by its unit, a paid claim (已发放) by the
 * person it paid. The unique indexes make a second rating impossible; nothing updates a rating.
 */

export const NOT_RATEABLE = '业务不存在或无权评价';
export const ALREADY_RATED = '该业务已评价，评价提交后不能修改';

type EvaluationRecord = repo.EvaluationRecord;

const toRow = (r: EvaluationRecord) => ({
  kind: r.kind,
  id: String(r.serviceId),
  rating: r.rating,
  ratingLabel: RATING_LABELS[r.rating as Rating] ?? String(r.rating),
  comment: r.comment,
  reason: r.reason,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** The party of a kind of service: a unit rates applications, a person claims. */
function raterOf(caller: Caller, kind: EvaluationKind) {
  if (kind === 'application' && caller.loginType === 'unit' && caller.unit) return { unitId: caller.unit.id };
  if (kind === 'claim' && caller.loginType === 'personal' && caller.person) return { personId: caller.person.id };
  throw refuse(kind === 'application' ? '互助申请由申请单位评价' : '补助由获得补助的职工本人评价');
}

export async function submitEvaluation(ctx: HallContext, caller: Caller, input: z.output<typeof evaluationSubmitRequest>, ip?: string) {
  await requireFlag(ctx.db, 'evaluation');
  const rater = raterOf(caller, input.kind);
  const state = await repo.ownServiceState(ctx.db, input.kind, input.id, rater);
  if (!state) {
    if (await repo.serviceExists(ctx.db, input.kind, input.id))
      await auditRefusal(ctx.db, ctx.clock.now(), caller, { call: 'evaluationSubmit', kind: input.kind, id: input.id }, ip);
    throw refuse(NOT_RATEABLE);
  }
  if (state !== 'paid')
    throw refuse(input.kind === 'application' ? '该申请尚未办结，缴费确认后方可评价' : '该补助尚未发放，发放后方可评价');
  const now = ctx.clock.now();
  try {
    await repo.insertEvaluation(ctx.db, {
      kind: input.kind,
      id: input.id,
      rater,
      rating: input.rating,
      comment: input.comment ?? null,
      reason: input.reason ?? null,
      now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(ALREADY_RATED);
    throw error;
  }
  return toRow({
    kind: input.kind,
    serviceId: input.id,
    rating: input.rating,
    comment: input.comment ?? null,
    reason: input.reason ?? null,
    createdAt: now,
  });
}

/** The caller's own ratings of the services named (a page of a list): others' ids read as unrated. */
export async function queryEvaluations(ctx: HallContext, caller: Caller, input: z.output<typeof evaluationQueryRequest>) {
  await requireFlag(ctx.db, 'evaluation');
  if (!input.ids.length) return { list: [] };
  let rows: EvaluationRecord[] = [];
  if (input.kind === 'application' && caller.loginType === 'unit' && caller.unit)
    rows = await repo.ownEvaluations(ctx.db, 'application', input.ids, { unitId: caller.unit.id });
  if (input.kind === 'claim' && caller.loginType === 'personal' && caller.person)
    rows = await repo.ownEvaluations(ctx.db, 'claim', input.ids, { personId: caller.person.id });
  return { list: rows.map(toRow) };
}

const average = (total: number, count: number) => (count ? Math.round((total / count) * 100) / 100 : null);

/** The operator's list (newest 1000) with the averages of every rating (of a kind, if given). */
export async function listEvaluations(db: Db, kind?: EvaluationKind) {
  const list = await repo.latestEvaluations(db, kind);
  const stats = await repo.ratingCounts(db, kind);
  const byKind = EVALUATION_KINDS.filter((k) => !kind || k === kind).map((k) => {
    const of = stats.filter((s) => s.kind === k);
    const n = of.reduce((s, r) => s + r.count, 0);
    return {
      kind: k,
      label: EVALUATION_KIND_LABELS[k],
      count: n,
      average: average(
        of.reduce((s, r) => s + r.rating * r.count, 0),
        n,
      ),
    };
  });
  const count = stats.reduce((s, r) => s + r.count, 0);
  return {
    list: list.map((r) => ({
      ...toRow(r),
      kindLabel: EVALUATION_KIND_LABELS[r.kind],
      serviceNo: r.kind === 'application' ? applicationNo(r.year, Number(r.serviceId)) : (r.claimNo ?? ''),
      raterName: r.raterName,
    })),
    summary: {
      count,
      average: average(
        stats.reduce((s, r) => s + r.rating * r.count, 0),
        count,
      ),
      byKind,
      byRating: ([5, 4, 3, 2, 1] as const).map((rating) => ({
        rating,
        label: RATING_LABELS[rating],
        count: stats.filter((s) => s.rating === rating).reduce((s, r) => s + r.count, 0),
      })),
    },
  };
}
