import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  chinaMidnight,
  UNION_INFO_FIELDS,
  type UnionChangeState,
  type UnionInfoField,
  type UnionInfoRecord,
  type UnionInfoValue,
} from '@hall/shared';
import type { Db } from '../../db/client';
import { accounts, files, unionChangeFiles, unionInfoChanges, unionInfos, unitProfiles, units } from '../../db/schema';

export type ChangeRow = typeof unionInfoChanges.$inferSelect;
export type Fields = Partial<Record<UnionInfoField, UnionInfoValue>>;

const recordOf = (row: Record<string, unknown>): UnionInfoRecord =>
  Object.fromEntries(UNION_INFO_FIELDS.map((f) => [f, (row[f] as UnionInfoValue | undefined) ?? null])) as UnionInfoRecord;

/** A unit by its login account, with what getSysUserByUact answers. */
export async function sysUserOf(db: Db, uact: string) {
  const parent = sql<string | null>`(select p.uact from units p where p.id = ${units.parentId})`;
  const parentName = sql<string | null>`(select p.emp_name from units p where p.id = ${units.parentId})`;
  const subordinates = sql<number>`(select count(*)::int from units s where s.parent_id = ${units.id})`;
  const [row] = await db
    .select({
      id: units.id,
      uact: units.uact,
      empName: units.empName,
      level: units.level,
      uniType: units.uniType,
      uscc: units.uscc,
      regionCode: units.regionCode,
      insured: units.insured,
      parentId: units.parentId,
      parentUact: parent,
      parentName,
      authState: units.authState,
      notifyState: units.notifyState,
      subordinateCount: subordinates,
      accountStatus: accounts.status,
      chairmanName: unionInfos.chairmanName,
      contactName: unionInfos.contactName,
      contactPhone: unionInfos.contactPhone,
    })
    .from(units)
    .leftJoin(accounts, and(eq(accounts.unitId, units.id), eq(accounts.loginType, 'unit')))
    .leftJoin(unionInfos, eq(unionInfos.unitId, units.id))
    .where(eq(units.uact, uact))
    .limit(1);
  return row ?? null;
}

/** The approved record, or null before the first approval. */
export async function approvedRecord(db: Db, unitId: number) {
  const [row] = await db.select().from(unionInfos).where(eq(unionInfos.unitId, unitId));
  return row ? { record: recordOf(row), updatedAt: row.updatedAt } : null;
}

/** What the registration knows of a union without an approved record yet (to start its form from). */
export async function registeredRecord(db: Db, unitId: number): Promise<UnionInfoRecord> {
  const [row] = await db
    .select({ unit: units, profile: unitProfiles })
    .from(units)
    .leftJoin(unitProfiles, eq(unitProfiles.unitId, units.id))
    .where(eq(units.id, unitId));
  const u = row!.unit;
  const p = row!.profile;
  return recordOf({
    uniName: u.empName,
    uscc: u.uscc,
    legalName: u.legalName,
    regionCode: u.regionCode,
    address: u.address,
    postcode: p?.postalCode,
    contactName: p?.contactName,
    contactPhone: u.contactTel,
    employeeCount: p?.staffCount,
  });
}

export async function pendingChange(db: Db, unitId: number) {
  const [row] = await db
    .select()
    .from(unionInfoChanges)
    .where(and(eq(unionInfoChanges.unitId, unitId), eq(unionInfoChanges.state, 'pending')));
  return row ?? null;
}

export async function newestChange(db: Db, unitId: number) {
  const [row] = await db
    .select()
    .from(unionInfoChanges)
    .where(eq(unionInfoChanges.unitId, unitId))
    .orderBy(desc(unionInfoChanges.submittedAt), desc(unionInfoChanges.id))
    .limit(1);
  return row ?? null;
}

/** Inserts a pending change; the partial unique index refuses a second one (the caller maps it). */
export async function insertChange(
  db: Db,
  change: { unitId: number; before: Fields; after: Fields; submittedBy: number; submitter: string; at: Date },
) {
  const [row] = await db
    .insert(unionInfoChanges)
    .values({
      unitId: change.unitId,
      before: change.before,
      after: change.after,
      submittedBy: change.submittedBy,
      submitter: change.submitter,
      submittedAt: change.at,
    })
    .returning();
  return row!;
}

/** A change of the given union (undefined: of any union, for the operator). */
export async function changeById(db: Db, id: number, unitId?: number) {
  const [row] = await db
    .select()
    .from(unionInfoChanges)
    .where(and(eq(unionInfoChanges.id, id), unitId === undefined ? undefined : eq(unionInfoChanges.unitId, unitId)));
  return row ?? null;
}

export interface ChangeFilter {
  state?: UnionChangeState;
  dateFrom?: string;
  dateTo?: string;
}

const dayStart = chinaMidnight;
const nextDayStart = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

function whereOf(unitId: number, f: ChangeFilter): SQL {
  return and(
    eq(unionInfoChanges.unitId, unitId),
    f.state ? eq(unionInfoChanges.state, f.state) : undefined,
    f.dateFrom ? gte(unionInfoChanges.submittedAt, dayStart(f.dateFrom)) : undefined,
    f.dateTo ? lt(unionInfoChanges.submittedAt, nextDayStart(f.dateTo)) : undefined,
  )!;
}

/** A page of a union's changes, newest first. */
export async function pageChanges(db: Db, unitId: number, f: ChangeFilter, pageNum: number, pageSize: number) {
  const where = whereOf(unitId, f);
  const [total] = await db.select({ n: count() }).from(unionInfoChanges).where(where);
  const list = await db
    .select()
    .from(unionInfoChanges)
    .where(where)
    .orderBy(desc(unionInfoChanges.submittedAt), desc(unionInfoChanges.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  return { list, total: total?.n ?? 0 };
}

/** Every change of a union within the filter (export), newest first; at most `max`. */
export async function allChanges(db: Db, unitId: number, f: ChangeFilter, max: number) {
  return db
    .select()
    .from(unionInfoChanges)
    .where(whereOf(unitId, f))
    .orderBy(desc(unionInfoChanges.submittedAt), desc(unionInfoChanges.id))
    .limit(max);
}

/** The operator's list: changes in a state with their union, the oldest first. */
export async function operatorChanges(db: Db, state: UnionChangeState, max: number) {
  return db
    .select({ change: unionInfoChanges, uact: units.uact, unitName: units.empName })
    .from(unionInfoChanges)
    .innerJoin(units, eq(units.id, unionInfoChanges.unitId))
    .where(eq(unionInfoChanges.state, state))
    .orderBy(state === 'pending' ? asc(unionInfoChanges.submittedAt) : desc(unionInfoChanges.submittedAt), asc(unionInfoChanges.id))
    .limit(max);
}

export async function unitOfChange(db: Db, unitId: number) {
  const [row] = await db.select({ uact: units.uact, unitName: units.empName }).from(units).where(eq(units.id, unitId));
  return row!;
}

/** The to-do: the union's newest change, when it was rejected since `since`. */
export async function recentRejection(db: Db, unitId: number, since: Date) {
  const row = await newestChange(db, unitId);
  return row && row.state === 'rejected' && row.decidedAt && row.decidedAt >= since ? row : null;
}

/** The bank account fields of a union's approved record (null before there is one). */
export async function bankAccountOf(db: Db, unitId: number) {
  const [row] = await db
    .select({ name: unionInfos.bankAccountName, bank: unionInfos.bankName, accountNo: unionInfos.bankAccountNo })
    .from(unionInfos)
    .where(eq(unionInfos.unitId, unitId));
  return row ?? null;
}

export interface ChangeFile {
  changeId: number;
  fileId: string;
  name: string;
  size: number;
  mime: string;
}

/** The documents of the changes, each change's in the order they were given. */
export async function filesOfChanges(db: Db, changeIds: number[]): Promise<Map<number, ChangeFile[]>> {
  const out = new Map<number, ChangeFile[]>();
  if (changeIds.length === 0) return out;
  const rows = await db
    .select({
      changeId: unionChangeFiles.changeId,
      fileId: unionChangeFiles.fileId,
      name: files.name,
      size: files.size,
      mime: files.mime,
    })
    .from(unionChangeFiles)
    .innerJoin(files, eq(files.id, unionChangeFiles.fileId))
    .where(inArray(unionChangeFiles.changeId, changeIds))
    .orderBy(asc(unionChangeFiles.changeId), asc(unionChangeFiles.id));
  for (const r of rows) out.set(r.changeId, [...(out.get(r.changeId) ?? []), r]);
  return out;
}

/** Files by id with their owner and type (to check what a union attaches). */
export async function filesById(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: files.id, ownerKind: files.ownerKind, ownerKey: files.ownerKey, mime: files.mime })
    .from(files)
    .where(inArray(files.id, ids));
}

export async function insertChangeFiles(db: Db, changeId: number, fileIds: string[], at: Date) {
  if (fileIds.length === 0) return;
  await db.insert(unionChangeFiles).values(fileIds.map((fileId) => ({ changeId, fileId, createdAt: at })));
}
