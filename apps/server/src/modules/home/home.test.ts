import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, NOT_INSURED_MESSAGES, OpsPath } from '@hall/shared';
import { makeClaim, makeTreatment, personId } from '../../test/benefit-fixtures';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../../test/harness';
import { makeApplication, makeCoverage, staffOf } from '../../test/payable-fixtures';
import { makeOperator } from '../../test/operator-tools';

/**
 * 首页 statistics over rows written straight into the tables. The clock stands at 2026-11-22
 * (period 2026 in force, 2024 and 2025 closed, 2027 enrolling; no period before 2024).
 *
 * qydw92101 (level 2 under the 92 union lhgh92001): 李华 and a colleague; qydw92102 (the union's
 * other subordinate); lhgh92001's own staff; dlgh99001 (another union): its rows never count.
 */

const LI_HUA = '430102198503150022';
let hall: TestHall;
let unit: string;
let union: string;
let person: string;
let other: string;

const zeroTypes = (over: Record<string, { count: number; amountFen: number }> = {}) =>
  ['major_disease', 'female_disease', 'hospital_allowance', 'hardship', 'manual'].map((type) => ({
    type,
    ...(over[type] ?? { count: 0, amountFen: 0 }),
  }));

beforeAll(async () => {
  hall = await createTestHall();
  const db = hall.db;
  const li = await personId(db, LI_HUA);
  const colleague = (await staffOf(db, 'qydw92101')).find((s) => s.personId !== li)!.personId;
  const sister = (await staffOf(db, 'qydw92102'))[0].personId;
  const own = (await staffOf(db, 'lhgh92001'))[0].personId;
  const stranger = (await staffOf(db, 'dlgh99001'))[0].personId;

  // Treatments. 2026: 李华 paid ¥1,000 and pending ¥500, one without amount; colleague 2025 ¥200 pending; 2024 李华 ¥300 paid.
  await makeTreatment(db, { personId: li, uact: 'qydw92101', year: 2026, amountFen: 100_000, paidFen: 100_000 });
  await makeTreatment(db, { personId: li, uact: 'qydw92101', year: 2026, amountFen: 50_000, dischargedOn: '2026-09-30' });
  await makeTreatment(db, { personId: li, uact: 'qydw92101', year: 2026, amountFen: 0, dischargedOn: '2026-02-01' });
  await makeTreatment(db, { personId: colleague, uact: 'qydw92101', year: 2025, amountFen: 20_000 });
  await makeTreatment(db, { personId: li, uact: 'qydw92101', year: 2024, amountFen: 30_000, paidFen: 30_000, dischargedOn: '2024-12-31' });
  // The union's subordinate and the union itself; another union's.
  await makeTreatment(db, { personId: sister, uact: 'qydw92102', year: 2026, amountFen: 70_000, paidFen: 70_000 });
  await makeTreatment(db, { personId: own, uact: 'lhgh92001', year: 2026, amountFen: 5_000, paidFen: 5_000 });
  await makeTreatment(db, { personId: stranger, uact: 'dlgh99001', year: 2026, amountFen: 999_900, paidFen: 999_900 });

  // Claims: only paid ones count.
  await makeClaim(db, { personId: li, uact: 'qydw92101', year: 2026, type: 'major_disease', state: 'paid', amountFen: 1_500_000 });
  await makeClaim(db, {
    personId: colleague,
    uact: 'qydw92101',
    year: 2026,
    type: 'hospital_allowance',
    state: 'paid',
    amountFen: 150_000,
  });
  await makeClaim(db, { personId: li, uact: 'qydw92101', year: 2026, type: 'hospital_allowance', state: 'approved', amountFen: 300_000 });
  await makeClaim(db, { personId: li, uact: 'qydw92101', year: 2026, type: 'manual', state: 'refused', amountFen: 80_000 });
  // A 2025 stay claimed (and paid) in 2026: it counts for 2025.
  await makeClaim(db, {
    personId: li,
    uact: 'qydw92101',
    year: 2025,
    type: 'hospital_allowance',
    state: 'paid',
    amountFen: 50_000,
    createdAt: new Date('2026-02-10T02:00:00Z'),
  });
  await makeClaim(db, { personId: own, uact: 'lhgh92001', year: 2026, type: 'hardship', state: 'paid', amountFen: 200_000 });
  await makeClaim(db, { personId: stranger, uact: 'dlgh99001', year: 2026, type: 'hardship', state: 'paid', amountFen: 200_000 });

  // Coverages: 李华 2026 (01 × 2 since March; 03 from December: waiting) and 2027 (01); colleague 2026 waiting.
  const paid2026 = await makeApplication(db, {
    uact: 'qydw92101',
    year: 2026,
    state: 'paid',
    lines: [
      { personId: li, productCode: '01', shares: 2 },
      { personId: li, productCode: '03' },
      { personId: colleague, productCode: '01' },
    ],
  });
  await makeCoverage(db, {
    applicationId: paid2026,
    personId: li,
    productCode: '01',
    shares: 2,
    coveredFrom: '2026-03-20',
    uact: 'qydw92101',
    year: 2026,
  });
  await makeCoverage(db, {
    applicationId: paid2026,
    personId: li,
    productCode: '03',
    coveredFrom: '2026-12-10',
    uact: 'qydw92101',
    year: 2026,
  });
  await makeCoverage(db, {
    applicationId: paid2026,
    personId: colleague,
    productCode: '01',
    coveredFrom: '2026-12-01',
    uact: 'qydw92101',
    year: 2026,
  });
  const paid2027 = await makeApplication(db, {
    uact: 'qydw92101',
    year: 2027,
    state: 'paid',
    lines: [{ personId: li, productCode: '01' }],
  });
  await makeCoverage(db, {
    applicationId: paid2027,
    personId: li,
    productCode: '01',
    coveredFrom: '2027-01-01',
    uact: 'qydw92101',
    year: 2027,
  });
  const sister2026 = await makeApplication(db, {
    uact: 'qydw92102',
    year: 2026,
    state: 'paid',
    lines: [{ personId: sister, productCode: '01' }],
  });
  await makeCoverage(db, {
    applicationId: sister2026,
    personId: sister,
    productCode: '01',
    coveredFrom: '2026-04-01',
    uact: 'qydw92102',
    year: 2026,
  });
  const stranger2026 = await makeApplication(db, {
    uact: 'dlgh99001',
    year: 2026,
    state: 'paid',
    lines: [{ personId: stranger, productCode: '01' }],
  });
  await makeCoverage(db, {
    applicationId: stranger2026,
    personId: stranger,
    productCode: '01',
    coveredFrom: '2026-04-01',
    uact: 'dlgh99001',
    year: 2026,
  });

  // Outstanding: qydw92101 one 2026 add (overdue: deadline 2025-12-31) and one 2027 (due by 2026-12-31); a draft does not count.
  await makeApplication(db, {
    uact: 'qydw92101',
    year: 2026,
    state: 'unpaid',
    kind: 'add',
    lines: [{ personId: colleague, productCode: '03' }],
  });
  await makeApplication(db, {
    uact: 'qydw92101',
    year: 2027,
    state: 'unpaid',
    lines: [{ personId: colleague, productCode: '01', shares: 3 }],
  });
  await makeApplication(db, {
    uact: 'qydw92101',
    year: 2027,
    state: 'draft',
    kind: 'add',
    lines: [{ personId: colleague, productCode: '03' }],
  });
  await makeApplication(db, { uact: 'dlgh99001', year: 2027, state: 'unpaid', lines: [{ personId: stranger, productCode: '01' }] });

  unit = (await hall.loginUnit('qydw92101')).data.accessToken;
  union = (await hall.loginUnit('lhgh92001')).data.accessToken;
  person = (await hall.loginPersonal(LI_HUA)).data.accessToken;
  other = (await hall.loginUnit('dlgh99001')).data.accessToken;
});
afterAll(() => hall.close());

describe('homePage/treatDataYear', () => {
  it('a unit: per period year its treatments with an amount, granted and paid; empty years are zero', async () => {
    const answer = await hall.post(ApiPath.treatDataYear, {}, unit);
    expect(answer.code).toBe(0);
    expect(answer.data).toEqual({
      fromYear: 2022,
      toYear: 2026,
      scope: { units: 1 },
      list: [
        { year: 2022, count: 0, amountFen: 0, paidFen: 0 },
        { year: 2023, count: 0, amountFen: 0, paidFen: 0 },
        { year: 2024, count: 1, amountFen: 30_000, paidFen: 30_000 },
        { year: 2025, count: 1, amountFen: 20_000, paidFen: 0 },
        { year: 2026, count: 2, amountFen: 150_000, paidFen: 100_000 },
      ],
    });
  });

  it('a level-1 union: its own rows and its subordinate units’, never another union’s', async () => {
    const d = (await hall.post(ApiPath.treatDataYear, {}, union)).data;
    expect(d.scope).toEqual({ units: 3 });
    expect(d.list.at(-1)).toEqual({ year: 2026, count: 4, amountFen: 225_000, paidFen: 175_000 });
    expect(d.list.at(-2)).toEqual({ year: 2025, count: 1, amountFen: 20_000, paidFen: 0 });
    // The level-2 unit does not see its sister unit's (70,000) nor the union's (5,000).
    expect((await hall.post(ApiPath.treatDataYear, {}, unit)).data.list.at(-1).amountFen).toBe(150_000);
  });

  it('another unit sees only its own', async () => {
    const d = (await hall.post(ApiPath.treatDataYear, {}, other)).data;
    expect(d.list.map((y: { amountFen: number }) => y.amountFen)).toEqual([0, 0, 0, 0, 999_900]);
  });

  it('a person: their own treatments only', async () => {
    const d = (await hall.post(ApiPath.treatDataYear, {}, person)).data;
    expect(d.scope).toEqual({ units: 0 });
    expect(d.list.slice(2)).toEqual([
      { year: 2024, count: 1, amountFen: 30_000, paidFen: 30_000 },
      { year: 2025, count: 0, amountFen: 0, paidFen: 0 },
      { year: 2026, count: 2, amountFen: 150_000, paidFen: 100_000 },
    ]);
  });

  it('takes the last year of the window; a bad year is refused in Chinese', async () => {
    const d = (await hall.post(ApiPath.treatDataYear, { year: 2027 }, unit)).data;
    expect(d.list.map((y: { year: number }) => y.year)).toEqual([2023, 2024, 2025, 2026, 2027]);
    expect(d.list.at(-1)).toEqual({ year: 2027, count: 0, amountFen: 0, paidFen: 0 });
    const early = (await hall.post(ApiPath.treatDataYear, { year: 2020 }, unit)).data;
    expect(early.list.every((y: { count: number; amountFen: number }) => y.count === 0 && y.amountFen === 0)).toBe(true);
    const bad = await hall.post(ApiPath.treatDataYear, { year: 'abc' }, unit);
    expect(bad.code).not.toBe(0);
    expect(bad.message).toMatch(/年度/);
  });
});

describe('homePage/subsidyFrequencyAmount', () => {
  it('a unit: paid claims per year and type with the year totals; unpaid and refused claims do not count', async () => {
    const answer = await hall.post(ApiPath.subsidyFrequencyAmount, {}, unit);
    expect(answer.code).toBe(0);
    const d = answer.data;
    expect(d.types.map((t: { label: string }) => t.label)).toEqual([
      '重大疾病补助',
      '女职工特殊疾病补助',
      '住院生活补助',
      '困难职工补助',
      '手工报销',
    ]);
    expect(d.list.map((y: { year: number }) => y.year)).toEqual([2022, 2023, 2024, 2025, 2026]);
    expect(d.list[0]).toEqual({ year: 2022, count: 0, amountFen: 0, byType: zeroTypes() });
    expect(d.list[3]).toEqual({
      year: 2025,
      count: 1,
      amountFen: 50_000,
      byType: zeroTypes({ hospital_allowance: { count: 1, amountFen: 50_000 } }),
    });
    expect(d.list[4]).toEqual({
      year: 2026,
      count: 2,
      amountFen: 1_650_000,
      byType: zeroTypes({ major_disease: { count: 1, amountFen: 1_500_000 }, hospital_allowance: { count: 1, amountFen: 150_000 } }),
    });
  });

  it('a level-1 union adds its own and its subordinates’; a person sees their own; another unit its own', async () => {
    const u = (await hall.post(ApiPath.subsidyFrequencyAmount, {}, union)).data.list.at(-1);
    expect(u).toMatchObject({ year: 2026, count: 3, amountFen: 1_850_000 });
    expect(u.byType.find((t: { type: string }) => t.type === 'hardship')).toEqual({ type: 'hardship', count: 1, amountFen: 200_000 });
    const p = (await hall.post(ApiPath.subsidyFrequencyAmount, {}, person)).data.list;
    expect(p.at(-1)).toMatchObject({ year: 2026, count: 1, amountFen: 1_500_000 });
    expect(p.at(-2)).toMatchObject({ year: 2025, count: 1, amountFen: 50_000 });
    const o = (await hall.post(ApiPath.subsidyFrequencyAmount, {}, other)).data.list;
    expect(o.map((y: { amountFen: number }) => y.amountFen)).toEqual([0, 0, 0, 0, 200_000]);
  });
});

describe('homePage/keyFigures', () => {
  it('a unit: enrolled this period, outstanding with overdue, its to-do count, benefits paid this year', async () => {
    const answer = await hall.post(ApiPath.homeFigures, {}, unit);
    expect(answer.code).toBe(0);
    const todo = (await hall.post(ApiPath.todoList, {}, unit)).data.list;
    expect(todo.length).toBeGreaterThan(0);
    expect(answer.data).toEqual({
      loginType: 'unit',
      today: '2026-11-22',
      year: 2026,
      periodName: expect.stringContaining('2026'),
      scope: { units: 1 },
      enrolled: { persons: 2, waiting: 1 },
      // 2026 add: 03 × 1 at the 2026 rate; 2027: 01 × 3 at the 2027 rate (the fixtures' amounts).
      outstanding: { count: 2, amountFen: expect.any(Number), overdue: 1 },
      todo: { count: todo.length, urgent: todo.filter((i: { urgent: boolean }) => i.urgent).length },
      benefits: { treatmentPaidFen: 100_000, claimPaidFen: 1_650_000, paidFen: 1_750_000 },
    });
    const payable = (await hall.post(ApiPath.payableList, {}, unit)).data;
    expect(answer.data.outstanding.amountFen).toBe(payable.unpaidFen);
    expect(answer.data.outstanding.overdue).toBe(payable.overdueCount);
  });

  it('a level-1 union: enrolled and benefits of its subordinates too; outstanding and to-do its own', async () => {
    const d = (await hall.post(ApiPath.homeFigures, {}, union)).data;
    expect(d.scope).toEqual({ units: 3 });
    expect(d.enrolled).toEqual({ persons: 3, waiting: 1 });
    expect(d.outstanding).toEqual({ count: 0, amountFen: 0, overdue: 0 });
    expect(d.benefits).toEqual({ treatmentPaidFen: 175_000, claimPaidFen: 1_850_000, paidFen: 2_025_000 });
  });

  it('another unit never counts this unit’s rows', async () => {
    const d = (await hall.post(ApiPath.homeFigures, {}, other)).data;
    expect(d.enrolled).toEqual({ persons: 1, waiting: 0 });
    expect(d.outstanding).toMatchObject({ count: 1, overdue: 0 });
    expect(d.benefits).toEqual({ treatmentPaidFen: 999_900, claimPaidFen: 200_000, paidFen: 1_199_900 });
  });

  it('a person: their cover this period (waiting noted) and next, their benefits this year, their to-do', async () => {
    const answer = await hall.post(ApiPath.homeFigures, {}, person);
    expect(answer.code).toBe(0);
    const d = answer.data;
    const todo = (await hall.post(ApiPath.todoList, {}, person)).data.list;
    expect(d).toMatchObject({ loginType: 'personal', today: '2026-11-22', year: 2026, todo: { count: todo.length } });
    expect(d.current).toMatchObject({ year: 2026, startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(d.current.products).toEqual([
      {
        productCode: '01',
        productName: '住院医疗互助',
        shares: 2,
        coveredFrom: '2026-03-20',
        waiting: false,
        unitName: '长沙市星辰科技有限公司',
      },
      {
        productCode: '03',
        productName: '重大疾病互助',
        shares: 1,
        coveredFrom: '2026-12-10',
        waiting: true,
        unitName: '长沙市星辰科技有限公司',
      },
    ]);
    expect(d.next).toMatchObject({ year: 2027, products: [{ productCode: '01', coveredFrom: '2027-01-01', waiting: true }] });
    expect(d.benefits).toEqual({
      treatmentCount: 2,
      treatmentFen: 150_000,
      treatmentPaidFen: 100_000,
      claimCount: 1,
      claimPaidFen: 1_500_000,
    });
  });

  it('a person without cover: no current or next period, zero benefits', async () => {
    const wang = (await hall.loginPersonal('430103199007120044')).data.accessToken;
    const d = (await hall.post(ApiPath.homeFigures, {}, wang)).data;
    expect(d).toMatchObject({ loginType: 'personal', current: null, next: null });
    expect(d.benefits).toEqual({ treatmentCount: 0, treatmentFen: 0, treatmentPaidFen: 0, claimCount: 0, claimPaidFen: 0 });
  });

  it('after the period ends and before the next begins nothing is "this period"', async () => {
    // 2028 has no period: the year is the calendar year, nothing enrolled, no benefits.
    hall.clock.advance(800 * 86_400_000);
    try {
      const later = (await hall.loginUnit('qydw92101')).data.accessToken;
      const answer = await hall.post(ApiPath.homeFigures, {}, later);
      expect(answer.code).toBe(0);
      const d = answer.data;
      expect(d).toMatchObject({ year: 2029, periodName: null, enrolled: { persons: 0, waiting: 0 } });
      expect(d.benefits.paidFen).toBe(0);
    } finally {
      hall.clock.advance(-800 * 86_400_000);
    }
  });
});

describe('who may call', () => {
  it('an operator session is refused: these calls are for units and people', async () => {
    await makeOperator(hall, {
      login: 'zhao.min',
      name: '赵敏',
      password: 'Passw0rd!2026',
      role: ['admin', 'reviewer', 'finance', 'data'],
    });
    const login = await hall.post(OpsPath.opsLogin, {
      username: 'zhao.min',
      password: 'Passw0rd!2026',
      captchaId: await hall.captcha(),
      captchaCode: TEST_CAPTCHA,
    });
    expect(login.code).toBe(0);
    for (const path of [ApiPath.treatDataYear, ApiPath.subsidyFrequencyAmount, ApiPath.homeFigures]) {
      const answer = await hall.post(path, {}, login.data.accessToken);
      expect(answer.code, path).not.toBe(0);
      expect(answer.data, path).toBeUndefined();
    }
  });

  it.each([ApiPath.treatDataYear, ApiPath.subsidyFrequencyAmount, ApiPath.homeFigures])(
    '%s refuses no session and an uninsured caller',
    async (path) => {
      expect((await hall.post(path, {})).code).not.toBe(0);
      const uninsured = (await hall.loginUnit('qydw92102')).data.accessToken;
      const refused = await hall.post(path, {}, uninsured);
      expect(refused.code).toBe(1);
      expect(refused.message).toBe(NOT_INSURED_MESSAGES.unit);
      const uninsuredPerson = (await hall.loginPersonal('430105199211080011')).data.accessToken;
      expect((await hall.post(path, {}, uninsuredPerson)).message).toBe(NOT_INSURED_MESSAGES.personal);
    },
  );
});
