import { and, eq, sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { cappedCount } from '../../lib/capped-count.repository';
import { placeFilings } from '../../db/schema';
import { containing } from '../../lib/like';

/** The open staff row of a person (the unit that covers them now). */
export async function openStaffOfPerson(db: Db, personId: number) {
  const result = await db.execute(sql`select s.id, s.unit_id from staff s where s.person_id = ${personId} and s.left_on is null`);
  const r = rowsOf<Record<string, unknown>>(result)[0];
  return r ? { staffId: Number(r.id), unitId: Number(r.unit_id) } : null;
}

export async function openStaffOfUnit(db: Db, unitId: number, staffId: number) {
  const result = await db.execute(
    sql`select s.person_id from staff s where s.id = ${staffId} and s.unit_id = ${unitId} and s.left_on is null`,
  );
  const r = rowsOf<Record<string, unknown>>(result)[0];
  return r ? Number(r.person_id) : null;
}

/** Cover of the person at the unit in a period overlapping the dates. */
export async function coveredBetween(db: Db, personId: number, unitId: number, from: string, to: string) {
  const result = await db.execute(sql`
    select 1 from coverages c join periods y on y.id = c.period_id
    where c.person_id = ${personId} and c.unit_id = ${unitId} and y.start_date <= ${to}::date and y.end_date >= ${from}::date limit 1`);
  return rowsOf(result).length > 0;
}

export async function overlapping(db: Db, personId: number, from: string, to: string) {
  const result = await db.execute(sql`
    select 1 from place_filings where person_id = ${personId} and state in ('submitted', 'filed')
      and from_date <= ${to}::date and to_date >= ${from}::date limit 1`);
  return rowsOf(result).length > 0;
}

export async function insertFiling(db: Db, row: typeof placeFilings.$inferInsert) {
  const [created] = await db.insert(placeFilings).values(row).returning({ id: placeFilings.id });
  return created.id;
}

export async function lockFiling(db: Db, id: number) {
  const result = await db.execute(sql`select id, state from place_filings where id = ${id} for update`);
  const r = rowsOf<Record<string, unknown>>(result)[0];
  return r ? { id: Number(r.id), state: String(r.state) } : null;
}

export interface FilingView {
  id: number;
  personName: string;
  certNo: string;
  hasAccount: boolean;
  unitName: string;
  uact: string;
  regionCode: string;
  regionName: string;
  hospitalName: string;
  fromDate: string;
  toDate: string;
  reason: string;
  state: string;
  filedBy: string;
  returnReason: string | null;
  createdAt: Date;
}

const viewSql = (where: SQL, tail: SQL = sql``) => sql`
  select f.id, p.name as person_name, p.cert_no, exists (select 1 from accounts a where a.person_id = p.id and a.login_type = 'personal') as has_account,
         u.emp_name, u.uact, f.region_code, f.region_name, f.hospital_name, f.from_date::text as from_date, f.to_date::text as to_date,
         f.reason, f.state, f.filed_by, f.return_reason, f.created_at
  from place_filings f join persons p on p.id = f.person_id join units u on u.id = f.unit_id
  where ${where} ${tail}`;

const toView = (r: Record<string, unknown>): FilingView => ({
  id: Number(r.id),
  personName: String(r.person_name),
  certNo: String(r.cert_no),
  hasAccount: r.has_account === true,
  unitName: String(r.emp_name),
  uact: String(r.uact),
  regionCode: String(r.region_code),
  regionName: String(r.region_name),
  hospitalName: String(r.hospital_name),
  fromDate: String(r.from_date),
  toDate: String(r.to_date),
  reason: String(r.reason),
  state: String(r.state),
  filedBy: String(r.filed_by),
  returnReason: (r.return_reason as string | null) ?? null,
  createdAt: new Date(r.created_at as string),
});

export async function filingView(db: Db, id: number) {
  const r = rowsOf<Record<string, unknown>>(await db.execute(viewSql(sql`f.id = ${id}`)))[0];
  return r ? toView(r) : null;
}

export interface FilingFilter {
  unitId?: number;
  personId?: number;
  state?: string;
  name?: string;
  from?: string;
  to?: string;
}

const filterSql = (f: FilingFilter) => {
  const parts: SQL[] = [f.unitId !== undefined ? sql`f.unit_id = ${f.unitId}` : sql`f.person_id = ${f.personId!}`];
  if (f.state) parts.push(sql`f.state = ${f.state}`);
  if (f.name) parts.push(sql`p.name like ${containing(f.name)}`);
  if (f.from) parts.push(sql`f.to_date >= ${f.from}::date`);
  if (f.to) parts.push(sql`f.from_date <= ${f.to}::date`);
  return sql.join(parts, sql` and `);
};

export async function pageFilings(db: Db, f: FilingFilter, limit: number, offset: number) {
  const where = filterSql(f);
  const [total, rows] = await Promise.all([
    cappedCount(db, sql`select f.id from place_filings f join persons p on p.id = f.person_id where ${where}`),
    db.execute(viewSql(where, sql`order by f.id desc limit ${limit} offset ${offset}`)),
  ]);
  return { total, rows: rowsOf<Record<string, unknown>>(rows).map(toView) };
}

export async function listFilings(db: Db, state: string) {
  return rowsOf<Record<string, unknown>>(await db.execute(viewSql(sql`f.state = ${state}`, sql`order by f.id limit 500`))).map(toView);
}

/** Filings of a person that could match a stay (claim rule): any state, overlapping the stay. */
export async function filingsForStay(db: Db, personId: number, admittedOn: string, dischargedOn: string) {
  const rows = await db
    .select({
      hospitalName: placeFilings.hospitalName,
      fromDate: placeFilings.fromDate,
      toDate: placeFilings.toDate,
      state: placeFilings.state,
    })
    .from(placeFilings)
    .where(
      and(
        eq(placeFilings.personId, personId),
        sql`${placeFilings.fromDate} <= ${dischargedOn}::date`,
        sql`${placeFilings.toDate} >= ${admittedOn}::date`,
      ),
    );
  return rows;
}
