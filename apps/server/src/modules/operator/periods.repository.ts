import { and, asc, count, desc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicationLines, coverages, periods, products } from '../../db/schema';

export type PeriodRow = typeof periods.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

export async function periodByYear(db: Db, year: number): Promise<PeriodRow | undefined> {
  const [row] = await db.select().from(periods).where(eq(periods.year, year));
  return row;
}

export async function listPeriods(db: Db) {
  return db.select().from(periods).orderBy(desc(periods.year));
}

export async function listProducts(db: Db, periodIds: number[]) {
  if (periodIds.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(sql`${products.periodId} = ANY(${sql.param(periodIds)}::int[])`)
    .orderBy(asc(products.periodId), asc(products.sort), asc(products.code));
}

export async function insertPeriod(db: Db, values: typeof periods.$inferInsert) {
  const [row] = await db.insert(periods).values(values).returning();
  return row;
}

export async function updatePeriod(db: Db, id: number, set: Partial<typeof periods.$inferInsert>) {
  const [row] = await db.update(periods).set(set).where(eq(periods.id, id)).returning();
  return row;
}

/** Coverages already made in the period (its dates and waiting days then decided their start). */
export async function coverageCount(db: Db, periodId: number) {
  const [row] = await db.select({ n: count() }).from(coverages).where(eq(coverages.periodId, periodId));
  return row.n;
}

export async function productOf(db: Db, periodId: number, code: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.periodId, periodId), eq(products.code, code)));
  return row;
}

/** Live application lines of a product: how many, and the most shares one holds. */
export async function liveLinesOf(db: Db, periodId: number, code: string) {
  const [row] = await db
    .select({ n: count(), maxShares: max(applicationLines.shares) })
    .from(applicationLines)
    .where(and(eq(applicationLines.periodId, periodId), eq(applicationLines.productCode, code), eq(applicationLines.live, true)));
  return { n: row.n, maxShares: row.maxShares ?? 0 };
}

export async function insertProduct(db: Db, values: typeof products.$inferInsert) {
  const [row] = await db.insert(products).values(values).returning();
  return row;
}

export async function updateProduct(db: Db, periodId: number, code: string, set: Partial<typeof products.$inferInsert>) {
  const [row] = await db
    .update(products)
    .set(set)
    .where(and(eq(products.periodId, periodId), eq(products.code, code)))
    .returning();
  return row;
}
