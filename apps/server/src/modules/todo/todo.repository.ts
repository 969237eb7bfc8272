import { and, count, desc, eq, gte, max, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, claims, importBatches, periods, staff, units } from '../../db/schema';
import { preparedOnce } from '../../db/prepared';

/**
 * Read-only queries behind the to-do list (待办事项): each counts one kind of thing that waits,
 * scoped in SQL to the unit (or the union, or the person) it waits on. What waits on a unit is one
 * prepared statement (`unitWaits`): the list and /Home ask it on every visit, and fifteen small
 * statements cost the server more than their rows (docs/performance.md). Served by
 * applications_unit_idx, import_batches_unit_idx, staff_unit_list_idx, claims_unit_state_idx and
 * coverage_transfers' to-unit index.
 */

export interface Waiting {
  count: number;
  /** The newest of them. */
  latest: Date | null;
}

/** The newest returned application of a unit (its number and the union's reason). */
export async function newestReturned(db: Db, unitId: number, today: string) {
  const [row] = await db
    .select({ id: applications.id, year: periods.year, reason: applications.reason })
    .from(applications)
    .innerJoin(periods, eq(periods.id, applications.periodId))
    .where(and(eq(applications.unitId, unitId), eq(applications.state, 'returned'), gte(periods.endDate, today)))
    .orderBy(desc(applications.updatedAt), desc(applications.id))
    .limit(1);
  return row;
}

/** Applications of a 92 union's member enterprises waiting for its review. */
export async function awaitingReview(db: Db, unionId: number) {
  const [row] = await db
    .select({ count: count(), oldest: min(applications.submittedAt), latest: max(applications.submittedAt) })
    .from(applications)
    .where(and(eq(applications.reviewUnitId, unionId), eq(applications.state, 'submitted')));
  return row;
}

/** Claims waiting in a state, scoped to the union or the person they wait on (a unit's: unitWaits). */
export async function waitingClaims(db: Db, who: { reviewUnitId?: number; personId?: number; filedBy?: string }, state: string) {
  const [row] = await db
    .select({ count: count(), oldest: min(claims.updatedAt), latest: max(claims.updatedAt) })
    .from(claims)
    .where(
      and(
        eq(claims.state, state),
        who.reviewUnitId !== undefined ? eq(claims.reviewUnitId, who.reviewUnitId) : undefined,
        who.personId !== undefined ? eq(claims.personId, who.personId) : undefined,
        who.filedBy !== undefined ? eq(claims.filedBy, who.filedBy) : undefined,
      ),
    );
  return row;
}

type Json = Record<string, unknown>;
const ph = sql.placeholder;
const at = (v: unknown) => (v ? new Date(v as string) : null);
const waitingOf = (j: Json): Waiting => ({ count: Number(j.count), latest: at(j.latest) });

/** A unit's applications in a state, of periods that have not ended (a dead period's draft waits on nobody). */
const openApplicationsSql = (state: 'draft' | 'returned') => sql`(
  select json_build_object('count', count(*), 'latest', max(a.updated_at)) from ${applications} a join ${periods} p on p.id = a.period_id
  where a.unit_id = ${ph('unitId')} and a.state = ${state} and p.end_date >= ${ph('today')})`;

/** A unit's imports checked and staged but not confirmed yet, and not expired, with the newest one's id (the to-do reopens its preview). */
const pendingImportsSql = (kind: 'roster' | 'apply') => sql`(
  select json_build_object('count', count(*), 'latest', max(b.created_at), 'newestId',
    (select n.id from ${importBatches} n where n.unit_id = ${ph('unitId')} and n.kind = ${kind} and n.state = 'preview' and n.expires_at > ${ph('now')}
     order by n.created_at desc, n.id desc limit 1))
  from ${importBatches} b where b.unit_id = ${ph('unitId')} and b.kind = ${kind} and b.state = 'preview' and b.expires_at > ${ph('now')})`;

/** A unit's own claims in a state (filed by the unit, or by anyone). */
const unitClaimsSql = (state: string, filedBy?: string) => sql`(
  select json_build_object('count', count(*), 'oldest', min(c.updated_at), 'latest', max(c.updated_at)) from ${claims} c
  where c.unit_id = ${ph('unitId')} and c.state = ${state}${filedBy ? sql` and c.filed_by = ${filedBy}` : sql``})`;

const unitWaitsQuery = preparedOnce((db) =>
  db
    .select({
      // Its applications waiting for payment: how many, how much, how many past their period's deadline.
      unpaid: sql<Json>`(
        select json_build_object('count', count(*), 'amountFen', coalesce(sum(a.amount_fen), 0), 'overdue',
          count(*) filter (where p.pay_deadline < ${ph('today')}), 'earliestDeadline', min(p.pay_deadline), 'latest', max(a.reviewed_at))
        from ${applications} a join ${periods} p on p.id = a.period_id where a.unit_id = ${ph('unitId')} and a.state = 'unpaid')`,
      returned: sql<Json>`${openApplicationsSql('returned')}`,
      draft: sql<Json>`${openApplicationsSql('draft')}`,
      applyImport: sql<Json>`${pendingImportsSql('apply')}`,
      rosterImport: sql<Json>`${pendingImportsSql('roster')}`,
      // Anyone on its roster today (someone who has not left), in the roster index's order: without
      // it the planner may scan the whole staff table for the first match. Not EXISTS: PostgreSQL
      // drops an EXISTS subquery's ORDER BY and LIMIT.
      hasStaff: sql<boolean>`coalesce((select true from ${staff} s where s.unit_id = ${ph('unitId')}
        and (s.left_on is null or s.left_on > ${ph('today')}) order by s.unit_id, s.id limit 1), false)`,
      claimReturned: sql<Json>`${unitClaimsSql('returned', 'unit')}`,
      claimReview: sql<Json>`${unitClaimsSql('unit_review')}`,
      // Coverage transfers filed to it, waiting for it to receive them.
      transferInto: sql<Json>`(select json_build_object('count', count(*), 'latest', max(t.created_at))
        from coverage_transfers t where t.to_unit_id = ${ph('unitId')} and t.state = 'receiving')`,
    })
    // One row: the unit's (the caller's unit exists).
    .from(units)
    .where(eq(units.id, ph('unitId')))
    .prepare('todo_unit_waits'),
);

export interface UnitWaits {
  unpaid: Waiting & { amountFen: number; overdue: number; earliestDeadline: string | null };
  returned: Waiting;
  draft: Waiting;
  applyImport: Waiting & { newestId: string | null };
  rosterImport: Waiting & { newestId: string | null };
  hasStaff: boolean;
  claimReturned: Waiting;
  claimReview: Waiting & { oldest: Date | null };
  transferInto: Waiting;
}

/** Everything that waits on a unit, in one statement. */
export async function unitWaits(db: Db, unitId: number, today: string, now: Date): Promise<UnitWaits> {
  const [r] = await unitWaitsQuery(db).execute({ unitId, today, now: now.toISOString() });
  const imports = (j: Json) => ({ ...waitingOf(j), newestId: (j.newestId as string | null) ?? null });
  return {
    unpaid: {
      ...waitingOf(r.unpaid),
      amountFen: Number(r.unpaid.amountFen),
      overdue: Number(r.unpaid.overdue),
      earliestDeadline: (r.unpaid.earliestDeadline as string | null) ?? null,
    },
    returned: waitingOf(r.returned),
    draft: waitingOf(r.draft),
    applyImport: imports(r.applyImport),
    rosterImport: imports(r.rosterImport),
    hasStaff: r.hasStaff,
    claimReturned: waitingOf(r.claimReturned),
    claimReview: { ...waitingOf(r.claimReview), oldest: at(r.claimReview.oldest) },
    transferInto: waitingOf(r.transferInto),
  };
}
