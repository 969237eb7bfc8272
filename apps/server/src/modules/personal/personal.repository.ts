import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { accounts, persons, staff, units } from '../../db/schema';

export async function personOf(db: Db, personId: number) {
  const [row] = await db.select().from(persons).where(eq(persons.id, personId));
  return row;
}

/** The person's current employer (the open staff row). */
export async function currentUnit(db: Db, personId: number) {
  const [row] = await db
    .select({ unitName: units.empName, joinedOn: staff.joinedOn })
    .from(staff)
    .innerJoin(units, eq(units.id, staff.unitId))
    .where(and(eq(staff.personId, personId), isNull(staff.leftOn)));
  return row ?? null;
}

export interface CoverageRow {
  year: number;
  periodName: string;
  endDate: string;
  productCode: string;
  productName: string;
  shares: number;
  unitName: string;
  coveredFrom: string;
  continuing: boolean;
  paidOn: string | null;
}

/** Every coverage of the person, newest period first. */
export async function coveragesOf(db: Db, personId: number): Promise<CoverageRow[]> {
  const result = await db.execute(sql`
    select y.year, y.name as period_name, y.end_date::text as end_date, c.product_code, pr.name as product_name, c.shares,
           u.emp_name as unit_name, c.covered_from::text as covered_from, c.continuing
    from coverages c
    join periods y on y.id = c.period_id
    join products pr on pr.period_id = c.period_id and pr.code = c.product_code
    join units u on u.id = c.unit_id
    where c.person_id = ${personId}
    order by y.year desc, pr.sort, pr.code`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    year: Number(r.year),
    periodName: String(r.period_name),
    endDate: String(r.end_date),
    productCode: String(r.product_code),
    productName: String(r.product_name),
    shares: Number(r.shares),
    unitName: String(r.unit_name),
    coveredFrom: String(r.covered_from),
    continuing: r.continuing === true,
    paidOn: null,
  }));
}

/** Another person with a personal account already holds this phone. */
export async function phoneTaken(db: Db, phone: string, personId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: persons.id })
    .from(persons)
    .innerJoin(accounts, and(eq(accounts.personId, persons.id), eq(accounts.loginType, 'personal')))
    .where(and(eq(persons.phone, phone), ne(persons.id, personId)))
    .limit(1);
  return !!row;
}

export async function setPhone(db: Db, personId: number, phone: string) {
  await db.update(persons).set({ phone }).where(eq(persons.id, personId));
}

/**
 * The new card: on the person, and on their claims not yet paid (a claim keeps the card it was
 * filed with; the payout batch reads it from the claim, treatments read it from the person).
 */
export async function setCard(db: Db, personId: number, bankName: string, bankCard: string) {
  await db.update(persons).set({ bankName, bankCard }).where(eq(persons.id, personId));
  await db.execute(sql`update claims set bank_name = ${bankName}, bank_card = ${bankCard}
    where person_id = ${personId} and batch_id is null and state not in ('paid', 'refused')`);
}
