import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { StaffFilter } from '@hall/shared';
import type { Db } from '../../db/client';
import { LIST_COUNT_CAP } from '@hall/shared';
import { preparedOnce } from '../../db/prepared';
import { type CappedTotal, capped, cappedCount } from '../../lib/capped-count.repository';
import { insuredRegistry, persons, staff } from '../../db/schema';
import { startingWith } from '../../lib/like';

/** A staff row with its person, unmasked (the service masks what it answers). */
export interface StaffRecord {
  id: number;
  unitId: number;
  personId: number;
  name: string;
  certNo: string;
  gender: string | null;
  birthDate: string | null;
  psnType: string;
  phone: string | null;
  bankName: string | null;
  bankCard: string | null;
  joinedOn: string;
  leftOn: string | null;
  leaveReason: string | null;
}

const columns = {
  id: staff.id,
  unitId: staff.unitId,
  personId: staff.personId,
  name: persons.name,
  certNo: persons.certNo,
  gender: persons.gender,
  birthDate: persons.birthDate,
  psnType: staff.psnType,
  phone: staff.phone,
  bankName: persons.bankName,
  bankCard: persons.bankCard,
  joinedOn: staff.joinedOn,
  leftOn: staff.leftOn,
  leaveReason: staff.leaveReason,
};

/** The unit's staff matching the filter, in SQL on staff (and persons only for the name). */
function where(unitId: number, f: StaffFilter): { cond: SQL; needsPerson: boolean } {
  const parts: (SQL | undefined)[] = [eq(staff.unitId, unitId)];
  if (f.certNo) {
    parts.push(
      sql`${staff.personId} = (select ${persons.id} from ${persons} where ${persons.certType} = '01' and ${persons.certNo} = ${f.certNo})`,
    );
  }
  if (f.psnType) parts.push(eq(staff.psnType, f.psnType));
  if (f.state === 'current') parts.push(isNull(staff.leftOn));
  if (f.state === 'left') parts.push(isNotNull(staff.leftOn));
  if (f.joinedFrom) parts.push(gte(staff.joinedOn, f.joinedFrom));
  if (f.joinedTo) parts.push(lte(staff.joinedOn, f.joinedTo));
  if (f.name) parts.push(sql`${persons.name} like ${startingWith(f.name)}`);
  return { cond: and(...parts)!, needsPerson: !!f.name };
}

/** The list's count, up to the cap (lib/capped-count). */
export async function countStaff(db: Db, unitId: number, f: StaffFilter): Promise<CappedTotal> {
  const w = where(unitId, f);
  const base = db.select({ id: staff.id }).from(staff);
  return cappedCount(db, (w.needsPerson ? base.innerJoin(persons, eq(persons.id, staff.personId)) : base).where(w.cond));
}

const ph = sql.placeholder;

/** No filter at all: the roster as the page first opens (prepared below). */
export const unfiltered = (f: StaffFilter) => !f.name && !f.certNo && !f.psnType && !f.state && !f.joinedFrom && !f.joinedTo;

// The roster as it first opens, and paged by offset from the newest, is what clerks read most:
// its count and its page run prepared, the page's ids and rows in one statement.
const rosterCount = preparedOnce((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(
      db
        .select({ one: sql`1` })
        .from(staff)
        .where(eq(staff.unitId, ph('unitId')))
        .limit(LIST_COUNT_CAP + 1)
        .as('capped'),
    )
    .prepare('staff_roster_count'),
);
const rosterPage = preparedOnce((db) => {
  const page = db
    .select({ pageId: staff.id })
    .from(staff)
    .where(eq(staff.unitId, ph('unitId')))
    .orderBy(desc(staff.id))
    .limit(ph('limit'))
    .offset(ph('offset'))
    .as('page');
  return db
    .select(columns)
    .from(page)
    .innerJoin(staff, eq(staff.id, page.pageId))
    .innerJoin(persons, eq(persons.id, staff.personId))
    .orderBy(desc(staff.id))
    .prepare('staff_roster_page');
});

export async function countRoster(db: Db, unitId: number): Promise<CappedTotal> {
  const [{ n }] = await rosterCount(db).execute({ unitId });
  return capped(n);
}

/** A page of the unfiltered roster by offset from the newest: ids and rows in one statement. */
export async function rosterPageRows(db: Db, unitId: number, offset: number, limit: number): Promise<StaffRecord[]> {
  return rosterPage(db).execute({ unitId, offset, limit });
}

/**
 * Ids of one page, newest first, on the index staff_unit_list_idx (unit_id, id):
 * - `after`: the ids below the previous page's last (keyset, any depth at the same cost);
 * - `before`: the ids above the next page's first, read upwards and turned round;
 * - else by offset from the nearer end of the list (`fromEnd`: offset counted from the oldest).
 */
export async function pageIds(
  db: Db,
  unitId: number,
  f: StaffFilter,
  at: { after?: number; before?: number; offset: number; limit: number; fromEnd: boolean },
): Promise<number[]> {
  const w = where(unitId, f);
  const upwards = at.before !== undefined || (at.after === undefined && at.fromEnd);
  const keyset = at.after !== undefined ? lt(staff.id, at.after) : at.before !== undefined ? gt(staff.id, at.before) : undefined;
  const base = db.select({ id: staff.id }).from(staff);
  const rows = await (w.needsPerson ? base.innerJoin(persons, eq(persons.id, staff.personId)) : base)
    .where(and(w.cond, keyset))
    .orderBy(upwards ? asc(staff.id) : desc(staff.id))
    .limit(at.limit)
    .offset(at.after !== undefined || at.before !== undefined ? 0 : at.offset);
  const ids = rows.map((r) => r.id);
  return upwards ? ids.reverse() : ids;
}

/** The rows of the given ids (of the unit), newest first. */
export async function rowsByIds(db: Db, unitId: number, ids: number[]): Promise<StaffRecord[]> {
  if (!ids.length) return [];
  return db
    .select(columns)
    .from(staff)
    .innerJoin(persons, eq(persons.id, staff.personId))
    .where(and(eq(staff.unitId, unitId), inArray(staff.id, ids)))
    .orderBy(desc(staff.id));
}

/** One of the unit's staff (another unit's id reads as none). */
export async function rowById(db: Db, unitId: number, id: number, lock = false): Promise<StaffRecord | undefined> {
  const q = db
    .select(columns)
    .from(staff)
    .innerJoin(persons, eq(persons.id, staff.personId))
    .where(and(eq(staff.unitId, unitId), eq(staff.id, id)));
  const [row] = await (lock ? q.for('update', { of: staff }) : q);
  return row;
}

/** The unit's staff matching the filter, streamed in keyset chunks (the export). */
export async function* streamStaff(db: Db, unitId: number, f: StaffFilter, chunk = 2000): AsyncGenerator<StaffRecord> {
  const w = where(unitId, f);
  let last: number | undefined;
  for (;;) {
    const rows = await db
      .select(columns)
      .from(staff)
      .innerJoin(persons, eq(persons.id, staff.personId))
      .where(and(w.cond, last === undefined ? undefined : lt(staff.id, last)))
      .orderBy(desc(staff.id))
      .limit(chunk);
    yield* rows;
    if (rows.length < chunk) return;
    last = rows[rows.length - 1].id;
  }
}

export interface PersonFacts {
  id: number;
  name: string;
  insured: boolean;
}

export async function personByCertNo(db: Db, certNo: string): Promise<PersonFacts | undefined> {
  const [row] = await db
    .select({ id: persons.id, name: persons.name, insured: persons.insured })
    .from(persons)
    .where(and(eq(persons.certType, '01'), eq(persons.certNo, certNo)));
  return row;
}

/** The bureau's registration of a person (insured_registry), if any. */
export async function registryPerson(db: Db, certNo: string): Promise<{ name: string; active: boolean } | undefined> {
  const [row] = await db
    .select({ name: insuredRegistry.name, active: insuredRegistry.active })
    .from(insuredRegistry)
    .where(and(eq(insuredRegistry.kind, 'person'), eq(insuredRegistry.code, certNo)));
  return row;
}

/** The person's rows at any unit: the open one (if any) and the one at this unit (if any). */
export async function employmentsOf(db: Db, personId: number) {
  return db.select({ id: staff.id, unitId: staff.unitId, leftOn: staff.leftOn }).from(staff).where(eq(staff.personId, personId));
}

export async function insertPerson(
  db: Db,
  p: {
    certNo: string;
    name: string;
    gender: string;
    birthDate: string;
    insured: boolean;
    bankName?: string | null;
    bankCard?: string | null;
  },
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(persons)
    .values({ certType: '01', ...p, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: persons.id });
  if (row) return row.id;
  return (await personByCertNo(db, p.certNo))!.id;
}

export async function setPersonBank(db: Db, personId: number, bank: { bankName: string | null; bankCard: string | null }) {
  await db.update(persons).set(bank).where(eq(persons.id, personId));
}

export async function insertStaff(
  db: Db,
  s: { unitId: number; personId: number; psnType: string; phone: string | null; joinedOn: string },
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(staff)
    .values({ ...s, createdAt: now, updatedAt: now })
    .returning({ id: staff.id });
  return row.id;
}

/** Re-joining the same unit: the row is opened again with the new details. */
export async function reopenStaff(db: Db, id: number, s: { psnType: string; phone: string | null; joinedOn: string }, now: Date) {
  await db
    .update(staff)
    .set({ ...s, leftOn: null, leaveReason: null, updatedAt: now })
    .where(eq(staff.id, id));
}

export async function updateStaff(
  db: Db,
  unitId: number,
  id: number,
  s: { psnType: string; phone: string | null; joinedOn: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ ...s, updatedAt: now })
    .where(and(eq(staff.unitId, unitId), eq(staff.id, id), isNull(staff.leftOn)))
    .returning({ id: staff.id });
  return rows.length === 1;
}

/** 减员: only an open row of the unit; false when it is not (left already, another unit's). */
export async function leaveStaff(db: Db, unitId: number, id: number, leftOn: string, reason: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ leftOn, leaveReason: reason, updatedAt: now })
    .where(and(eq(staff.unitId, unitId), eq(staff.id, id), isNull(staff.leftOn), lte(staff.joinedOn, leftOn)))
    .returning({ id: staff.id });
  return rows.length === 1;
}
