import { and, asc, desc, eq, inArray, sql, sum, countDistinct } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicationLines, applications, payments, periods, products, units } from '../../db/schema';

const columns = {
  id: applications.id,
  kind: applications.kind,
  state: applications.state,
  headcount: applications.headcount,
  amountFen: applications.amountFen,
  submittedAt: applications.submittedAt,
  year: periods.year,
  periodName: periods.name,
  startDate: periods.startDate,
  endDate: periods.endDate,
  payDeadline: periods.payDeadline,
  paidOn: payments.paidOn,
  voucherNo: payments.voucherNo,
  paidFen: payments.amountFen,
};

/** The unit's applications waiting for payment or paid (newest period first), scoped to the unit in SQL. */
export async function payablesOfUnit(db: Db, unitId: number, year?: number) {
  return db
    .select(columns)
    .from(applications)
    .innerJoin(periods, eq(periods.id, applications.periodId))
    .leftJoin(payments, eq(payments.applicationId, applications.id))
    .where(and(eq(applications.unitId, unitId), inArray(applications.state, ['unpaid', 'paid']), year ? eq(periods.year, year) : undefined))
    .orderBy(desc(periods.year), sql`${applications.state} = 'unpaid' DESC`, desc(applications.id))
    .limit(500);
}

/** One application of the unit (another unit's id finds nothing), with the unit's name. */
export async function payableOfUnit(db: Db, unitId: number, id: number) {
  const [row] = await db
    .select({ ...columns, uact: units.uact, empName: units.empName, uscc: units.uscc })
    .from(applications)
    .innerJoin(units, eq(units.id, applications.unitId))
    .innerJoin(periods, eq(periods.id, applications.periodId))
    .leftJoin(payments, eq(payments.applicationId, applications.id))
    .where(and(eq(applications.id, id), eq(applications.unitId, unitId)));
  return row;
}

/** Per application and product: people, shares, rate and amount of the live lines. */
export async function breakdownOf(db: Db, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select({
      applicationId: applicationLines.applicationId,
      productCode: applicationLines.productCode,
      productName: products.name,
      rateFen: products.rateFen,
      sort: products.sort,
      headcount: countDistinct(applicationLines.personId),
      shares: sum(applicationLines.shares).mapWith(Number),
      amountFen: sum(applicationLines.amountFen).mapWith(Number),
    })
    .from(applicationLines)
    .innerJoin(products, and(eq(products.periodId, applicationLines.periodId), eq(products.code, applicationLines.productCode)))
    .where(and(inArray(applicationLines.applicationId, applicationIds), eq(applicationLines.live, true)))
    .groupBy(applicationLines.applicationId, applicationLines.productCode, products.name, products.rateFen, products.sort)
    .orderBy(asc(applicationLines.applicationId), asc(products.sort), asc(applicationLines.productCode));
}
