import { addDays, chinaMidnight } from '@hall/shared';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cappedCount } from '../../lib/capped-count.repository';
import { claimEvents, claims, coverages, payoutBatches, periods, persons, staff, units } from '../../db/schema';
import { claimFrom } from './claims.repository';
import { containing } from '../../lib/like';

/*
 * The lists of claims: the unit's and the worker's record queries (capped offset on
 * claims_unit_idx / claims_person_idx: created_at, id), the 92 union's review list
 * (claims_review_idx), the export (keyset chunks), the covered staff to file for, and the
 * operator's list and payment batch.
 */

/** LIKE pattern for a search text: % and _ typed by the user are literal. */
/** 00:00 Beijing of a day, as an instant. */

export interface ClaimFilter {
  scope: SQL;
  name?: string;
  certNo?: string;
  type?: string;
  state?: string;
  dateFrom?: string;
  dateTo?: string;
  periodYear?: number;
  filedBy?: string;
  empName?: string;
}

function whereOf(f: ClaimFilter) {
  return and(
    f.scope,
    f.name ? ilike(persons.name, containing(f.name)) : undefined,
    f.certNo ? ilike(persons.certNo, containing(f.certNo.toUpperCase())) : undefined,
    f.type ? eq(claims.type, f.type) : undefined,
    f.state ? eq(claims.state, f.state) : undefined,
    f.dateFrom ? gte(claims.createdAt, chinaMidnight(f.dateFrom)) : undefined,
    f.dateTo ? lt(claims.createdAt, chinaMidnight(addDays(f.dateTo, 1))) : undefined,
    f.periodYear ? eq(periods.year, f.periodYear) : undefined,
    f.filedBy ? eq(claims.filedBy, f.filedBy) : undefined,
    f.empName ? ilike(units.empName, containing(f.empName)) : undefined,
  );
}

/**
 * The claims of a filter for its count: joined only to the tables its filter reads (every claim
 * has its person, unit and period: the joins never drop a row), so the count reads claims alone
 * on the scope's index unless a name, unit name or year is asked.
 */
function matching(db: Db, f: ClaimFilter) {
  let q = db.select({ id: claims.id }).from(claims).$dynamic();
  if (f.name || f.certNo) q = q.innerJoin(persons, eq(persons.id, claims.personId));
  if (f.empName) q = q.innerJoin(units, eq(units.id, claims.unitId));
  if (f.periodYear) q = q.innerJoin(periods, eq(periods.id, claims.periodId));
  return q;
}

/** One page of claims in a scope, newest first (or the oldest waiting first), with the total up to the cap. */
export async function pageClaims(db: Db, f: ClaimFilter & { pageNum: number; pageSize: number; oldestFirst?: boolean }) {
  const where = whereOf(f);
  const order = f.oldestFirst ? [asc(claims.submittedAt), asc(claims.id)] : [desc(claims.createdAt), desc(claims.id)];
  const [rows, total] = await Promise.all([
    claimFrom(db)
      .where(where)
      .orderBy(...order)
      .limit(f.pageSize)
      .offset((f.pageNum - 1) * f.pageSize),
    cappedCount(db, matching(db, f).where(where)),
  ]);
  return { rows, total };
}

/** Every claim of a filter, newest first, in keyset chunks (the export), at most `cap`. */
export async function* claimChunks(db: Db, f: ClaimFilter, cap: number, chunk = 500) {
  let after: { createdAt: Date; id: number } | undefined;
  let sent = 0;
  while (sent < cap) {
    const keyset = after
      ? or(lt(claims.createdAt, after.createdAt), and(eq(claims.createdAt, after.createdAt), lt(claims.id, after.id)))
      : undefined;
    const rows = await claimFrom(db)
      .where(and(whereOf(f), keyset))
      .orderBy(desc(claims.createdAt), desc(claims.id))
      .limit(Math.min(chunk, cap - sent));
    if (rows.length === 0) return;
    yield rows;
    sent += rows.length;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** The unit's current staff whom it covers in one of these periods (the claim form's picker). */
export async function pageCoveredStaff(
  db: Db,
  q: { unitId: number; fromYear: number; keyword?: string; pageNum: number; pageSize: number },
) {
  const covered = sql`exists (select 1 from ${coverages} c join ${periods} p on p.id = c.period_id
    where c.person_id = ${staff.personId} and c.unit_id = ${q.unitId} and p.year >= ${q.fromYear})`;
  const where = and(
    eq(staff.unitId, q.unitId),
    isNull(staff.leftOn),
    covered,
    q.keyword ? or(ilike(persons.name, containing(q.keyword)), ilike(persons.certNo, containing(q.keyword.toUpperCase()))) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        staffId: staff.id,
        personId: staff.personId,
        psnType: staff.psnType,
        name: persons.name,
        certNo: persons.certNo,
        gender: persons.gender,
        bankName: persons.bankName,
        bankCard: persons.bankCard,
      })
      .from(staff)
      .innerJoin(persons, eq(persons.id, staff.personId))
      .where(where)
      .orderBy(asc(staff.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    cappedCount(db, db.select({ id: staff.id }).from(staff).innerJoin(persons, eq(persons.id, staff.personId)).where(where)),
  ]);
  const covers = rows.length
    ? await db
        .select({ personId: coverages.personId, year: periods.year, code: coverages.productCode })
        .from(coverages)
        .innerJoin(periods, eq(periods.id, coverages.periodId))
        .where(
          and(
            inArray(
              coverages.personId,
              rows.map((r) => r.personId),
            ),
            eq(coverages.unitId, q.unitId),
            gte(periods.year, q.fromYear),
          ),
        )
        .orderBy(desc(periods.year), asc(coverages.productCode))
    : [];
  return { rows, covers, total };
}

// ---- the operator ----

/** Claims in a state for the operator: the waiting ones oldest first; at most `limit`. */
export async function operatorList(db: Db, state: string, limit: number) {
  return claimFrom(db)
    .where(eq(claims.state, state))
    .orderBy(
      ...(state === 'city_review' || state === 'approved'
        ? [asc(claims.submittedAt), asc(claims.id)]
        : [desc(claims.updatedAt), desc(claims.id)]),
    )
    .limit(limit);
}

/** Every approved claim, locked for the payment batch, with the card to pay to (the claim's, else the person's). */
export async function lockApproved(db: Db) {
  const ids = await db.select({ id: claims.id }).from(claims).where(eq(claims.state, 'approved')).orderBy(asc(claims.id)).for('update');
  if (ids.length === 0) return [];
  return db
    .select({
      id: claims.id,
      claimNo: claims.claimNo,
      personId: claims.personId,
      personName: persons.name,
      amountFen: claims.amountFen,
      bankName: sql<string | null>`coalesce(${claims.bankName}, ${persons.bankName})`,
      bankCard: sql<string | null>`coalesce(${claims.bankCard}, ${persons.bankCard})`,
      // Who approved it (its last move to 待发放): separation of duties in payClaims.
      approvedBy: sql<string | null>`(select ${claimEvents.actorName} from ${claimEvents}
        where ${claimEvents.claimId} = ${claims.id} and ${claimEvents.toState} = 'approved' and ${claimEvents.actorKind} = 'operator'
        order by ${claimEvents.id} desc limit 1)`,
    })
    .from(claims)
    .innerJoin(persons, eq(persons.id, claims.personId))
    .where(
      inArray(
        claims.id,
        ids.map((r) => r.id),
      ),
    )
    .orderBy(asc(claims.id));
}

export async function insertBatch(db: Db, row: typeof payoutBatches.$inferInsert) {
  const [created] = await db.insert(payoutBatches).values(row).returning({ id: payoutBatches.id });
  return created.id;
}

/** The batch's payouts, one statement (a JSON record set, one parameter whatever the batch's size). */
export async function insertPayouts(
  db: Db,
  batchId: number,
  rows: Array<{ personId: number; claimId: number; amountFen: number; bankName: string | null; bankCard: string | null }>,
  now: Date,
) {
  if (rows.length === 0) return;
  await db.execute(sql`insert into payouts (batch_id, person_id, claim_id, amount_fen, bank_name, bank_card, created_at)
    select ${batchId}, x."personId", x."claimId", x."amountFen", x."bankName", x."bankCard", ${now}
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as x("personId" int, "claimId" int, "amountFen" bigint, "bankName" text, "bankCard" text)`);
}
