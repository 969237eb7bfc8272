import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { applicationEvents, applicationLines, applications, periods, persons, products, staff, units } from '../../db/schema';
import { containing } from '../../lib/like';

/*
 * All SQL of applications (互助申请) and the union's review. Every query that reads or changes an
 * application takes the caller's scope as SQL: a unit sees its own rows, a 92 union the rows it
 * reviews (review_unit_id) once they have been submitted.
 */

/** LIKE pattern for a search text: % and _ typed by the user are literal. */

/** A unit's own applications. */
export const ownScope = (unitId: number): SQL => eq(applications.unitId, unitId);
/** The applications a 92 union reviews: its members', once submitted (drafts stay the member's). */
export const reviewScope = (unionId: number): SQL => and(eq(applications.reviewUnitId, unionId), isNotNull(applications.submittedAt))!;

// ---- periods ----

export type PeriodRow = typeof periods.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

export async function listPeriods(db: Db) {
  const [rows, items] = await Promise.all([
    db.select().from(periods).orderBy(desc(periods.year)),
    db.select().from(products).orderBy(asc(products.periodId), asc(products.sort), asc(products.code)),
  ]);
  return rows.map((p) => ({ ...p, products: items.filter((i) => i.periodId === p.id) }));
}

export async function periodByYear(db: Db, year: number) {
  const [row] = await db.select().from(periods).where(eq(periods.year, year));
  if (!row) return undefined;
  const items = await db.select().from(products).where(eq(products.periodId, row.id)).orderBy(asc(products.sort), asc(products.code));
  return { ...row, products: items };
}

export async function periodById(db: Db, id: number) {
  const [row] = await db.select().from(periods).where(eq(periods.id, id));
  const items = await db.select().from(products).where(eq(products.periodId, id)).orderBy(asc(products.sort), asc(products.code));
  return { ...row, products: items };
}

// ---- applications ----

/** The union that reviews a unit's applications: the parent of a level-2 unit when it is a 92 union. */
export async function reviewerOf(db: Db, unitId: number): Promise<number | null> {
  const parent = alias(units, 'parent');
  const [row] = await db
    .select({ id: parent.id })
    .from(units)
    .innerJoin(parent, eq(parent.id, units.parentId))
    .where(and(eq(units.id, unitId), eq(units.level, 2), eq(parent.level, 1), eq(parent.uniType, '92')));
  return row?.id ?? null;
}

export async function insertApplication(db: Db, row: typeof applications.$inferInsert): Promise<number> {
  const [created] = await db.insert(applications).values(row).returning({ id: applications.id });
  return created.id;
}

const reviewer = alias(units, 'reviewer');

const itemColumns = {
  id: applications.id,
  unitId: applications.unitId,
  unitName: units.empName,
  unitUact: units.uact,
  periodId: applications.periodId,
  periodYear: periods.year,
  periodName: periods.name,
  startDate: periods.startDate,
  endDate: periods.endDate,
  enrolStart: periods.enrolStart,
  enrolEnd: periods.enrolEnd,
  payDeadline: periods.payDeadline,
  waitingDays: periods.waitingDays,
  kind: applications.kind,
  state: applications.state,
  reviewUnitId: applications.reviewUnitId,
  reviewUnitName: reviewer.empName,
  reviewUnitUact: reviewer.uact,
  headcount: applications.headcount,
  amountFen: applications.amountFen,
  reason: applications.reason,
  createdAt: applications.createdAt,
  submittedAt: applications.submittedAt,
  reviewedAt: applications.reviewedAt,
  paidAt: applications.paidAt,
};

export type ApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

/** 'effective' (已生效) is a stored 'paid' whose period has begun; 'paid' one whose period has not. */
function stateFilter(state: string | undefined, today: string): SQL | undefined {
  if (!state) return undefined;
  if (state === 'effective') return and(eq(applications.state, 'paid'), sql`${periods.startDate} <= ${today}`);
  if (state === 'paid') return and(eq(applications.state, 'paid'), sql`${periods.startDate} > ${today}`);
  return eq(applications.state, state);
}

export interface ListFilter {
  scope: SQL;
  today: string;
  periodYear?: number;
  state?: string;
  kind?: string;
  empName?: string;
  /** Waiting applications (已提交) first, oldest submission first (the union's list). */
  pendingFirst?: boolean;
  pageNum: number;
  pageSize: number;
}

/** One page of applications in a scope, newest first (or pending first), with the total. */
export async function pageApplications(db: Db, f: ListFilter) {
  const where = and(
    f.scope,
    f.periodYear ? eq(periods.year, f.periodYear) : undefined,
    stateFilter(f.state, f.today),
    f.kind ? eq(applications.kind, f.kind) : undefined,
    f.empName ? ilike(units.empName, containing(f.empName)) : undefined,
  );
  const order = f.pendingFirst
    ? [
        desc(sql`(${applications.state} = 'submitted')`),
        asc(sql`case when ${applications.state} = 'submitted' then ${applications.submittedAt} end`),
        asc(sql`case when ${applications.state} = 'submitted' then ${applications.id} end`),
        desc(applications.id),
      ]
    : [desc(applications.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select(itemColumns)
      .from(applications)
      .innerJoin(units, eq(units.id, applications.unitId))
      .innerJoin(periods, eq(periods.id, applications.periodId))
      .leftJoin(reviewer, eq(reviewer.id, applications.reviewUnitId))
      .where(where)
      .orderBy(...order)
      .limit(f.pageSize)
      .offset((f.pageNum - 1) * f.pageSize),
    db
      .select({ n: count() })
      .from(applications)
      .innerJoin(units, eq(units.id, applications.unitId))
      .innerJoin(periods, eq(periods.id, applications.periodId))
      .where(where),
  ]);
  return { rows, total: Number(total.n) };
}

/** One application within a scope (undefined when it is not the caller's). */
export async function findApplication(db: Db, id: number, scope: SQL) {
  const [row] = await db
    .select(itemColumns)
    .from(applications)
    .innerJoin(units, eq(units.id, applications.unitId))
    .innerJoin(periods, eq(periods.id, applications.periodId))
    .leftJoin(reviewer, eq(reviewer.id, applications.reviewUnitId))
    .where(and(eq(applications.id, id), scope));
  return row;
}

/** Locks an application of the scope for a change of its lines (serialises with submit and review). */
export async function lockApplication(db: Db, id: number, scope: SQL) {
  const [row] = await db
    .select({ id: applications.id, state: applications.state, periodId: applications.periodId, kind: applications.kind })
    .from(applications)
    .where(and(eq(applications.id, id), scope))
    .for('update');
  return row;
}

export async function events(db: Db, applicationId: number) {
  return db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(asc(applicationEvents.at), asc(applicationEvents.id));
}

/** One page of an application's live lines, in the order they were added. */
export async function pageLines(db: Db, applicationId: number, q: { keyword?: string; pageNum: number; pageSize: number }) {
  const where = and(
    eq(applicationLines.applicationId, applicationId),
    q.keyword ? or(ilike(persons.name, containing(q.keyword)), ilike(persons.certNo, containing(q.keyword))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: applicationLines.id,
        personName: persons.name,
        certNo: persons.certNo,
        gender: persons.gender,
        productCode: applicationLines.productCode,
        productName: products.name,
        shares: applicationLines.shares,
        amountFen: applicationLines.amountFen,
      })
      .from(applicationLines)
      .innerJoin(persons, eq(persons.id, applicationLines.personId))
      .innerJoin(products, and(eq(products.periodId, applicationLines.periodId), eq(products.code, applicationLines.productCode)))
      .where(where)
      .orderBy(asc(applicationLines.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(applicationLines).innerJoin(persons, eq(persons.id, applicationLines.personId)).where(where),
  ]);
  return { rows, total: Number(total.n) };
}

/** Per product: people, shares and amount of an application. */
export async function productTotals(db: Db, applicationId: number) {
  return db
    .select({
      code: applicationLines.productCode,
      name: products.name,
      headcount: sql<number>`count(distinct ${applicationLines.personId})`.mapWith(Number),
      shares: sql<number>`coalesce(sum(${applicationLines.shares}), 0)`.mapWith(Number),
      amountFen: sql<number>`coalesce(sum(${applicationLines.amountFen}), 0)`.mapWith(Number),
    })
    .from(applicationLines)
    .innerJoin(products, and(eq(products.periodId, applicationLines.periodId), eq(products.code, applicationLines.productCode)))
    .where(eq(applicationLines.applicationId, applicationId))
    .groupBy(applicationLines.productCode, products.name, products.sort)
    .orderBy(asc(products.sort), asc(applicationLines.productCode));
}

export async function lineCount(db: Db, applicationId: number) {
  const [row] = await db.select({ n: count() }).from(applicationLines).where(eq(applicationLines.applicationId, applicationId));
  return Number(row.n);
}

/** Headcount (distinct people) and amount (Σ shares × rate) again from the lines. */
export async function recompute(db: Db, applicationId: number, now: Date) {
  const [totals] = await db
    .select({
      headcount: sql<number>`count(distinct ${applicationLines.personId})`.mapWith(Number),
      amountFen: sql<number>`coalesce(sum(${applicationLines.amountFen}), 0)`.mapWith(Number),
    })
    .from(applicationLines)
    .where(eq(applicationLines.applicationId, applicationId));
  await db
    .update(applications)
    .set({ ...totals, updatedAt: now })
    .where(eq(applications.id, applicationId));
  return totals;
}

// ---- lines ----

/** The unit's staff rows that `which` picks, with their person (open and left alike: the service says which). */
const unitStaffWhere = (db: Db, unitId: number, which: SQL | undefined) =>
  db
    .select({
      certNo: persons.certNo,
      staffId: staff.id,
      personId: staff.personId,
      leftOn: staff.leftOn,
      name: persons.name,
      gender: persons.gender,
      insured: persons.insured,
    })
    .from(staff)
    .innerJoin(persons, eq(persons.id, staff.personId))
    .where(and(eq(staff.unitId, unitId), which));

/** Staff of the unit among these ids. */
export const unitStaff = async (db: Db, unitId: number, staffIds: number[]) => unitStaffWhere(db, unitId, inArray(staff.id, staffIds));

/** The unit's staff rows of these ID numbers. */
export const unitStaffByCert = async (db: Db, unitId: number, certNos: string[]) =>
  certNos.length === 0 ? [] : unitStaffWhere(db, unitId, and(eq(persons.certType, '01'), inArray(persons.certNo, certNos)));

/** Live lines of the period for these people (any unit): person, product and application. */
export async function liveLines(db: Db, periodId: number, personIds: number[]) {
  if (personIds.length === 0) return [];
  return db
    .select({
      personId: applicationLines.personId,
      productCode: applicationLines.productCode,
      applicationId: applicationLines.applicationId,
    })
    .from(applicationLines)
    .where(and(eq(applicationLines.periodId, periodId), eq(applicationLines.live, true), inArray(applicationLines.personId, personIds)));
}

export async function insertLines(db: Db, rows: Array<typeof applicationLines.$inferInsert>) {
  if (rows.length) await db.insert(applicationLines).values(rows);
}

/** Deletes lines of an application (draft or returned only: the caller has locked and checked it). */
export async function deleteLines(db: Db, applicationId: number, lineIds: number[]) {
  const gone = await db
    .delete(applicationLines)
    .where(and(eq(applicationLines.applicationId, applicationId), inArray(applicationLines.id, lineIds)))
    .returning({ id: applicationLines.id });
  return gone.length;
}

/** The unit's current staff for the picker, with the products each already holds in the period. */
export async function pageStaffOptions(
  db: Db,
  q: { unitId: number; periodId: number; applicationId: number; keyword?: string; pageNum: number; pageSize: number },
) {
  const where = and(
    eq(staff.unitId, q.unitId),
    sql`${staff.leftOn} IS NULL`,
    q.keyword ? or(ilike(persons.name, containing(q.keyword)), ilike(persons.certNo, containing(q.keyword))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        staffId: staff.id,
        personId: staff.personId,
        psnType: staff.psnType,
        name: persons.name,
        certNo: persons.certNo,
        gender: persons.gender,
        insured: persons.insured,
      })
      .from(staff)
      .innerJoin(persons, eq(persons.id, staff.personId))
      .where(where)
      .orderBy(asc(staff.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(staff).innerJoin(persons, eq(persons.id, staff.personId)).where(where),
  ]);
  const held = await liveLines(
    db,
    q.periodId,
    rows.map((r) => r.personId),
  );
  return {
    total: Number(total.n),
    rows: rows.map((r) => ({
      ...r,
      inThis: held.filter((h) => h.personId === r.personId && h.applicationId === q.applicationId).map((h) => h.productCode),
      elsewhere: held.filter((h) => h.personId === r.personId && h.applicationId !== q.applicationId).map((h) => h.productCode),
    })),
  };
}

/** Applications of a scope among ids, for the batch approval's messages. */
export async function applicationNos(db: Db, ids: number[], scope: SQL) {
  return db
    .select({ id: applications.id, year: periods.year, state: applications.state })
    .from(applications)
    .innerJoin(periods, eq(periods.id, applications.periodId))
    .where(and(inArray(applications.id, ids), scope));
}

/**
 * Writes the batch's valid rows into the application with one INSERT … SELECT, checking again
 * what may have changed since the preview (still current staff, insured, product allowed, not
 * declared meanwhile); answers how many lines were written.
 */
export async function copyValidRows(db: Db, t: { batchId: string; applicationId: number; periodId: number; unitId: number }) {
  const result = await db.execute(sql`
    WITH ins AS (
      INSERT INTO application_lines (application_id, period_id, product_code, person_id, staff_id, shares, amount_fen, live)
      SELECT ${t.applicationId}, ${t.periodId}, r.product_code, p.id, s.id, r.shares, r.shares * pr.rate_fen, true
      FROM import_rows r
      JOIN persons p ON p.cert_type = '01' AND p.cert_no = r.cert_no
      JOIN staff s ON s.person_id = p.id AND s.unit_id = ${t.unitId} AND s.left_on IS NULL
      JOIN products pr ON pr.period_id = ${t.periodId} AND pr.code = r.product_code
      WHERE r.batch_id = ${t.batchId}::uuid AND r.error IS NULL AND p.insured
        AND r.shares BETWEEN 1 AND pr.max_shares
        AND (pr.eligibility = 'all' OR p.gender = '2')
        AND NOT EXISTS (
          SELECT 1 FROM application_lines l
          WHERE l.period_id = ${t.periodId} AND l.person_id = p.id AND l.product_code = r.product_code AND l.live
        )
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM ins`);
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0].n);
}
