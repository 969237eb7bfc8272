import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BenefitPath, Code, NOT_INSURED_MESSAGES } from '@hall/shared';
import { auditLog } from '../../db/schema';
import { createTestHall, type TestHall } from '../../test/harness';
import { staffOf } from '../../test/payable-fixtures';
import { coverPerson, fileOf, setBankCard, settlementCsv, type StayLine } from '../../test/settlement-fixtures';
import { payTreatments } from '../settlement/payout.service';
import { loadSettlements } from '../settlement/settlement.service';
import { NOT_FOUND } from './treatment.service';

/**
 * 互助待遇查询 over HTTP: a unit sees its staff's treatments, a person their own; filters, totals,
 * keyset pages, the detail with how the amount was computed, the export; another unit's or
 * another person's id answers like a missing one.
 */

let hall: TestHall;
let unitToken: string;
let otherUnitToken: string;
let liToken: string;
let wangToken: string;
const ids: Record<string, string> = {};
const LI = '430102198503150022';
const WANG = '430103199007120044';
let many: { personId: number; certNo: string; name: string };

type Row = { id: string; key: string; name: string; certNo: string; hospitalName: string; dischargedOn: string; amountFen: number };

const idOf = async (no: string) =>
  String(
    (
      (await hall.db.execute(
        sql`select t.id from treatments t join settlements s on s.id = t.settlement_id where s.settlement_no = ${no}`,
      )) as unknown as { rows: Array<{ id: string | number }> }
    ).rows[0].id,
  );

/** A workbook's cell values, row by row (exceljs: numbers and dates as such). */
async function tableOf(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as never);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  hall = await createTestHall();
  const people = await staffOf(hall.db, 'qydw92101');
  const li = people.find((p) => p.name === '李华')!;
  many = people.find((p) => p.name !== '李华')!;
  const wang = (await staffOf(hall.db, 'fhgh93101')).find((p) => p.name === '王芳')!;
  for (const year of [2025, 2026]) await coverPerson(hall.db, { uact: 'qydw92101', year, personId: li.personId });
  await coverPerson(hall.db, { uact: 'qydw92101', year: 2026, personId: many.personId, shares: 2 });
  await coverPerson(hall.db, { uact: 'fhgh93101', year: 2026, personId: wang.personId });
  await setBankCard(hall.db, li.personId, '6222020200112233445');
  const lines: StayLine[] = [
    { no: 'LI-2025', certNo: LI, admitted: '2025-03-01', discharged: '2025-03-10', selfPolicy: '6000', hospital: '湖南省人民医院' },
    {
      no: 'LI-2026',
      certNo: LI,
      admitted: '2026-04-01',
      discharged: '2026-04-12',
      selfPolicy: '12000',
      code: 'I21.900',
      diagnosis: '急性心肌梗死',
      level: '三级',
    },
    { no: 'WANG-2026', certNo: WANG, admitted: '2026-05-01', discharged: '2026-05-06', selfPolicy: '3000' },
  ];
  // 24 stays of one person, a day apart: enough for pages of 10.
  for (let i = 0; i < 24; i++) {
    const day = `2026-${String(1 + Math.floor(i / 3)).padStart(2, '0')}-${String(3 + (i % 3) * 9).padStart(2, '0')}`;
    lines.push({
      no: `MANY-${i}`,
      certNo: many.certNo,
      admitted: day,
      discharged: day,
      selfPolicy: String(500 + i * 100),
      hospital: `长沙市第${i % 2 ? '一' : '三'}医院`,
    });
  }
  await loadSettlements(hall.app.hall, '赵敏', fileOf('结算.csv', settlementCsv(lines)));
  await payTreatments(hall.app.hall, '赵敏', { year: 2025 });
  for (const no of ['LI-2025', 'LI-2026', 'WANG-2026', 'MANY-0']) ids[no] = await idOf(no);
  unitToken = (await hall.loginUnit('qydw92101')).data.accessToken;
  otherUnitToken = (await hall.loginUnit('fhgh93101')).data.accessToken;
  liToken = (await hall.loginPersonal(LI)).data.accessToken;
  wangToken = (await hall.loginPersonal(WANG)).data.accessToken;
});
afterAll(() => hall.close());

const page = (body: Record<string, unknown> = {}, token = unitToken) => hall.post(BenefitPath.treatmentPage, body, token);
const personal = (body: Record<string, unknown> = {}, token = liToken) => hall.post(BenefitPath.treatmentPersonalPage, body, token);

describe('who may call', () => {
  it('unit calls: a unit with active insurance only; personal calls: a person only', async () => {
    const uninsured = (await hall.loginUnit('qydw92102')).data.accessToken;
    expect(await page({}, uninsured)).toMatchObject({ code: Code.FAIL, message: NOT_INSURED_MESSAGES.unit });
    expect((await hall.post(BenefitPath.treatmentDetail, { id: ids['LI-2026'] }, uninsured)).message).toBe(NOT_INSURED_MESSAGES.unit);
    expect((await page({}, liToken)).message).toBe('该功能仅限单位用户使用');
    expect((await hall.post(BenefitPath.treatmentDetail, { id: ids['LI-2026'] }, liToken)).message).toBe('该功能仅限单位用户使用');
    expect((await personal({}, unitToken)).message).toBe('该功能仅限个人用户使用');
    expect((await hall.post(BenefitPath.treatmentPersonalDetail, { id: ids['LI-2026'] }, unitToken)).message).toBe(
      '该功能仅限个人用户使用',
    );
    expect((await page({})).code).toBe(0);
    expect((await hall.post(BenefitPath.treatmentPage, {})).code).toBe(Code.NO_TOKEN);
    expect((await hall.download(BenefitPath.treatmentExport, {}, liToken)).answer?.message).toBe('该功能仅限单位用户使用');
    expect((await hall.download(BenefitPath.treatmentPersonalExport, {}, unitToken)).answer?.message).toBe('该功能仅限个人用户使用');
  });

  it('a person without insurance still sees their (empty) list: the personal page has no needInsured', async () => {
    const liu = (await hall.loginPersonal('430105199211080011')).data.accessToken;
    expect(await personal({}, liu)).toMatchObject({ code: 0, data: { totlCnt: 0, list: [], totals: { count: 0, amountFen: 0 } } });
  });
});

describe('the unit’s list', () => {
  it('lists its own staff’s treatments only, newest discharge first, ID numbers masked, with totals', async () => {
    const res = await page({ pageSize: 50 });
    expect(res.code).toBe(0);
    const list = res.data.list as Row[];
    expect(res.data.totlCnt).toBe(26);
    expect(list.map((r) => r.id)).not.toContain(ids['WANG-2026']);
    expect(list.map((r) => r.dischargedOn)).toEqual([...list.map((r) => r.dischargedOn)].sort().reverse());
    const li = list.find((r) => r.id === ids['LI-2026'])!;
    expect(li).toMatchObject({
      name: '李华',
      certNo: '4301**********0022',
      year: 2026,
      productCode: '01',
      productName: '住院医疗互助',
      kind: 'inpatient',
      kindLabel: '住院',
      selfPolicyFen: 1_200_000,
      baseFen: 1_100_000,
      // 5,000 × 45 % + 5,000 × 50 % + 1,000 × 55 %.
      amountFen: 530_000,
      paidFen: 0,
      dueFen: 530_000,
      state: 'pending',
      stateLabel: '待发放',
      key: `2026-04-12_${ids['LI-2026']}`,
    });
    expect(list.find((r) => r.id === ids['LI-2025'])).toMatchObject({ state: 'paid', paidFen: 225_000, paidOn: '2026-11-22' });
    const sum = list.reduce((s, r) => s + r.amountFen, 0);
    expect(res.data.totals).toMatchObject({ count: 26, amountFen: sum, paidFen: 225_000, pendingFen: sum - 225_000 });
    expect(JSON.stringify(res.data)).not.toContain(LI);
  });

  it('answers the totals only when asked: a later page of the same filter has the count and rows, totals null', async () => {
    const first = (await page({ pageSize: 10, hospital: '第一' })).data;
    expect(first.totals).toMatchObject({ count: 12 });
    const next = (await page({ pageSize: 10, hospital: '第一', pageNum: 2, afterKey: first.list[9].key, withTotals: false })).data;
    expect(next).toMatchObject({ totlCnt: 12, pageNum: 2, totals: null });
    expect(next.list).toHaveLength(2);
    expect(next.list.map((r: Row) => r.id)).not.toContain(first.list[0].id);
  });

  it('another unit sees none of them', async () => {
    const res = await page({}, otherUnitToken);
    expect(res.data.list.map((r: Row) => r.id)).toEqual([ids['WANG-2026']]);
  });

  it('filters by name, ID number, hospital, discharge dates, year, product and state; totals follow the filter', async () => {
    const names = async (body: Record<string, unknown>) => (await page({ pageSize: 50, ...body })).data;
    expect((await names({ name: '李' })).list.map((r: Row) => r.id).sort()).toEqual([ids['LI-2025'], ids['LI-2026']].sort());
    expect((await names({ certNo: LI.toLowerCase() })).totlCnt).toBe(2);
    expect((await names({ certNo: WANG })).totlCnt).toBe(0);
    expect((await names({ hospital: '第一' })).totlCnt).toBe(12);
    expect((await names({ hospital: '%' })).totlCnt).toBe(0);
    expect((await names({ dischargedFrom: '2026-04-01', dischargedTo: '2026-04-30' })).totlCnt).toBe(4);
    const y2025 = await names({ year: 2025 });
    expect(y2025.totals).toEqual({ count: 1, amountFen: 225_000, paidFen: 225_000, pendingFen: 0 });
    expect((await names({ year: '', state: '', productCode: '' })).totlCnt).toBe(26);
    expect((await names({ state: 'paid' })).totlCnt).toBe(1);
    expect((await names({ productCode: '03' })).totlCnt).toBe(0);
    expect((await page({ state: 'done' })).code).toBe(Code.FAIL);
    expect((await page({ dischargedFrom: '2026-13-01' })).message).toBe('请输入正确的出院开始日期');
  });

  it('pages by keyset both ways; the last page is read from the other end', async () => {
    const first = await page({ pageSize: 10 });
    const walk: Row[] = (await page({ pageSize: 50 })).data.list;
    expect(first.data.list.map((r: Row) => r.id)).toEqual(walk.slice(0, 10).map((r) => r.id));
    const second = await page({ pageSize: 10, pageNum: 2, afterKey: first.data.list[9].key });
    expect(second.data.list.map((r: Row) => r.id)).toEqual(walk.slice(10, 20).map((r) => r.id));
    const back = await page({ pageSize: 10, pageNum: 1, beforeKey: second.data.list[0].key });
    expect(back.data.list.map((r: Row) => r.id)).toEqual(walk.slice(0, 10).map((r) => r.id));
    const last = await page({ pageSize: 10, pageNum: 3 });
    expect(last.data.list.map((r: Row) => r.id)).toEqual(walk.slice(20).map((r) => r.id));
    expect((await page({ pageSize: 10, pageNum: 99 })).data.pageNum).toBe(3);
    expect((await page({ afterKey: 'x' })).message).toBe('翻页参数有误，请回到第一页');
  });
});

describe('the detail', () => {
  it('shows the settlement’s figures and how the amount was computed', async () => {
    const res = await hall.post(BenefitPath.treatmentDetail, { id: ids['LI-2026'] }, unitToken);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      id: ids['LI-2026'],
      certNo: '4301**********0022',
      unitName: (
        (await hall.db.execute(sql`select emp_name from units where uact = 'qydw92101'`)) as unknown as {
          rows: Array<{ emp_name: string }>;
        }
      ).rows[0].emp_name,
      settlement: {
        settlementNo: 'LI-2026',
        hospitalLevel: '3',
        hospitalLevelLabel: '三级',
        totalFen: 4_850_000,
        policyFen: 4_800_000,
        fundFen: 3_600_000,
        selfPolicyFen: 1_200_000,
        selfExcludedFen: 50_000,
        diagnosisCode: 'I21.900',
        diagnosisName: '急性心肌梗死',
        reversed: false,
        version: 1,
      },
      computation: {
        shares: 1,
        coveredFrom: '2026-01-01',
        deductibleFen: 100_000,
        capFen: 3_000_000,
        cumulativeBeforeFen: 0,
        bandedFen: 530_000,
      },
      batchNo: null,
    });
    expect(res.data.computation.bands.slice(0, 4)).toEqual([
      { fromFen: 0, uptoFen: 500_000, ratioPct: 45, partFen: 500_000, amountFen: 225_000 },
      { fromFen: 500_000, uptoFen: 1_000_000, ratioPct: 50, partFen: 500_000, amountFen: 250_000 },
      { fromFen: 1_000_000, uptoFen: 2_000_000, ratioPct: 55, partFen: 100_000, amountFen: 55_000 },
      { fromFen: 2_000_000, uptoFen: 3_000_000, ratioPct: 60, partFen: 0, amountFen: 0 },
    ]);
  });

  it('counts the year’s self-pay before the stay and multiplies by the shares', async () => {
    const detail = async (no: string) => (await hall.post(BenefitPath.treatmentDetail, { id: await idOf(no) }, unitToken)).data;
    // Before MANY-5: 500 + 600 + 700 + 800 + 900 = 3,500 of self-pay, less the 1,000 deductible.
    const d = await detail('MANY-5');
    expect(d).toMatchObject({ baseFen: 100_000, amountFen: 90_000 });
    expect(d.computation).toMatchObject({ shares: 2, cumulativeBeforeFen: 250_000, capFen: 6_000_000, bandedFen: 90_000 });
    // 1,000 within the first band: × 45 % × 2 shares.
    expect(d.computation.bands[0]).toEqual({ fromFen: 0, uptoFen: 500_000, ratioPct: 45, partFen: 100_000, amountFen: 90_000 });
    expect((await detail('MANY-0')).reason).toBe('未超过年度起付线（1,000.00元）');
  });

  it('another unit’s id, another person’s id and an unknown id answer like a missing one; probes are audited', async () => {
    for (const [path, id, token] of [
      [BenefitPath.treatmentDetail, ids['WANG-2026'], unitToken],
      [BenefitPath.treatmentDetail, ids['LI-2026'], otherUnitToken],
      [BenefitPath.treatmentPersonalDetail, ids['WANG-2026'], liToken],
      [BenefitPath.treatmentPersonalDetail, ids['MANY-0'], liToken],
      [BenefitPath.treatmentPersonalDetail, ids['LI-2026'], wangToken],
      [BenefitPath.treatmentDetail, '999999', unitToken],
      [BenefitPath.treatmentDetail, 'abc', unitToken],
    ] as const) {
      const res = await hall.post(path, { id }, token);
      expect(res, `${path} ${id}`).toMatchObject({ code: Code.FAIL, message: NOT_FOUND });
    }
    const probes = await hall.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'permission-refused'), eq(auditLog.actorKey, 'qydw92101')));
    expect(probes.some((p) => (p.detail as { call?: string }).call === 'treatmentDetail')).toBe(true);
  });
});

describe('the person’s own list', () => {
  it('lists only the person’s own rows, with totals, and their detail', async () => {
    const li = await personal({ pageSize: 50 });
    expect(li.data.list.map((r: Row) => r.id).sort()).toEqual([ids['LI-2025'], ids['LI-2026']].sort());
    expect(li.data.totals).toEqual({ count: 2, amountFen: 755_000, paidFen: 225_000, pendingFen: 530_000 });
    expect((await personal({ year: 2025 })).data.totlCnt).toBe(1);
    const wang = await personal({}, wangToken);
    expect(wang.data.list.map((r: Row) => r.id)).toEqual([ids['WANG-2026']]);
    const detail = await hall.post(BenefitPath.treatmentPersonalDetail, { id: ids['LI-2025'] }, liToken);
    expect(detail.data).toMatchObject({ state: 'paid', batchNo: 'FF2026112200001', settlement: { settlementNo: 'LI-2025' } });
  });
});

describe('export', () => {
  it('the unit’s filtered list as Excel, ID numbers masked, audited', async () => {
    const res = await hall.download(BenefitPath.treatmentExport, { name: '李' }, unitToken);
    expect(res.status).toBe(200);
    const rows = await tableOf(res.bytes);
    expect(rows[0].slice(0, 6)).toEqual(['姓名', '身份证号码', '出院日期', '医院', '年度', '互助项目']);
    expect(rows).toHaveLength(3);
    // Amounts are yuan as numbers (the ¥ format shows them), the year a number.
    expect(rows[1]).toEqual(expect.arrayContaining(['李华', '4301**********0022', 2026, '住院医疗互助', 5_300, '待发放']));
    expect(rows.flat().join()).not.toContain(LI);
    const audits = await hall.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'download'), eq(auditLog.actorKey, 'qydw92101')));
    expect(audits.some((a) => (a.detail as { call?: string }).call === 'treatmentExport')).toBe(true);
  });

  it('the person’s own rows only', async () => {
    const res = await hall.download(BenefitPath.treatmentPersonalExport, {}, wangToken);
    const rows = await tableOf(res.bytes);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['王芳']);
  });
});
