import { sql } from 'drizzle-orm';
import type { EvaluationKind } from '@hall/shared';
import { type Db, queryRows, idList } from '../../db/client';
import { evaluations } from '../../db/schema';

/** 好差评: the rated services (scoped to the rater in SQL), the ratings, the operator's list. */

export interface Rater {
  unitId?: number;
  personId?: number;
}

/** The state of the rater's own service (an application of the unit, a claim of the person); none when not theirs. */
export async function ownServiceState(db: Db, kind: EvaluationKind, id: number, rater: Rater): Promise<string | undefined> {
  const [row] =
    kind === 'application'
      ? await queryRows<{ state: string }>(db, sql`select state from applications where id = ${id} and unit_id = ${rater.unitId ?? 0}`)
      : await queryRows<{ state: string }>(db, sql`select state from claims where id = ${id} and person_id = ${rater.personId ?? 0}`);
  return row?.state;
}

/** Whether the service exists at all (a real id of another is a probe, audited). */
export async function serviceExists(db: Db, kind: EvaluationKind, id: number): Promise<boolean> {
  const table = kind === 'application' ? sql`applications` : sql`claims`;
  return (await queryRows(db, sql`select 1 from ${table} where id = ${id}`)).length > 0;
}

export async function insertEvaluation(
  db: Db,
  e: { kind: EvaluationKind; id: number; rater: Rater; rating: number; comment: string | null; reason: string | null; now: Date },
) {
  await db.insert(evaluations).values({
    kind: e.kind,
    applicationId: e.kind === 'application' ? e.id : null,
    claimId: e.kind === 'claim' ? e.id : null,
    unitId: e.rater.unitId ?? null,
    personId: e.rater.personId ?? null,
    rating: e.rating,
    comment: e.comment,
    reason: e.reason,
    createdAt: e.now,
  });
}

export interface EvaluationRecord {
  kind: EvaluationKind;
  serviceId: number;
  rating: number;
  comment: string | null;
  reason: string | null;
  createdAt: Date | string;
}

/** The rater's own ratings of the services named. */
export function ownEvaluations(db: Db, kind: EvaluationKind, ids: number[], rater: Rater) {
  return kind === 'application'
    ? queryRows<EvaluationRecord>(
        db,
        sql`select kind, application_id as "serviceId", rating, comment, reason, created_at as "createdAt" from evaluations
            where application_id in (${idList(ids)}) and unit_id = ${rater.unitId ?? 0}`,
      )
    : queryRows<EvaluationRecord>(
        db,
        sql`select kind, claim_id as "serviceId", rating, comment, reason, created_at as "createdAt" from evaluations
            where claim_id in (${idList(ids)}) and person_id = ${rater.personId ?? 0}`,
      );
}

/** The newest 1000 ratings (of a kind, if given) with the service's number parts and the rater's name. */
export function latestEvaluations(db: Db, kind?: EvaluationKind) {
  const where = kind ? sql`where e.kind = ${kind}` : sql``;
  return queryRows<EvaluationRecord & { year: number; claimNo: string | null; raterName: string }>(
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
}

/** Counts per kind and grade (all ratings, not only the listed ones). */
export function ratingCounts(db: Db, kind?: EvaluationKind) {
  const where = kind ? sql`where e.kind = ${kind}` : sql``;
  return queryRows<{ kind: EvaluationKind; rating: number; count: number }>(
    db,
    sql`select kind, rating::int as rating, count(*)::int as count from evaluations e ${where} group by kind, rating`,
  );
}
