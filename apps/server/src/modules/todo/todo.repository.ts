import { and, asc, count, desc, eq, gt, gte, isNull, max, min, or, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, claims, importBatches, periods, staff } from '../../db/schema';

/**
 * Read-only queries behind the to-do list (待办事项): each counts one kind of thing that waits,
 * scoped in SQL to the unit (or the union) it waits on. Small per unit: served by
 * applications_unit_idx / applications_review_idx, import_batches_unit_idx and staff_unit_list_idx.
 */

export interface Waiting {
  count: number;
  /** The newest of them. */
  latest: Date | null;
}

/** A unit's applications in a state, of periods that have not ended (a dead period's draft waits on nobody). */
export async function openApplications(db: Db, unitId: number, state: 'draft' | 'returned', today: string): Promise<Waiting> {
  const [row] = await db
    .select({ count: count(), latest: max(applications.updatedAt) })
    .from(applications)
    .innerJoin(periods, eq(periods.id, applications.periodId))
    .where(and(eq(applications.unitId, unitId), eq(applications.state, state), gte(periods.endDate, today)));
  return { count: row.count, latest: row.latest };
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

/** A unit's applications waiting for payment: how many, how much, how many past their period's deadline. */
export async function unpaidApplications(db: Db, unitId: number, today: string) {
  const [row] = await db
    .select({
      count: count(),
      amountFen: sum(applications.amountFen).mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${periods.payDeadline} < ${today})`.mapWith(Number),
      earliestDeadline: min(periods.payDeadline),
      latest: max(applications.reviewedAt),
    })
    .from(applications)
    .innerJoin(periods, eq(periods.id, applications.periodId))
    .where(and(eq(applications.unitId, unitId), eq(applications.state, 'unpaid')));
  return { ...row, amountFen: row.amountFen ?? 0 };
}

/** Applications of a 92 union's member enterprises waiting for its review. */
export async function awaitingReview(db: Db, unionId: number) {
  const [row] = await db
    .select({ count: count(), oldest: min(applications.submittedAt), latest: max(applications.submittedAt) })
    .from(applications)
    .where(and(eq(applications.reviewUnitId, unionId), eq(applications.state, 'submitted')));
  return row;
}

/**
 * A unit's imports checked and staged but not confirmed yet, and not expired, with the newest
 * one's id (the to-do reopens its preview).
 */
export async function pendingImports(
  db: Db,
  unitId: number,
  kind: 'roster' | 'apply',
  now: Date,
): Promise<Waiting & { newestId: string | null }> {
  const waiting = and(
    eq(importBatches.unitId, unitId),
    eq(importBatches.kind, kind),
    eq(importBatches.state, 'preview'),
    gt(importBatches.expiresAt, now),
  );
  const [row] = await db
    .select({ count: count(), latest: max(importBatches.createdAt) })
    .from(importBatches)
    .where(waiting);
  if (row.count === 0) return { count: 0, latest: null, newestId: null };
  const [newest] = await db
    .select({ id: importBatches.id })
    .from(importBatches)
    .where(waiting)
    .orderBy(desc(importBatches.createdAt), desc(importBatches.id))
    .limit(1);
  return { count: row.count, latest: row.latest, newestId: newest?.id ?? null };
}

/** Whether a unit has anyone on its roster today (someone who has not left). */
export async function hasCurrentStaff(db: Db, unitId: number, today: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.unitId, unitId), or(isNull(staff.leftOn), gt(staff.leftOn, today))))
    // In the roster index's order: without it the planner may scan the whole staff table for the first match.
    .orderBy(asc(staff.unitId), asc(staff.id))
    .limit(1);
  return row !== undefined;
}

/** Claims waiting in a state, scoped to the unit, union or person they wait on. */
export async function waitingClaims(
  db: Db,
  who: { unitId?: number; reviewUnitId?: number; personId?: number; filedBy?: string },
  state: string,
) {
  const [row] = await db
    .select({ count: count(), oldest: min(claims.updatedAt), latest: max(claims.updatedAt) })
    .from(claims)
    .where(
      and(
        eq(claims.state, state),
        who.unitId !== undefined ? eq(claims.unitId, who.unitId) : undefined,
        who.reviewUnitId !== undefined ? eq(claims.reviewUnitId, who.reviewUnitId) : undefined,
        who.personId !== undefined ? eq(claims.personId, who.personId) : undefined,
        who.filedBy !== undefined ? eq(claims.filedBy, who.filedBy) : undefined,
      ),
    );
  return row;
}
