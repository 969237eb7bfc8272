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
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { evaluations } from '../../db/schema';
import { auditRefusal } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { Caller, HallContext } from '../../types';
import { requireFlag } from './flags.service';

/**
 * 好差评 (flag `evaluation`, docs-flags.md F4): a finished service is rated once by the party that
 * received it: a paid enrolment application (已缴费/已生效) by its unit, a paid claim (已发放) by the
 * person it paid. The unique indexes make a second rating impossible; nothing updates a rating.
 */

export const NOT_RATEABLE = '业务不存在或无权评价';
export const ALREADY_RATED = '该业务已评价，评价提交后不能修改';

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

interface EvaluationRecord {
  kind: EvaluationKind;
  serviceId: number;
  rating: number;
  comment: string | null;
  reason: string | null;
  createdAt: Date | string;
}

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

/** The service of the rater, with its state: none when it is not theirs. */
async function serviceOf(db: Db, kind: EvaluationKind, id: number, rater: { unitId?: number; personId?: number }) {
  const [row] =
    kind === 'application'
      ? await rowsOf<{ state: string }>(db, sql`select state from applications where id = ${id} and unit_id = ${rater.unitId!}`)
      : await rowsOf<{ state: string }>(db, sql`select state from claims where id = ${id} and person_id = ${rater.personId!}`);
  return row;
}

export async function submitEvaluation(ctx: HallContext, caller: Caller, input: z.output<typeof evaluationSubmitRequest>, ip?: string) {
  await requireFlag(ctx.db, 'evaluation');
  const rater = raterOf(caller, input.kind);
  const service = await serviceOf(ctx.db, input.kind, input.id, rater);
  if (!service) {
    const table = input.kind === 'application' ? sql`applications` : sql`claims`;
    const [exists] = await rowsOf(ctx.db, sql`select 1 from ${table} where id = ${input.id}`);
    if (exists) await auditRefusal(ctx.db, ctx.clock.now(), caller, { call: 'evaluationSubmit', kind: input.kind, id: input.id }, ip);
    throw refuse(NOT_RATEABLE);
  }
  if (service.state !== 'paid')
    throw refuse(input.kind === 'application' ? '该申请尚未办结，缴费确认后方可评价' : '该补助尚未发放，发放后方可评价');
  const now = ctx.clock.now();
  try {
    await ctx.db.insert(evaluations).values({
      kind: input.kind,
      applicationId: input.kind === 'application' ? input.id : null,
      claimId: input.kind === 'claim' ? input.id : null,
      unitId: rater.unitId ?? null,
      personId: rater.personId ?? null,
      rating: input.rating,
      comment: input.comment ?? null,
      reason: input.reason ?? null,
      createdAt: now,
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
  const ids = sql.join(
    input.ids.map((id) => sql`${id}`),
    sql`, `,
  );
  let rows: EvaluationRecord[] = [];
  if (input.kind === 'application' && caller.loginType === 'unit' && caller.unit)
    rows = await rowsOf<EvaluationRecord>(
      ctx.db,
      sql`select kind, application_id as "serviceId", rating, comment, reason, created_at as "createdAt" from evaluations
          where application_id in (${ids}) and unit_id = ${caller.unit.id}`,
    );
  if (input.kind === 'claim' && caller.loginType === 'personal' && caller.person)
    rows = await rowsOf<EvaluationRecord>(
      ctx.db,
      sql`select kind, claim_id as "serviceId", rating, comment, reason, created_at as "createdAt" from evaluations
          where claim_id in (${ids}) and person_id = ${caller.person.id}`,
    );
  return { list: rows.map(toRow) };
}

const average = (total: number, count: number) => (count ? Math.round((total / count) * 100) / 100 : null);

/** The operator's list (newest 1000) with the averages of every rating (of a kind, if given). */
export async function listEvaluations(db: Db, kind?: EvaluationKind) {
  const where = kind ? sql`where e.kind = ${kind}` : sql``;
  const list = await rowsOf<EvaluationRecord & { year: number; claimNo: string | null; raterName: string }>(
    db,
    sql`select e.kind, coalesce(e.application_id, e.claim_id) as "serviceId", e.rating, e.comment, e.reason, e.created_at as "createdAt",
          coalesce(pa.year, pc.year) as year, c.claim_no as "claimNo", coalesce(u.emp_name, p.name) as "raterName"
        from evaluations e
        left join applications a on a.id = e.application_id
        left join periods pa on pa.id = a.period_id
        left join claims c on c.id = e.claim_id
        left join periods pc on pc.id = c.period_id
        left join units u on u.id = e.unit_id
        left join persons p on p.id = e.person_id
        ${where}
        order by e.created_at desc, e.id desc
        limit 1000`,
  );
  const stats = await rowsOf<{ kind: EvaluationKind; rating: number; count: number }>(
    db,
    sql`select kind, rating::int as rating, count(*)::int as count from evaluations e ${where} group by kind, rating`,
  );
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
