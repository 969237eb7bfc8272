import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icd10Chapter, OpsPath } from '@hall/shared';
import { seedDemoBusiness } from '../../db/seed/demo-business';
import { createTestHall, type TestHall } from '../../test/harness';
import { makeOperator, OPERATOR_PASSWORD, operatorTools } from '../../test/operator-tools';
import { rows } from '../../test/refusal';

/*
 * 统计报表 (/ops/api/reports/*) on the demo city's business: each report's figures equal a recount
 * of the raw rows (lines, payments, treatments, claims), its groups add up to its totals, the
 * filters narrow it, bad input is refused in Chinese, and each exports the table it shows.
 */

let hall: TestHall;
let token: string;
const YEAR = 2026;

beforeAll(async () => {
  hall = await createTestHall();
  await seedDemoBusiness(hall.db, hall.clock, hall.config.cityName);
  await makeOperator(hall, { login: 'report.finance', name: '报表财务', password: OPERATOR_PASSWORD, role: 'finance' });
  token = await operatorTools(() => hall).opsToken('report.finance');
});
afterAll(() => hall.close());

const post = (path: string, body: object) => hall.post(path, body, token);

describe('参保统计', () => {
  it('equals a recount of the live lines of reviewed applications, in every grouping', async () => {
    const [recount] = await rows(
      hall.db,
      sql`select count(distinct a.unit_id)::int as units, count(*)::int as lines, sum(l.shares)::int as shares,
        sum(l.amount_fen)::float8 as "dueFen", (sum(l.amount_fen) filter (where a.state = 'paid'))::float8 as "receivedFen"
      from application_lines l join applications a on a.id = l.application_id join periods y on y.id = a.period_id
      where l.live and a.state in ('unpaid', 'paid') and y.year = ${YEAR}`,
    );
    expect(recount.lines).toBeGreaterThan(100);
    for (const by of ['district', 'union', 'uniType', 'product']) {
      const { data, message } = await post(OpsPath.opsReportEnrolment, { year: YEAR, by });
      expect(data, message).toBeDefined();
      expect({ ...data.total, rate: undefined }).toEqual({ ...recount, rate: undefined });
      expect(data.total.rate).toBeCloseTo(Number(recount.receivedFen) / Number(recount.dueFen), 4);
      const sum = (k: string) => data.list.reduce((s: number, r: Record<string, number>) => s + r[k], 0);
      for (const k of ['lines', 'shares', 'dueFen', 'receivedFen']) expect(sum(k), `${by} ${k}`).toBe(data.total[k]);
      expect(data.list.every((r: { label: string }) => r.label.length > 0)).toBe(true);
    }
    const byDistrict = (await post(OpsPath.opsReportEnrolment, { year: YEAR, by: 'district' })).data;
    expect(byDistrict.list.map((r: { label: string }) => r.label)).toContain('长沙市');
  });

  it('narrows to a union (itself and its units) and to a district', async () => {
    const unions = (await post(OpsPath.opsReportEnrolment, { year: YEAR, by: 'union' })).data.list;
    const union = unions[0];
    const one = (await post(OpsPath.opsReportEnrolment, { year: YEAR, by: 'union', unionId: union.key })).data;
    expect(one.list).toHaveLength(1);
    expect(one.total.dueFen).toBe(union.dueFen);
    const districts = (await post(OpsPath.opsReportEnrolment, { year: YEAR, by: 'district' })).data.list;
    const d = (await post(OpsPath.opsReportEnrolment, { year: YEAR, by: 'product', district: districts[0].key })).data;
    expect(d.total.lines).toBe(districts[0].lines);
  });

  it('refuses a year without a period and a bad district, in Chinese', async () => {
    expect((await post(OpsPath.opsReportEnrolment, { year: 2099 })).message).toBe('该互助年度尚未设立');
    expect((await post(OpsPath.opsReportEnrolment, { year: YEAR, district: '43' })).message).toContain('地区代码应为 6 位数字');
  });
});

describe('待遇统计与互助金收支', () => {
  it('the benefits of a year equal a recount of its treatments and claims, month by month', async () => {
    const recount = await rows(
      hall.db,
      sql`select to_char(discharged_on, 'YYYY-MM') as month, (count(*) filter (where amount_fen > 0 and state <> 'none'))::int as n,
        sum(amount_fen)::float8 as fen from treatments where extract(year from discharged_on) = ${YEAR} group by 1 order by 1`,
    );
    const [claims] = await rows(
      hall.db,
      sql`select count(*)::int as n, coalesce(sum(amount_fen), 0)::float8 as fen from claims where state in ('approved', 'paid')
        and extract(year from (coalesce(decided_at, submitted_at, created_at) at time zone 'UTC') + interval '8 hours') = ${YEAR}`,
    );
    const { data } = await post(OpsPath.opsReportBenefits, { year: YEAR });
    expect(data.months).toHaveLength(12);
    const shown = data.months.filter((m: { treatments: number; treatmentFen: number }) => m.treatments || m.treatmentFen);
    expect(shown.map((m: Record<string, unknown>) => ({ month: m.month, n: m.treatments, fen: m.treatmentFen }))).toEqual(recount);
    expect(recount.length).toBeGreaterThan(2);
    expect({ n: data.total.claims, fen: data.total.claimFen }).toEqual(claims);
    const productSum = data.products.reduce((s: number, p: { treatmentFen: number }) => s + p.treatmentFen, 0);
    expect(productSum).toBe(data.total.treatmentFen);
  });

  it('the treatments of a year by hospital level and by ICD-10 chapter equal a recount of treatments and their settlements', async () => {
    const settled = await rows(
      hall.db,
      sql`select s.hospital_level as level, s.diagnosis_code as code, (t.amount_fen > 0 and t.state <> 'none')::int as n,
        t.amount_fen::float8 as fen, t.paid_fen::float8 as paid
      from treatments t join settlements s on s.id = t.settlement_id where extract(year from t.discharged_on) = ${YEAR}`,
    );
    const recount = (keyOf: (r: Record<string, unknown>) => string) => {
      const sums = new Map<string, { treatments: number; treatmentFen: number; paidFen: number }>();
      for (const r of settled) {
        const s = sums.get(keyOf(r)) ?? { treatments: 0, treatmentFen: 0, paidFen: 0 };
        s.treatments += Number(r.n);
        s.treatmentFen += Number(r.fen);
        s.paidFen += Number(r.paid);
        sums.set(keyOf(r), s);
      }
      return Object.fromEntries(sums);
    };
    const { data } = await post(OpsPath.opsReportBenefits, { year: YEAR });
    const shown = (list: Array<Record<string, unknown>>) =>
      Object.fromEntries(list.map((r) => [r.key, { treatments: r.treatments, treatmentFen: r.treatmentFen, paidFen: r.paidFen }]));
    expect(data.levels.length).toBeGreaterThan(1);
    expect(data.chapters.length).toBeGreaterThan(1);
    expect(shown(data.levels)).toEqual(recount((r) => String(r.level)));
    expect(shown(data.chapters)).toEqual(recount((r) => icd10Chapter(String(r.code))));
    // Largest amount first; the shares add up to the whole; each names its level or chapter.
    const fens = data.chapters.map((c: { treatmentFen: number }) => c.treatmentFen);
    expect(fens).toEqual([...fens].sort((a, b) => b - a));
    expect(data.levels.reduce((s: number, l: { share: number }) => s + l.share, 0)).toBeCloseTo(1, 3);
    expect(data.levels.map((l: { label: string }) => l.label)).toContain('三级');
    expect(data.chapters[0].label).toMatch(/^第[IVX]+章 /);
    const product = data.products[0].productCode;
    const one = (await post(OpsPath.opsReportBenefits, { year: YEAR, productCode: product })).data;
    const total = one.levels.reduce((s: number, l: { treatmentFen: number }) => s + l.treatmentFen, 0);
    expect(total).toBe(data.products[0].treatmentFen);
  });

  it('the fund of each period: receipts, payouts and commitments as recounted, and the payout ratio', async () => {
    const recount = await rows(
      hall.db,
      sql`select y.year,
        coalesce((select sum(p.amount_fen) from payments p join applications a on a.id = p.application_id where a.period_id = y.id), 0)::float8 as "receivedFen",
        (coalesce((select sum(paid_fen) from treatments where period_id = y.id), 0)
          + coalesce((select sum(amount_fen) from claims where period_id = y.id and state = 'paid'), 0))::float8 as "paidOutFen",
        (coalesce((select sum(amount_fen - paid_fen) from treatments where period_id = y.id and state = 'pending'), 0)
          + coalesce((select sum(amount_fen) from claims where period_id = y.id and state = 'approved'), 0))::float8 as "committedFen"
      from periods y order by y.year desc`,
    );
    const { data } = await post(OpsPath.opsReportFund, {});
    expect(
      data.list.map((r: Record<string, unknown>) => ({
        year: r.year,
        receivedFen: r.receivedFen,
        paidOutFen: r.paidOutFen,
        committedFen: r.committedFen,
      })),
    ).toEqual(recount);
    const year = data.list.find((r: { year: number }) => r.year === YEAR);
    expect(year.receivedFen).toBeGreaterThan(0);
    expect(year.paidOutFen).toBeGreaterThan(0);
    expect(year.payoutRatio).toBeCloseTo(year.paidOutFen / year.receivedFen, 4);
    expect(year.balanceFen).toBe(year.receivedFen - year.paidOutFen - year.committedFen);
    expect(year.paidTreatmentFen + year.paidClaimFen).toBe(year.paidOutFen);
    expect(year.paidClaimFen).toBeGreaterThan(0);
  });
});

describe('导出', () => {
  it('each report exports the table it shows, totals last', async () => {
    const shown = (await post(OpsPath.opsReportEnrolment, { year: YEAR, by: 'product' })).data;
    const file = await hall.download(OpsPath.opsReportEnrolmentExport, { year: YEAR, by: 'product' }, token);
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as never);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('险种');
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('合计');
    expect(last.getCell(5).value).toBe(shown.total.dueFen / 100);
    for (const [path, body] of [
      [OpsPath.opsReportBenefitsExport, { year: YEAR }],
      [OpsPath.opsReportFundExport, {}],
    ] as const) {
      const f = await hall.download(path, body, token);
      expect(f.bytes.subarray(0, 2).toString(), path).toBe('PK');
    }
  });

  it('the benefits export each table on its own: by hospital level and by chapter, totals last', async () => {
    const shown = (await post(OpsPath.opsReportBenefits, { year: YEAR })).data;
    for (const [view, list, header] of [
      ['levels', shown.levels, '医院等级'],
      ['chapters', shown.chapters, '疾病章节（ICD-10）'],
    ] as const) {
      const file = await hall.download(OpsPath.opsReportBenefitsExport, { year: YEAR, view }, token);
      expect(file.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.bytes as never);
      const sheet = book.worksheets[0];
      expect(sheet.getRow(1).getCell(1).value).toBe(header);
      expect(sheet.getRow(2).getCell(1).value).toBe(list[0].label);
      expect(sheet.rowCount).toBe(list.length + 2);
      const last = sheet.getRow(sheet.rowCount);
      expect(last.getCell(1).value).toBe('合计');
      const whole = list.reduce((s: number, r: { treatmentFen: number }) => s + r.treatmentFen, 0);
      expect(last.getCell(3).value).toBe(whole / 100);
    }
    const bad = await post(OpsPath.opsReportBenefitsExport, { year: YEAR, view: 'diseases' });
    expect(bad.message).toBe('导出的表格不正确');
  });
});
