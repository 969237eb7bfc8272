import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type BenefitRule, LIVE_CLAIM_STATES } from '@hall/shared';
import type { Db } from '../../db/client';
import {
  accounts,
  claimAttachments,
  claimEvents,
  claims,
  coverages,
  files,
  periods,
  persons,
  products,
  settlements,
  staff,
  units,
} from '../../db/schema';

/*
 * The SQL of one claim (补助申请): the facts its rules read (period, cover, staff, earlier claims,
 * the bureau's settlements), its row, attachments and history. Every read or change of a claim
 * takes the caller's scope as SQL; the scopes are below.
 */

// ---- scopes ----

/** What a unit sees: the claims it filed, and its workers' claims once submitted (a worker's draft is theirs). */
export const unitSees = (unitId: number): SQL =>
  and(eq(claims.unitId, unitId), or(eq(claims.filedBy, 'unit'), isNotNull(claims.submittedAt)))!;
/** What a unit may change: the claims it filed itself. */
export const unitFiles = (unitId: number): SQL => and(eq(claims.unitId, unitId), eq(claims.filedBy, 'unit'))!;
/** What a worker sees: their own claims, and the unit's claims for them once submitted. */
export const personSees = (personId: number): SQL =>
  and(eq(claims.personId, personId), or(eq(claims.filedBy, 'personal'), isNotNull(claims.submittedAt)))!;
export const personFiles = (personId: number): SQL => and(eq(claims.personId, personId), eq(claims.filedBy, 'personal'))!;
/** What a 92 union sees: its member enterprises' claims once submitted. */
export const unionSees = (unionId: number): SQL => and(eq(claims.reviewUnitId, unionId), isNotNull(claims.submittedAt))!;

/** Every claim (the operator's scope). */
export const everyClaim: SQL = sql`true`;

// ---- facts ----

/** The period a day falls in, with its products' rules. */
export async function periodOfDay(db: Db, day: string) {
  const [period] = await db
    .select({ id: periods.id, year: periods.year, startDate: periods.startDate, endDate: periods.endDate })
    .from(periods)
    .where(and(lte(periods.startDate, day), gte(periods.endDate, day)));
  if (!period) return undefined;
  const items = await db
    .select({ code: products.code, name: products.name, benefitRule: products.benefitRule })
    .from(products)
    .where(eq(products.periodId, period.id));
  return { ...period, products: items.map((p) => ({ ...p, benefitRule: (p.benefitRule ?? {}) as BenefitRule })) };
}

const personColumns = {
  personId: persons.id,
  name: persons.name,
  certNo: persons.certNo,
  gender: persons.gender,
  bankName: persons.bankName,
  bankCard: persons.bankCard,
};

/** A current staff member of the unit (not left), with the person. */
export async function currentStaff(db: Db, unitId: number, staffId: number) {
  const [row] = await db
    .select({ staffId: staff.id, psnType: staff.psnType, ...personColumns })
    .from(staff)
    .innerJoin(persons, eq(persons.id, staff.personId))
    .where(and(eq(staff.id, staffId), eq(staff.unitId, unitId), isNull(staff.leftOn)));
  return row;
}

/** A person with their current staff row (if any): the worker filing for themself. */
export async function personWithStaff(db: Db, personId: number) {
  const [row] = await db
    .select({ staffId: staff.id, psnType: staff.psnType, ...personColumns })
    .from(persons)
    .leftJoin(staff, and(eq(staff.personId, persons.id), isNull(staff.leftOn)))
    .where(eq(persons.id, personId));
  return row;
}

/** The staff row of a person in a unit (current or not): the psn type a claim of that unit reads. */
export async function staffRowOf(db: Db, unitId: number, personId: number) {
  const [row] = await db
    .select({ staffId: staff.id, psnType: staff.psnType, leftOn: staff.leftOn })
    .from(staff)
    .where(and(eq(staff.unitId, unitId), eq(staff.personId, personId)));
  return row;
}

/** A person's cover by a product in a period, with the covering unit. */
export async function coverageOf(db: Db, personId: number, periodId: number, productCode: string) {
  const [row] = await db
    .select({ unitId: coverages.unitId, shares: coverages.shares, coveredFrom: coverages.coveredFrom, unitName: units.empName })
    .from(coverages)
    .innerJoin(units, eq(units.id, coverages.unitId))
    .where(and(eq(coverages.personId, personId), eq(coverages.periodId, periodId), eq(coverages.productCode, productCode)));
  return row;
}

/** The union that reviews a unit's claims: the parent of a level-2 unit when it is a 92 union. */
export async function reviewerOf(db: Db, unitId: number): Promise<number | null> {
  const parent = alias(units, 'parent');
  const [row] = await db
    .select({ id: parent.id })
    .from(units)
    .innerJoin(parent, eq(parent.id, units.parentId))
    .where(and(eq(units.id, unitId), eq(units.level, 2), eq(parent.level, 1), eq(parent.uniType, '92')));
  return row?.id ?? null;
}

/** Other live claims of a person, type and period (what the cap and the days already took). */
export async function liveClaims(db: Db, personId: number, periodId: number, type: string, exceptId: number | null) {
  return db
    .select({
      id: claims.id,
      amountFen: claims.amountFen,
      days: claims.days,
      admittedOn: claims.admittedOn,
      dischargedOn: claims.dischargedOn,
      invoiceFen: claims.invoiceFen,
    })
    .from(claims)
    .where(
      and(
        eq(claims.personId, personId),
        eq(claims.periodId, periodId),
        eq(claims.type, type),
        inArray(claims.state, [...LIVE_CLAIM_STATES]),
        exceptId === null ? undefined : ne(claims.id, exceptId),
      ),
    );
}

/** The bureau's settlements of a person in a period (the stays the banded rule counts). */
export async function settlementsOf(db: Db, personId: number, periodId: number) {
  return db
    .select({
      id: settlements.id,
      admittedOn: settlements.admittedOn,
      dischargedOn: settlements.dischargedOn,
      selfPolicyFen: settlements.selfPolicyFen,
      reversed: settlements.reversed,
    })
    .from(settlements)
    .where(and(eq(settlements.personId, personId), eq(settlements.periodId, periodId)));
}

/** A settlement of the person (not reversed) whose stay overlaps these dates. */
export async function overlappingSettlement(db: Db, personId: number, admittedOn: string, dischargedOn: string) {
  const [row] = await db
    .select({ id: settlements.id, settlementNo: settlements.settlementNo })
    .from(settlements)
    .where(
      and(
        eq(settlements.personId, personId),
        eq(settlements.reversed, false),
        lte(settlements.admittedOn, dischargedOn),
        gte(settlements.dischargedOn, admittedOn),
      ),
    )
    .orderBy(asc(settlements.id))
    .limit(1);
  return row;
}

// ---- the claim ----

export type ClaimInsert = typeof claims.$inferInsert;

/** A new claim with its number (the id is taken first: the number carries it). */
export async function insertClaim(db: Db, row: Omit<ClaimInsert, 'id' | 'claimNo'>, numberOf: (id: number) => string) {
  const result = (await db.execute(sql`select nextval(pg_get_serial_sequence('claims', 'id'))::int as id`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  const { id } = result.rows[0];
  await db.insert(claims).values({ ...row, id, claimNo: numberOf(id) });
  return id;
}

/** A claim's own fields; its state moves only in its transition. */
export type ClaimFields = Omit<Partial<ClaimInsert>, 'state'>;

export async function updateClaim(db: Db, id: number, set: ClaimFields) {
  await db.update(claims).set(set).where(eq(claims.id, id));
}

/** Deletes a draft that was never submitted (its attachments and history go with it). */
export async function deleteDraft(db: Db, id: number, scope: SQL) {
  const gone = await db
    .delete(claims)
    .where(and(eq(claims.id, id), scope, eq(claims.state, 'draft'), isNull(claims.submittedAt)))
    .returning({ id: claims.id });
  return gone.length === 1;
}

/** Locks a claim of the scope (FOR UPDATE): saves, attachments and moves serialise on it. */
export async function lockClaim(db: Db, id: number, scope: SQL) {
  const [row] = await db
    .select()
    .from(claims)
    .where(and(eq(claims.id, id), scope))
    .for('update');
  return row;
}

const reviewer = alias(units, 'reviewer');

export const claimColumns = {
  id: claims.id,
  claimNo: claims.claimNo,
  type: claims.type,
  state: claims.state,
  filedBy: claims.filedBy,
  personId: claims.personId,
  personName: persons.name,
  certNo: persons.certNo,
  gender: persons.gender,
  unitId: claims.unitId,
  unitName: units.empName,
  unitUact: units.uact,
  reviewUnitId: claims.reviewUnitId,
  reviewUnitName: reviewer.empName,
  reviewUnitUact: reviewer.uact,
  periodId: claims.periodId,
  periodYear: periods.year,
  productCode: claims.productCode,
  productName: products.name,
  admittedOn: claims.admittedOn,
  dischargedOn: claims.dischargedOn,
  hospitalName: claims.hospitalName,
  diagnosisCode: claims.diagnosisCode,
  diagnosisName: claims.diagnosisName,
  days: claims.days,
  invoiceFen: claims.invoiceFen,
  amountFen: claims.amountFen,
  reason: claims.reason,
  note: claims.note,
  bankName: claims.bankName,
  bankCard: claims.bankCard,
  createdBy: claims.createdBy,
  createdAt: claims.createdAt,
  submittedAt: claims.submittedAt,
  decidedAt: claims.decidedAt,
  paidAt: claims.paidAt,
  updatedAt: claims.updatedAt,
  /** The bank's reason when the claim's batch failed to pay it (待发放 again until a new batch takes it). */
  payoutFailure: sql<string | null>`case when ${claims.state} = 'approved' and ${claims.batchId} is not null then (select o.bank_reason
    from payouts o where o.person_id = ${claims.personId} and o.batch_id = ${claims.batchId} and o.claim_id = ${claims.id}
    and o.outcome = 'failed' limit 1) end`,
};

/** The claim joined to what lists and details show. */
export const claimFrom = (db: Db) =>
  db
    .select(claimColumns)
    .from(claims)
    .innerJoin(persons, eq(persons.id, claims.personId))
    .innerJoin(units, eq(units.id, claims.unitId))
    .innerJoin(periods, eq(periods.id, claims.periodId))
    .innerJoin(products, and(eq(products.periodId, claims.periodId), eq(products.code, claims.productCode)))
    .leftJoin(reviewer, eq(reviewer.id, claims.reviewUnitId));

export type ClaimRow = NonNullable<Awaited<ReturnType<typeof findClaim>>>;

/** One claim within a scope (undefined when it is not the caller's). */
export async function findClaim(db: Db, id: number, scope: SQL | undefined) {
  const [row] = await claimFrom(db).where(and(eq(claims.id, id), scope));
  return row;
}

/** The staff row the unit filed the claim from (to continue a draft with the picker set). */
export async function staffIdOf(db: Db, unitId: number, personId: number) {
  return (await staffRowOf(db, unitId, personId))?.staffId ?? null;
}

export async function eventsOf(db: Db, claimId: number) {
  return db.select().from(claimEvents).where(eq(claimEvents.claimId, claimId)).orderBy(asc(claimEvents.at), asc(claimEvents.id));
}

export async function insertEvents(db: Db, rows: Array<typeof claimEvents.$inferInsert>) {
  if (rows.length) await db.insert(claimEvents).values(rows);
}

// ---- attachments ----

export async function attachmentsOf(db: Db, claimId: number) {
  return db
    .select({
      id: claimAttachments.id,
      kind: claimAttachments.kind,
      fileId: claimAttachments.fileId,
      name: files.name,
      size: files.size,
      mime: files.mime,
      createdAt: claimAttachments.createdAt,
    })
    .from(claimAttachments)
    .innerJoin(files, eq(files.id, claimAttachments.fileId))
    .where(eq(claimAttachments.claimId, claimId))
    .orderBy(asc(claimAttachments.kind), asc(claimAttachments.id));
}

export async function attachmentCount(db: Db, claimId: number) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(claimAttachments).where(eq(claimAttachments.claimId, claimId));
  return row.n;
}

export async function fileById(db: Db, fileId: string) {
  const [row] = await db.select().from(files).where(eq(files.id, fileId));
  return row;
}

export async function insertAttachment(db: Db, row: typeof claimAttachments.$inferInsert) {
  await db.insert(claimAttachments).values(row);
}

export async function deleteAttachment(db: Db, claimId: number, attachmentId: number) {
  const gone = await db
    .delete(claimAttachments)
    .where(and(eq(claimAttachments.claimId, claimId), eq(claimAttachments.id, attachmentId)))
    .returning({ id: claimAttachments.id });
  return gone.length === 1;
}

/** One attachment of a claim with its file (the operator's download). */
export async function attachmentFile(db: Db, claimId: number, attachmentId: number) {
  const [row] = await db
    .select({ fileId: files.id, name: files.name, mime: files.mime })
    .from(claimAttachments)
    .innerJoin(files, eq(files.id, claimAttachments.fileId))
    .where(and(eq(claimAttachments.claimId, claimId), eq(claimAttachments.id, attachmentId)));
  return row;
}

// ---- mail recipients ----

/** Whether a person has a personal account (the worker is told of a claim the unit filed for them). */
export async function personHasAccount(db: Db, personId: number) {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.loginType, 'personal'), eq(accounts.personId, personId)))
    .limit(1);
  return row !== undefined;
}
