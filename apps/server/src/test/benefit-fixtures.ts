import { eq } from 'drizzle-orm';
import type { ClaimType } from '@hall/shared';
import type { Db } from '../db/client';
import { claims, persons, settlements, treatments } from '../db/schema';
import { periodOf, unitId } from './payable-fixtures';

/**
 * Treatments and claims in any state, written straight into the tables for the tests that read
 * them (home statistics): the settlement load and the claim pages are other modules'; these tests
 * need the rows, not those paths.
 */

const AT = new Date('2026-11-20T02:00:00Z');
let serial = 0;

export async function personId(db: Db, certNo: string) {
  const [row] = await db.select({ id: persons.id }).from(persons).where(eq(persons.certNo, certNo));
  return row.id;
}

/** A treatment (with the settlement it derives from) of a person in a unit, discharged on a day of the year's period. */
export async function makeTreatment(
  db: Db,
  t: { personId: number; uact: string; year: number; amountFen: number; paidFen?: number; productCode?: string; dischargedOn?: string },
) {
  const period = await periodOf(db, t.year);
  const dischargedOn = t.dischargedOn ?? `${t.year}-06-15`;
  const no = `JS${t.year}${String(++serial).padStart(8, '0')}`;
  const [s] = await db
    .insert(settlements)
    .values({
      settlementNo: no,
      personId: t.personId,
      periodId: period.id,
      hospitalName: '长沙市第一医院',
      hospitalLevel: '3',
      kind: 'inpatient',
      admittedOn: dischargedOn,
      dischargedOn,
      settledOn: dischargedOn,
      totalFen: t.amountFen * 3,
      policyFen: t.amountFen * 2,
      fundFen: t.amountFen,
      selfPolicyFen: t.amountFen,
      selfExcludedFen: 0,
      diagnosisCode: 'J18.9',
      diagnosisName: '肺炎',
      createdAt: AT,
      updatedAt: AT,
    })
    .returning({ id: settlements.id });
  const paidFen = t.paidFen ?? 0;
  const state = t.amountFen === 0 ? 'none' : paidFen === t.amountFen ? 'paid' : 'pending';
  const [row] = await db
    .insert(treatments)
    .values({
      settlementId: s.id,
      personId: t.personId,
      unitId: await unitId(db, t.uact),
      periodId: period.id,
      productCode: t.productCode ?? '01',
      dischargedOn,
      hospitalName: '长沙市第一医院',
      baseFen: t.amountFen,
      amountFen: t.amountFen,
      paidFen,
      state,
      reason: t.amountFen === 0 ? '未超过起付线' : null,
      computedAt: AT,
      paidAt: state === 'paid' ? AT : null,
    })
    .returning({ id: treatments.id });
  return row.id;
}

/** A claim of a person in a unit for the year's period, in a state. */
export async function makeClaim(
  db: Db,
  c: {
    personId: number;
    uact: string;
    year: number;
    type: ClaimType;
    state: 'draft' | 'unit_review' | 'city_review' | 'approved' | 'paid' | 'refused';
    amountFen: number;
    productCode?: string;
    createdAt?: Date;
  },
) {
  const period = await periodOf(db, c.year);
  const id = ++serial;
  // A distinct stay per claim (one benefit per stay and type); hardship claims have none.
  const stay = c.type === 'hardship' ? null : `${c.year}-0${1 + (id % 9)}-${String(1 + (id % 28)).padStart(2, '0')}`;
  const createdAt = c.createdAt ?? new Date(`${c.year}-10-01T02:00:00Z`);
  const [row] = await db
    .insert(claims)
    .values({
      // Numbered as the service numbers a claim, by its row id (claimOf reads the id back from it);
      // a placeholder first, since the id is known only after the insert.
      claimNo: `fixture-${id}`,
      type: c.type,
      state: c.state,
      personId: c.personId,
      unitId: await unitId(db, c.uact),
      periodId: period.id,
      productCode: c.productCode ?? (c.type === 'major_disease' ? '03' : c.type === 'female_disease' ? '02' : '01'),
      filedBy: 'unit',
      admittedOn: stay,
      dischargedOn: stay,
      hospitalName: stay ? '长沙市第一医院' : null,
      amountFen: c.amountFen,
      createdAt,
      submittedAt: c.state === 'draft' ? null : createdAt,
      decidedAt: c.state === 'approved' || c.state === 'paid' ? createdAt : null,
      paidAt: c.state === 'paid' ? createdAt : null,
      updatedAt: createdAt,
    })
    .returning({ id: claims.id });
  await db
    .update(claims)
    .set({ claimNo: `BZ${c.year}${String(row.id).padStart(6, '0')}` })
    .where(eq(claims.id, row.id));
  return row.id;
}
