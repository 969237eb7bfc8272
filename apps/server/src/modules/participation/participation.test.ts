import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, maskCertNo } from '@hall/shared';
import { createTestHall, type TestHall } from '../../test/harness';
import { makeApplication, staffOf } from '../../test/payable-fixtures';
import { confirmPayment } from '../operator/payment.service';

let hall: TestHall;
let token: string;
let people: Awaited<ReturnType<typeof staffOf>>;

beforeAll(async () => {
  hall = await createTestHall();
  token = (await hall.loginUnit('qydw92101')).data.accessToken;
  people = await staffOf(hall.db, 'qydw92101');
  // 2026 (in force): people[0] covered by 01 since 2026-03-20 (paid 2025-12-20, 90 waiting days); people[1] paid in November, waiting until February.
  const early = await makeApplication(hall.db, {
    uact: 'qydw92101',
    year: 2026,
    state: 'unpaid',
    lines: [
      { personId: people[0].personId, productCode: '01', shares: 2 },
      { personId: people[0].personId, productCode: '03' },
    ],
  });
  hall.clock.advance(-330 * 86_400_000);
  await confirmPayment(hall.app.hall, 'op', { application: String(early), amount: '180', paidOn: '2025-12-20', voucherNo: 'P-1' });
  hall.clock.advance(330 * 86_400_000);
  const late = await makeApplication(hall.db, {
    uact: 'qydw92101',
    year: 2026,
    state: 'unpaid',
    kind: 'add',
    lines: [{ personId: people[1].personId, productCode: '01' }],
  });
  await confirmPayment(hall.app.hall, 'op', { application: String(late), amount: '60', paidOn: '2026-11-20', voucherNo: 'P-2' });
  // Declared, not paid yet.
  await makeApplication(hall.db, {
    uact: 'qydw92101',
    year: 2026,
    state: 'unpaid',
    kind: 'add',
    lines: [{ personId: people[2].personId, productCode: '03', shares: 2 }],
  });
  // A returned application (已退回: back with the unit to correct) is not declared.
  await makeApplication(hall.db, {
    uact: 'qydw92101',
    year: 2026,
    state: 'returned',
    kind: 'add',
    lines: [{ personId: people[4].personId, productCode: '01', shares: 3 }],
  });
  // A draft does not count; nor does another unit.
  await makeApplication(hall.db, {
    uact: 'qydw92101',
    year: 2026,
    state: 'draft',
    kind: 'add',
    lines: [{ personId: people[3].personId, productCode: '01' }],
  });
  const other = await staffOf(hall.db, 'dlgh99001');
  await makeApplication(hall.db, {
    uact: 'dlgh99001',
    year: 2026,
    state: 'unpaid',
    lines: [{ personId: other[0].personId, productCode: '01' }],
  });
});
afterAll(() => hall.close());

describe('StaffInfo/queryJoinMedSituationTotal', () => {
  it('counts per product: declared (not returned), insured = covered + waiting, due and paid; the period in force by default', async () => {
    const answer = await hall.post(ApiPath.joinMedSituationTotal, {}, token);
    expect(answer.code).toBe(0);
    const d = answer.data;
    expect(d).toMatchObject({ year: 2026, startDate: '2026-01-01', today: '2026-11-22', subordinates: [] });
    expect(d.periods.map((p: { year: number }) => p.year)).toEqual([2027, 2026, 2025, 2024]);
    expect(d.products).toEqual([
      { code: '01', name: '住院医疗互助', enrolled: 2, insured: 2, covered: 1, waiting: 1, dueFen: 0, paidFen: 18000 },
      { code: '02', name: '女职工特殊疾病互助', enrolled: 0, insured: 0, covered: 0, waiting: 0, dueFen: 0, paidFen: 0 },
      { code: '03', name: '重大疾病互助', enrolled: 2, insured: 1, covered: 1, waiting: 0, dueFen: 12000, paidFen: 6000 },
    ]);
    expect(d.totals).toEqual({ staff: people.length, enrolled: 3, insured: 2, covered: 1, waiting: 1, dueFen: 12000, paidFen: 24000 });
    const y2027 = await hall.post(ApiPath.joinMedSituationTotal, { year: 2027 }, token);
    expect(y2027.data.totals).toMatchObject({ enrolled: 0, covered: 0 });
    expect((await hall.post(ApiPath.joinMedSituationTotal, { year: 2031 }, token)).message).toBe('2031年度互助期不存在，请选择其他年度');
  });

  it('a level-1 union sees one row of totals per subordinate unit', async () => {
    const union = (await hall.loginUnit('lhgh92001')).data.accessToken;
    const d = (await hall.post(ApiPath.joinMedSituationTotal, {}, union)).data;
    expect(d.subordinates).toEqual([
      {
        uact: 'qydw92101',
        empName: '长沙市星辰科技有限公司',
        staff: people.length,
        enrolled: 3,
        insured: 2,
        covered: 1,
        waiting: 1,
        dueFen: 12000,
        paidFen: 24000,
      },
      {
        uact: 'qydw92102',
        empName: '长沙市远航物流有限公司',
        staff: (await staffOf(hall.db, 'qydw92102')).length,
        enrolled: 0,
        insured: 0,
        covered: 0,
        waiting: 0,
        dueFen: 0,
        paidFen: 0,
      },
    ]);
    expect(d.totals).toMatchObject({ staff: (await staffOf(hall.db, 'lhgh92001')).length, enrolled: 0 });
    const level2 = (await hall.post(ApiPath.joinMedSituationTotal, {}, token)).data;
    expect(level2.subordinates).toEqual([]);
  });
});

describe('the person list and its export', () => {
  it('lists staff × products they may join, with state and cover date, filtered and paged', async () => {
    const all = await hall.post(ApiPath.joinMedSituationList, { pageNum: 1, pageSize: 100 }, token);
    expect(all.code).toBe(0);
    const women = people.filter((p) => p.gender === '2').length;
    expect(all.data.totlCnt).toBe(people.length * 2 + women);
    // ID numbers are masked in the list (as on the staff page); rows are told apart by name too.
    expect(all.data.list.some((r: { certNo: string }) => people.some((p) => p.certNo === r.certNo))).toBe(false);
    const of = (i: number, code: string) =>
      all.data.list.find(
        (r: { certNo: string; name: string; productCode: string }) =>
          r.certNo === maskCertNo(people[i].certNo) && r.name === people[i].name && r.productCode === code,
      );
    // A new joiner who paid on 2025-12-20 waited 90 days.
    expect(of(0, '01')).toMatchObject({ state: 'covered', stateLabel: '已参保', coveredFrom: '2026-03-20', shares: 2 });
    expect(of(1, '01')).toMatchObject({ state: 'waiting', stateLabel: '等待期', coveredFrom: '2027-02-18' });
    expect(of(2, '03')).toMatchObject({ state: 'declared', coveredFrom: null, shares: 2 });
    expect(of(3, '01')).toMatchObject({ state: 'none', stateLabel: '未参保', shares: null });
    // On a returned application only: not declared.
    expect(of(4, '01')).toMatchObject({ state: 'none', shares: null });

    const covered = await hall.post(ApiPath.joinMedSituationList, { state: 'covered' }, token);
    expect(covered.data.list.map((r: { certNo: string }) => r.certNo)).toEqual([
      maskCertNo(people[0].certNo),
      maskCertNo(people[0].certNo),
    ]);
    const byName = await hall.post(ApiPath.joinMedSituationList, { name: people[1].name.slice(1), productCode: '01' }, token);
    expect(
      byName.data.list.every(
        (r: { name: string; productCode: string }) => r.name.includes(people[1].name.slice(1)) && r.productCode === '01',
      ),
    ).toBe(true);
    const byCert = await hall.post(ApiPath.joinMedSituationList, { certNo: people[2].certNo.slice(0, 14) }, token);
    expect(byCert.data.totlCnt).toBeGreaterThan(0);
    expect(
      byCert.data.list.every(
        (r: { certNo: string; name: string }) => r.certNo === maskCertNo(people[2].certNo) && r.name === people[2].name,
      ),
    ).toBe(true);
    const page2 = await hall.post(ApiPath.joinMedSituationList, { pageNum: 2, pageSize: 5 }, token);
    expect(page2.data.list).toEqual(all.data.list.slice(5, 10));
    expect((await hall.post(ApiPath.joinMedSituationList, { state: 'lost' }, token)).code).toBe(1);
    expect((await hall.post(ApiPath.joinMedSituationList, { name: '%' }, token)).data.totlCnt).toBe(0);
  });

  it('never shows another unit’s people', async () => {
    const other = await staffOf(hall.db, 'dlgh99001');
    const answer = await hall.post(ApiPath.joinMedSituationList, { certNo: other[0].certNo }, token);
    expect(answer.data.totlCnt).toBe(0);
  });

  it('exports the filtered rows to Excel', async () => {
    const file = await hall.download(ApiPath.joinMedSituationExport, { state: 'waiting' }, token);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain('filename*=UTF-8');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as never);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('2026年度参保情况');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '姓名',
      '身份证号码',
      '性别',
      '人员类别',
      '互助项目',
      '份数',
      '参保状态',
      '保障起始日期',
      '备注',
    ]);
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(
      [
        people[1].name,
        maskCertNo(people[1].certNo),
        people[1].gender === '1' ? '男' : '女',
        '在职职工',
        '住院医疗互助',
        1,
        '等待期',
        new Date('2027-02-18T00:00:00Z'),
        '',
      ].slice(0, 8),
    );
    const whole = await hall.download(ApiPath.joinMedSituationExport, {}, token, true);
    const all = new ExcelJS.Workbook();
    await all.xlsx.load(whole.bytes as never);
    expect(all.worksheets[0].rowCount).toBe(1 + people.length * 2 + people.filter((p) => p.gender === '2').length);
  });

  it('refuses the not-insured unit', async () => {
    const uninsured = (await hall.loginUnit('qydw92102')).data.accessToken;
    expect((await hall.post(ApiPath.joinMedSituationList, {}, uninsured)).code).toBe(1);
    const file = await hall.download(ApiPath.joinMedSituationExport, {}, uninsured);
    expect(file.answer?.code).toBe(1);
  });
});
