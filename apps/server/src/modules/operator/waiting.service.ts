import {
  addDays,
  applicationNo,
  cityUnion,
  paymentReference,
  type payableListFields,
  type waitingListFields,
  chinaDay,
} from '@hall/shared';
import type { z } from 'zod';
import type { HallContext } from '../../types';
import { listRegistrations } from '../registration/review.service';
import * as repo from './waiting.repository';

const DAY_MS = 86_400_000;

/** Whole days from one 'YYYY-MM-DD' to another (negative when `to` is earlier). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

const payableRow = (today: string) => (r: Awaited<ReturnType<typeof repo.unpaidApplications>>[number]) => ({
  id: r.id,
  applicationNo: applicationNo(r.year, r.id),
  paymentRef: paymentReference(r.year, r.id),
  year: r.year,
  uact: r.uact,
  empName: r.empName,
  headcount: r.headcount,
  amountFen: r.amountFen,
  payDeadline: r.payDeadline,
  overdue: today > r.payDeadline,
  /** Days left to the deadline (negative: days overdue). */
  daysLeft: daysBetween(today, r.payDeadline),
});

/** Applications waiting for payment (待缴费), deadline first; with overdue: only those past it. */
export async function listPayables(ctx: HallContext, _operator: string, fields: z.output<typeof payableListFields>) {
  const today = chinaDay(ctx.clock.now());
  const rows = await repo.unpaidApplications(ctx.db, { overdueBefore: fields.overdue ? today : undefined, year: fields.year });
  return { today, list: rows.map(payableRow(today)) };
}

/**
 * What waits on the city union or on units: registrations to review, amounts unpaid past or near
 * their deadline (within dueDays), applications a union has left unreviewed for more than reviewDays.
 */
export async function listWaiting(ctx: HallContext, _operator: string, fields: z.output<typeof waitingListFields>) {
  const now = ctx.clock.now();
  const today = chinaDay(now);
  const [registrations, unpaid, reviews] = await Promise.all([
    listRegistrations(ctx, 'pending'),
    repo.unpaidApplications(ctx.db, { dueBy: addDays(today, fields.dueDays) }),
    repo.waitingForUnion(ctx.db, new Date(now.getTime() - fields.reviewDays * DAY_MS)),
  ]);
  return {
    today,
    reviewDays: fields.reviewDays,
    dueDays: fields.dueDays,
    registrations: registrations.map((r) => ({
      uact: r.uact,
      empName: r.empName,
      kind: r.kind,
      parentName: r.parentName,
      submittedAt: r.submittedAt,
    })),
    unpaid: unpaid.map(payableRow(today)),
    reviews: reviews.map((r) => ({
      id: r.id,
      applicationNo: applicationNo(r.year, r.id),
      uact: r.uact,
      empName: r.empName,
      unionUact: r.unionUact,
      unionName: r.unionName,
      headcount: r.headcount,
      submittedAt: r.submittedAt,
      waitingDays: r.submittedAt ? Math.floor((now.getTime() - r.submittedAt.getTime()) / DAY_MS) : 0,
    })),
  };
}

/** What waits as the operator API answers it: dates as ISO strings, a registration's union named (the city union's for a bidding unit). */
export async function waitingList(ctx: HallContext, operator: string, fields: z.output<typeof waitingListFields>) {
  const waiting = await listWaiting(ctx, operator, fields);
  return {
    ...waiting,
    registrations: waiting.registrations.map((r) => ({
      ...r,
      kind: r.kind as 'unit' | 'bidding',
      parentName: r.parentName ?? cityUnion(ctx.config.cityName),
      submittedAt: r.submittedAt.toISOString(),
    })),
    reviews: waiting.reviews.map((r) => ({ ...r, submittedAt: r.submittedAt ? r.submittedAt.toISOString() : null })),
  };
}
