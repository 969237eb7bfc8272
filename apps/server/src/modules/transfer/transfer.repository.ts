import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { cappedCount } from '../../lib/capped-count.repository';
import { coverageTransfers, coverages, periods, staff, units } from '../../db/schema';
import { containing } from '../../lib/like';

/** Insured or not, by credit code (exact) or name (contains); at most 10. */
export async function searchUnits(db: Db, keyword: string, exceptUnitId: number) {
  const result = await db.execute(sql`
    select emp_name, uscc, insured from units
    where uscc is not null and id <> ${exceptUnitId}
      and (uscc = ${keyword.toUpperCase()} or emp_name like ${containing(keyword)})
    order by (uscc = ${keyword.toUpperCase()}) desc, emp_name limit 10`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    empName: String(r.emp_name),
    uscc: String(r.uscc),
    insured: r.insured === true,
  }));
}

export async function unitByUscc(db: Db, uscc: string) {
  const rows = await db.select().from(units).where(eq(units.uscc, uscc)).limit(2);
  return rows.length === 1 ? rows[0] : null;
}

export async function unitById(db: Db, id: number) {
  const [row] = await db.select().from(units).where(eq(units.id, id));
  return row;
}

/** An open staff row of the unit (scoped: another unit's id finds nothing). */
export async function openStaffOf(db: Db, unitId: number, staffId: number) {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.unitId, unitId), isNull(staff.leftOn)));
  return row ?? null;
}

/** The period a day falls in. */
export async function periodOn(db: Db, day: string) {
  const [row] = await db
    .select()
    .from(periods)
    .where(and(sql`${periods.startDate} <= ${day}::date`, sql`${periods.endDate} >= ${day}::date`));
  return row ?? null;
}

/** The unit's current staff with cover in a period (the forms' options). */
export async function coveredStaff(db: Db, unitId: number, periodId: number, excludeOpen = false) {
  const result = await db.execute(sql`
    select s.id as staff_id, p.name, p.cert_no from staff s join persons p on p.id = s.person_id
    where s.unit_id = ${unitId} and s.left_on is null
      and exists (select 1 from coverages c where c.person_id = s.person_id and c.unit_id = ${unitId} and c.period_id = ${periodId})
      and (${!excludeOpen} or not exists (select 1 from coverage_transfers t where t.person_id = s.person_id and t.state in ('receiving', 'reviewing')))
    order by s.id limit 2000`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    staffId: Number(r.staff_id),
    name: String(r.name),
    certNo: String(r.cert_no),
  }));
}

export async function hasCover(db: Db, personId: number, unitId: number, periodId: number) {
  const [row] = await db
    .select({ id: coverages.id })
    .from(coverages)
    .where(and(eq(coverages.personId, personId), eq(coverages.unitId, unitId), eq(coverages.periodId, periodId)))
    .limit(1);
  return !!row;
}

export async function insertTransfer(db: Db, row: typeof coverageTransfers.$inferInsert) {
  const [created] = await db.insert(coverageTransfers).values(row).returning({ id: coverageTransfers.id });
  return created.id;
}

export async function lockTransfer(db: Db, id: number) {
  const result = await db.execute(sql`select * from coverage_transfers where id = ${id} for update`);
  const r = rowsOf<Record<string, unknown>>(result)[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    personId: Number(r.person_id),
    fromUnitId: Number(r.from_unit_id),
    toUnitId: Number(r.to_unit_id),
    fromStaffId: Number(r.from_staff_id),
    transferDate: String(r.transfer_date).slice(0, 10),
    periodId: Number(r.period_id),
    state: String(r.state),
  };
}

export interface TransferView {
  id: number;
  personName: string;
  certNo: string;
  personKey: string;
  hasAccount: boolean;
  fromUnitId: number;
  toUnitId: number;
  fromUnitName: string;
  toUnitName: string;
  fromUact: string;
  toUact: string;
  toUscc: string;
  transferDate: string;
  periodYear: number;
  state: string;
  reason: string | null;
  returnReason: string | null;
  createdAt: Date;
}

function viewQuery(where: SQL, tail: SQL = sql``) {
  return sql`
    select t.id, p.name as person_name, p.cert_no, exists (select 1 from accounts a where a.person_id = p.id and a.login_type = 'personal') as has_account,
           t.from_unit_id, t.to_unit_id, fu.emp_name as from_name, tu.emp_name as to_name, fu.uact as from_uact, tu.uact as to_uact,
           coalesce(tu.uscc, '') as to_uscc, t.transfer_date::text as transfer_date, y.year, t.state, t.reason, t.return_reason, t.created_at
    from coverage_transfers t
    join persons p on p.id = t.person_id
    join units fu on fu.id = t.from_unit_id
    join units tu on tu.id = t.to_unit_id
    join periods y on y.id = t.period_id
    where ${where} ${tail}`;
}

const toView = (r: Record<string, unknown>): TransferView => ({
  id: Number(r.id),
  personName: String(r.person_name),
  certNo: String(r.cert_no),
  personKey: String(r.cert_no),
  hasAccount: r.has_account === true,
  fromUnitId: Number(r.from_unit_id),
  toUnitId: Number(r.to_unit_id),
  fromUnitName: String(r.from_name),
  toUnitName: String(r.to_name),
  fromUact: String(r.from_uact),
  toUact: String(r.to_uact),
  toUscc: String(r.to_uscc),
  transferDate: String(r.transfer_date),
  periodYear: Number(r.year),
  state: String(r.state),
  reason: (r.reason as string | null) ?? null,
  returnReason: (r.return_reason as string | null) ?? null,
  createdAt: new Date(r.created_at as string),
});

export async function transferView(db: Db, id: number) {
  const result = await db.execute(viewQuery(sql`t.id = ${id}`));
  const r = rowsOf<Record<string, unknown>>(result)[0];
  return r ? toView(r) : null;
}

export interface TransferFilter {
  unitId: number;
  direction: 'out' | 'into';
  state?: string;
  name?: string;
}

const filterSql = (f: TransferFilter) => {
  const parts: SQL[] = [f.direction === 'out' ? sql`t.from_unit_id = ${f.unitId}` : sql`t.to_unit_id = ${f.unitId}`];
  if (f.state) parts.push(sql`t.state = ${f.state}`);
  if (f.name) parts.push(sql`p.name like ${containing(f.name)}`);
  return sql.join(parts, sql` and `);
};

export async function pageTransfers(db: Db, f: TransferFilter, limit: number, offset: number) {
  const where = filterSql(f);
  const [total, rows] = await Promise.all([
    cappedCount(db, sql`select t.id from coverage_transfers t join persons p on p.id = t.person_id where ${where}`),
    db.execute(viewQuery(where, sql`order by t.id desc limit ${limit} offset ${offset}`)),
  ]);
  return { total, rows: rowsOf<Record<string, unknown>>(rows).map(toView) };
}

export async function listTransfers(db: Db, state: string) {
  const result = await db.execute(viewQuery(sql`t.state = ${state}`, sql`order by t.id limit 500`));
  return rowsOf<Record<string, unknown>>(result).map(toView);
}

// ---- confirmation: the move itself ----

export async function closeStaff(db: Db, staffId: number, lastDay: string, now: Date) {
  const rows = await db
    .update(staff)
    .set({ leftOn: lastDay, leaveReason: '关系转出', updatedAt: now })
    .where(and(eq(staff.id, staffId), isNull(staff.leftOn)))
    .returning({ id: staff.id, psnType: staff.psnType, phone: staff.phone });
  return rows[0] ?? null;
}

/** Opens the staff row at the new unit (re-opens an earlier one there: one row per unit and person). */
export async function openStaff(
  db: Db,
  unitId: number,
  personId: number,
  from: { psnType: string; phone: string | null },
  joinedOn: string,
  now: Date,
) {
  const [again] = await db
    .update(staff)
    .set({ leftOn: null, leaveReason: null, joinedOn, updatedAt: now })
    .where(and(eq(staff.unitId, unitId), eq(staff.personId, personId)))
    .returning({ id: staff.id });
  if (again) return again.id;
  const [row] = await db
    .insert(staff)
    .values({ unitId, personId, psnType: from.psnType, phone: from.phone, joinedOn, createdAt: now, updatedAt: now })
    .returning({ id: staff.id });
  return row.id;
}

/**
 * Moves the person's coverages held by the old unit in periods not ended by the transfer date:
 * the same rows (one per person, period and product: no double cover), the same start (no gap, no
 * new waiting period), now the new unit's; each move recorded for the old unit's participation.
 */
export async function moveCoverages(
  db: Db,
  t: { id: number; personId: number; fromUnitId: number; toUnitId: number; transferDate: string },
  lastDay: string,
) {
  const moved = await db.execute(sql`
    with m as (
      select c.id from coverages c join periods y on y.id = c.period_id
      where c.person_id = ${t.personId} and c.unit_id = ${t.fromUnitId} and y.end_date >= ${t.transferDate}::date
      for update of c
    ), l as (
      insert into coverage_transfer_lines (transfer_id, coverage_id, from_unit_id, until_date)
      select ${t.id}, m.id, ${t.fromUnitId}, ${lastDay}::date from m returning coverage_id
    )
    update coverages set unit_id = ${t.toUnitId} where id in (select coverage_id from l) returning period_id as "periodId"`);
  return [...new Set(rowsOf<{ periodId: number }>(moved).map((r) => r.periodId))];
}
