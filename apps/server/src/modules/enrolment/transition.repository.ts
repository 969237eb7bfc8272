import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { StoredApplicationState } from '@hall/shared';
import type { Db } from '../../db/client';
import { applicationEvents, applicationLines, applications, periods, units } from '../../db/schema';

export interface Moved {
  id: number;
  /** The state it was in. */
  fromState: StoredApplicationState;
  unitId: number;
  uact: string;
  empName: string;
  reviewUnitId: number | null;
  year: number;
  payDeadline: string;
  amountFen: number;
  headcount: number;
}

/** Timestamps each target state stamps. */
const STAMPS: Partial<Record<StoredApplicationState, 'submittedAt' | 'reviewedAt' | 'paidAt'>> = {
  submitted: 'submittedAt',
  unpaid: 'reviewedAt',
  returned: 'reviewedAt',
  paid: 'paidAt',
};

/**
 * Locks units' rows in id order, as the enrolment triggers do (FOR NO KEY UPDATE: a unit's figures
 * are rewritten by the writer holding it). A transaction that writes several units' enrolment takes
 * them all before its first write (docs/architecture.md, "Lock order").
 */
export async function lockUnits(db: Db, unitIds: number[]) {
  if (unitIds.length === 0) return;
  await db
    .select({ id: units.id })
    .from(units)
    .where(inArray(units.id, [...new Set(unitIds)]))
    .orderBy(asc(units.id))
    .for('no key update');
}

/** Locks applications in id order, then their units in id order: a write of several units' enrolment, before it starts. */
export async function lockApplicationsAndUnits(db: Db, applicationIds: number[]) {
  if (applicationIds.length === 0) return;
  const rows = await db
    .select({ unitId: applications.unitId })
    .from(applications)
    .where(inArray(applications.id, [...new Set(applicationIds)]))
    .orderBy(asc(applications.id))
    .for('update');
  await lockUnits(
    db,
    rows.map((r) => r.unitId),
  );
}

/**
 * Moves an application from one of `from` to `to`: the row is locked (FOR UPDATE) and its state
 * checked, so of two parallel moves only one finds the old state. Null when the application is
 * not in `from` (or not in `scope`, the caller's SQL restriction). Call inside a transaction.
 */
export async function moveState(
  db: Db,
  id: number,
  from: readonly StoredApplicationState[],
  to: StoredApplicationState,
  now: Date,
  opts: { reason?: string | null; scope?: SQL } = {},
): Promise<Moved | null> {
  const [current] = await db
    .select({ state: applications.state, unitId: applications.unitId })
    .from(applications)
    .where(and(eq(applications.id, id), opts.scope))
    .for('update');
  if (!current || !from.includes(current.state as StoredApplicationState)) return null;
  // The unit before its totals rows (docs/architecture.md, "Lock order"): the update's triggers write the
  // unit's enrolment_totals rows and only then lock the unit (migration 0035).
  await lockUnits(db, [current.unitId]);
  const stamp = STAMPS[to];
  const set: Record<string, unknown> = { state: to, updatedAt: now };
  if (stamp) set[stamp] = now;
  if (opts.reason !== undefined) set.reason = opts.reason;
  await db.update(applications).set(set).where(eq(applications.id, id));
  if (to === 'cancelled') await db.update(applicationLines).set({ live: false }).where(eq(applicationLines.applicationId, id));
  const [moved] = await db
    .select({
      id: applications.id,
      unitId: applications.unitId,
      uact: units.uact,
      empName: units.empName,
      reviewUnitId: applications.reviewUnitId,
      year: periods.year,
      payDeadline: periods.payDeadline,
      amountFen: applications.amountFen,
      headcount: applications.headcount,
    })
    .from(applications)
    .innerJoin(units, eq(units.id, applications.unitId))
    .innerJoin(periods, eq(periods.id, applications.periodId))
    .where(eq(applications.id, id));
  return { ...moved, fromState: current.state as StoredApplicationState };
}

export async function insertEvent(
  db: Db,
  event: {
    applicationId: number;
    at: Date;
    actorKind: 'unit' | 'union' | 'operator' | 'system';
    actorName: string;
    fromState: string | null;
    toState: string;
    note?: string | null;
  },
) {
  await db.insert(applicationEvents).values(event);
}

export async function unitUact(db: Db, unitId: number) {
  const [row] = await db.select({ uact: units.uact }).from(units).where(eq(units.id, unitId));
  return row?.uact ?? null;
}
