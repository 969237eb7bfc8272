import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { persons, settlements, staff } from '../db/schema';
import { simplePdf } from '../db/seed/pdf';
import { makeApplication, makeCoverage, periodOf } from './payable-fixtures';

/*
 * What the claim tests need besides the demo city: cover (a paid application and its coverages,
 * written straight into the tables), the bureau's settlements, and a scan to attach.
 */

export const SCAN = simplePdf('Scan', ['claim attachment']);

/** A person covered by a unit in a year: products with shares, from a day (after the waiting period). */
export async function cover(
  db: Db,
  c: { uact: string; personId: number; year: number; products: Array<{ code: string; shares?: number }>; coveredFrom?: string },
) {
  const applicationId = await makeApplication(db, {
    uact: c.uact,
    year: c.year,
    state: 'paid',
    lines: c.products.map((p) => ({ personId: c.personId, productCode: p.code, shares: p.shares ?? 1 })),
  });
  for (const p of c.products)
    await makeCoverage(db, {
      applicationId,
      personId: c.personId,
      productCode: p.code,
      coveredFrom: c.coveredFrom ?? `${c.year}-01-01`,
      uact: c.uact,
      year: c.year,
      shares: p.shares ?? 1,
    });
}

let settlementSerial = 0;

/** A settlement of the bureau (the period of its discharge). */
export async function settle(db: Db, s: { personId: number; admittedOn: string; dischargedOn: string; selfPolicyFen: number }) {
  const period = await periodOf(db, Number(s.dischargedOn.slice(0, 4)));
  const now = new Date('2026-11-01T00:00:00Z');
  await db.insert(settlements).values({
    settlementNo: `JS-TEST-${++settlementSerial}`,
    personId: s.personId,
    periodId: period.id,
    hospitalName: '中南大学湘雅医院',
    hospitalLevel: '3',
    kind: 'inpatient',
    admittedOn: s.admittedOn,
    dischargedOn: s.dischargedOn,
    settledOn: s.dischargedOn,
    totalFen: s.selfPolicyFen * 3,
    policyFen: s.selfPolicyFen * 2,
    fundFen: s.selfPolicyFen,
    selfPolicyFen: s.selfPolicyFen,
    selfExcludedFen: 0,
    diagnosisCode: 'J18.9',
    diagnosisName: '肺炎',
    createdAt: now,
    updatedAt: now,
  });
}

export async function setPsnType(db: Db, staffId: number, psnType: '1' | '2' | '3' | '4') {
  await db.update(staff).set({ psnType }).where(eq(staff.id, staffId));
}

export async function personByCert(db: Db, certNo: string) {
  const [row] = await db
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.certType, '01'), eq(persons.certNo, certNo)));
  return row.id;
}

export async function staffIdOf(db: Db, unitId: number, personId: number) {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.unitId, unitId), eq(staff.personId, personId)));
  return row.id;
}
