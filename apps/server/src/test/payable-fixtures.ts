import { and, asc, eq, isNull } from 'drizzle-orm';
import type { StoredApplicationState } from '@hall/shared';
import type { Db } from '../db/client';
import { applicationLines, applications, coverages, periods, persons, products, staff, units } from '../db/schema';

/**
 * Applications in any state for the tests of amounts payable, participation and the operator's
 * payment confirmation, written straight into the tables (the application pages are another
 * module's; these tests need the rows, not that path).
 */

export async function unitId(db: Db, uact: string) {
  const [row] = await db.select({ id: units.id }).from(units).where(eq(units.uact, uact));
  return row.id;
}

export async function periodOf(db: Db, year: number) {
  const [row] = await db.select().from(periods).where(eq(periods.year, year));
  return row;
}

/** The unit's current staff, in roster order. */
export async function staffOf(db: Db, uact: string) {
  return db
    .select({ staffId: staff.id, personId: persons.id, certNo: persons.certNo, name: persons.name, gender: persons.gender })
    .from(staff)
    .innerJoin(units, eq(units.id, staff.unitId))
    .innerJoin(persons, eq(persons.id, staff.personId))
    .where(and(eq(units.uact, uact), isNull(staff.leftOn)))
    .orderBy(asc(staff.id));
}

export interface FixtureLine {
  personId: number;
  staffId?: number;
  productCode: string;
  shares?: number;
}

/** An application of a unit for a year in a state, with its lines at the product's rate. */
export async function makeApplication(
  db: Db,
  a: {
    uact: string;
    year: number;
    state: StoredApplicationState;
    lines: FixtureLine[];
    kind?: 'new' | 'add';
    reviewUact?: string;
    submittedAt?: Date;
    now?: Date;
  },
) {
  const now = a.now ?? new Date('2026-11-20T02:00:00Z');
  const period = await periodOf(db, a.year);
  const rates = new Map(
    (await db.select().from(products).where(eq(products.periodId, period.id))).map((p) => [p.code, p.rateFen] as const),
  );
  const lines = a.lines.map((l) => ({ ...l, shares: l.shares ?? 1, amountFen: (l.shares ?? 1) * rates.get(l.productCode)! }));
  const [app] = await db
    .insert(applications)
    .values({
      unitId: await unitId(db, a.uact),
      periodId: period.id,
      kind: a.kind ?? 'new',
      state: a.state,
      reviewUnitId: a.reviewUact ? await unitId(db, a.reviewUact) : null,
      headcount: new Set(lines.map((l) => l.personId)).size,
      amountFen: lines.reduce((s, l) => s + l.amountFen, 0),
      createdAt: now,
      submittedAt: a.state === 'draft' ? null : (a.submittedAt ?? now),
      reviewedAt: ['unpaid', 'paid'].includes(a.state) ? now : null,
      paidAt: a.state === 'paid' ? now : null,
      updatedAt: now,
    })
    .returning({ id: applications.id });
  if (lines.length)
    await db.insert(applicationLines).values(
      lines.map((l) => ({
        applicationId: app.id,
        periodId: period.id,
        productCode: l.productCode,
        personId: l.personId,
        staffId: l.staffId ?? null,
        shares: l.shares,
        amountFen: l.amountFen,
        live: a.state !== 'cancelled',
      })),
    );
  return app.id;
}

/** A coverage as a confirmed payment leaves it (for last year's members and participation figures). */
export async function makeCoverage(
  db: Db,
  c: { applicationId: number; personId: number; productCode: string; coveredFrom: string; uact: string; year: number; shares?: number },
) {
  const period = await periodOf(db, c.year);
  const [line] = await db
    .select({ id: applicationLines.id })
    .from(applicationLines)
    .where(
      and(
        eq(applicationLines.applicationId, c.applicationId),
        eq(applicationLines.personId, c.personId),
        eq(applicationLines.productCode, c.productCode),
      ),
    );
  await db.insert(coverages).values({
    personId: c.personId,
    periodId: period.id,
    productCode: c.productCode,
    shares: c.shares ?? 1,
    unitId: await unitId(db, c.uact),
    applicationId: c.applicationId,
    lineId: line.id,
    coveredFrom: c.coveredFrom,
    continuing: false,
    createdAt: new Date('2026-01-01T00:00:00Z'),
  });
}
