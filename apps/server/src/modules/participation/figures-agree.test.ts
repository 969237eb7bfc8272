import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, FeaturePath } from '@hall/shared';
import { seedDemoBusiness } from '../../db/seed/demo-business';
import { DEMO_ROSTERS } from '../../db/seed/demo-staff';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { figuresOf, unitFigures } from './unit-figures.repository';
import { createTestHall, type TestHall } from '../../test/harness';

/**
 * One definition of each figure (unit-figures.repository, docs/decisions.md, "One definition of each figure"): on the demo city
 * (transfers between units, 增员 still waiting or unpaid, leavers, a returned and a submitted
 * application next year) /Home, /participation and the unit's 互助档案 give a unit the same
 * 本期参保人数 and 等待期, and a returned application (已退回) is not declared. The clock stands at
 * 2026-11-22: period 2026 in force, 2027 enrolling.
 */

let hall: TestHall;
const tokens = new Map<string, string>();
const token = async (uact: string) => {
  if (!tokens.has(uact)) tokens.set(uact, (await hall.loginUnit(uact)).data.accessToken);
  return tokens.get(uact)!;
};

beforeAll(async () => {
  hall = await createTestHall();
  await seedDemoBusiness(hall.db, hall.clock, '长沙市');
  // The demo business is the slowest seed (and its writes keep the participation summaries).
}, 180_000);
afterAll(() => hall.close());

interface Totals {
  enrolled: number;
  insured: number;
  covered: number;
  waiting: number;
  dueFen: number;
  paidFen: number;
}

async function pages(uact: string) {
  const t = await token(uact);
  const [home, participation, archive] = await Promise.all([
    hall.post(ApiPath.homeFigures, {}, t),
    hall.post(ApiPath.joinMedSituationTotal, {}, t),
    hall.post(FeaturePath.archiveUnit, {}, t),
  ]);
  for (const a of [home, participation, archive]) expect(a.code, `${uact}: ${a.message}`).toBe(0);
  return { home: home.data, participation: participation.data, archive: archive.data };
}

describe('the figures of /Home, /participation and the archive', () => {
  it('agree for every unit with staff: 本期参保人数, 等待期, 应缴 and 已缴', async () => {
    for (const uact of Object.keys(DEMO_ROSTERS)) {
      const { home, participation, archive } = await pages(uact);
      const own: Totals = participation.totals;
      const year = archive.years.find((y: { year: number }) => y.year === 2026);
      expect(participation.year).toBe(2026);
      expect(own.insured, uact).toBe(own.covered + own.waiting);
      expect(year.headcount, `${uact}: archive`).toBe(own.insured);
      expect(year.paidFen, `${uact}: archive`).toBe(own.paidFen);
      expect(year.outstandingFen, `${uact}: archive`).toBe(own.dueFen);
      // A union's home counts its subordinate units too (once a person); the demo has no
      // transfer inside one union, so it is the sum of the union's rows on /participation.
      const rows: Totals[] = [own, ...participation.subordinates];
      expect(home.enrolled.persons, `${uact}: home`).toBe(rows.reduce((s, r) => s + r.insured, 0));
      expect(home.enrolled.waiting, `${uact}: home`).toBe(rows.reduce((s, r) => s + r.waiting, 0));
    }
  });

  it('count at the old unit a person whose cover a confirmed transfer moved away', async () => {
    // 星辰科技's first covered staff member moved to 建工集团分会 this year (db/seed/demo-personal.ts).
    const { home, participation, archive } = await pages('qydw92101');
    // Its generated roster of 1,500 (two of whom left: 减员, covered to the period's end) and 李华's
    // 增员; the one moved away still counts here (and at the new unit).
    expect(participation.totals.insured).toBe(1500 + 1);
    expect(home.enrolled.persons).toBe(1501);
    expect(archive.years.find((y: { year: number }) => y.year === 2026).headcount).toBe(1501);
  });

  it('do not count a returned application as declared', async () => {
    // 2027 at 星辰科技: 150 people on a returned application, 300 on a submitted one.
    const next = (await hall.post(ApiPath.joinMedSituationTotal, { year: 2027 }, await token('qydw92101'))).data;
    expect(next.totals.enrolled).toBe(300);
    const union = (await hall.post(ApiPath.joinMedSituationTotal, { year: 2027 }, await token('lhgh92001'))).data;
    expect(union.subordinates.find((s: { uact: string }) => s.uact === 'qydw92101').enrolled).toBe(300);
  });

  it('on /participation are unitFigures by product (the unit) and by unit (the unit and its subordinates), read in one statement', async () => {
    const ids = new Map(
      rowsOf<{ id: number; uact: string }>(await hall.db.execute(sql`select id, uact from units`)).map((u) => [u.uact, Number(u.id)]),
    );
    const [period] = rowsOf<{ id: number }>(await hall.db.execute(sql`select id from periods where year = 2026`));
    const today = '2026-11-22';
    const page = ({ enrolled, insured, covered, waiting, dueFen, paidFen }: Totals) => ({
      declared: enrolled,
      insured,
      covered,
      waiting,
      dueFen,
      paidFen,
    });
    let compared = 0;
    for (const uact of Object.keys(DEMO_ROSTERS)) {
      const { participation } = await pages(uact);
      const unitId = ids.get(uact)!;
      const byProduct = await unitFigures(hall.db, { unitIds: [unitId], periodIds: [period.id], today, by: ['product'] });
      for (const p of participation.products) {
        expect(page(p), `${uact} ${p.code}`).toEqual(figuresOf(byProduct.find((r) => r.productCode === p.code)));
        compared += p.insured;
      }
      const scope = [participation.totals, ...participation.subordinates];
      const uacts = [uact, ...participation.subordinates.map((s: { uact: string }) => s.uact)];
      const byUnit = await unitFigures(hall.db, { unitIds: uacts.map((u) => ids.get(u)!), periodIds: [period.id], today, by: ['unit'] });
      for (const [i, u] of uacts.entries()) {
        expect(page(scope[i]), `${uact}: ${u}`).toEqual(figuresOf(byUnit.find((r) => r.unitId === ids.get(u))));
      }
    }
    // Not an agreement of empty pages.
    expect(compared).toBeGreaterThan(1000);
  });
});
