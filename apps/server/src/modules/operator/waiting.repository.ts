import { and, asc, eq, lt, lte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { applications, periods, units } from '../../db/schema';

const reviewers = alias(units, 'reviewers');

/** Unpaid applications (deadline first), optionally only those due by a day or of a year. */
export async function unpaidApplications(db: Db, opts: { dueBy?: string; overdueBefore?: string; year?: number; limit?: number }) {
  const where: SQL[] = [eq(applications.state, 'unpaid')];
  if (opts.dueBy) where.push(lte(periods.payDeadline, opts.dueBy));
  if (opts.overdueBefore) where.push(lt(periods.payDeadline, opts.overdueBefore));
  if (opts.year) where.push(eq(periods.year, opts.year));
  return db
    .select({
      id: applications.id,
      year: periods.year,
      uact: units.uact,
      empName: units.empName,
      headcount: applications.headcount,
      amountFen: applications.amountFen,
      payDeadline: periods.payDeadline,
      reviewedAt: applications.reviewedAt,
    })
    .from(applications)
    .innerJoin(units, eq(units.id, applications.unitId))
    .innerJoin(periods, eq(periods.id, applications.periodId))
    .where(and(...where))
    .orderBy(asc(periods.payDeadline), asc(applications.id))
    .limit(opts.limit ?? 1000);
}

/** Submitted applications waiting for their union's review since before `before`, the oldest first. */
export async function waitingForUnion(db: Db, before: Date, limit = 1000) {
  return db
    .select({
      id: applications.id,
      year: periods.year,
      uact: units.uact,
      empName: units.empName,
      unionUact: reviewers.uact,
      unionName: reviewers.empName,
      headcount: applications.headcount,
      submittedAt: applications.submittedAt,
    })
    .from(applications)
    .innerJoin(units, eq(units.id, applications.unitId))
    .innerJoin(reviewers, eq(reviewers.id, applications.reviewUnitId))
    .innerJoin(periods, eq(periods.id, applications.periodId))
    .where(and(eq(applications.state, 'submitted'), lt(applications.submittedAt, before)))
    .orderBy(asc(applications.submittedAt))
    .limit(limit);
}
