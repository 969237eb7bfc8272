import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@hall/shared';
import { seedDemoBusiness } from '../../db/seed/demo-business';
import { createTestHall, type TestHall } from '../../test/harness';
import { makeOperator, OPERATOR_PASSWORD, operatorTools } from '../../test/operator-tools';
import { rows } from '../../test/refusal';

/*
 * A level-1 union's own 统计报表 (/gob/web/unionReport/*) on the demo business: the console's
 * figures for the same union, its benefits and receipts equal a recount of its units' raw rows,
 * another union's id in the request changes nothing, and a unit that is not a level-1 union is
 * refused.
 */

let hall: TestHall;
let opsToken: string;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const YEAR = 2026;
const UNIONS = ['lhgh92001', 'hygh93001', 'dlgh99001'];

beforeAll(async () => {
  hall = await createTestHall();
  await seedDemoBusiness(hall.db, hall.clock, hall.config.cityName);
  await makeOperator(hall, { login: 'union.report', name: '报表财务', password: OPERATOR_PASSWORD, role: 'finance' });
  opsToken = await operatorTools(() => hall).opsToken('union.report');
  for (const uact of [...UNIONS, 'qydw92101']) {
    const res = await hall.loginUnit(uact);
    expect(res.code, res.message).toBe(0);
    tokens[uact] = res.data.accessToken;
  }
  for (const r of await rows(hall.db, sql`select id, uact from units where uact in ('lhgh92001', 'hygh93001', 'dlgh99001', 'qydw92101')`))
    ids[String(r.uact)] = Number(r.id);
}, 180_000);
afterAll(() => hall.close());

const post = (path: string, body: object, who: string) => hall.post(path, body, tokens[who]);
const unitsOf = (uact: string) => sql`(select id from units where id = ${ids[uact]} or parent_id = ${ids[uact]})`;

describe('参保统计', () => {
  it('equals the console’s figures for the same union, in every grouping, and its units add up', async () => {
    for (const uact of UNIONS) {
      const console = (await hall.post(ApiPath.opsReportEnrolment, { year: YEAR, by: 'product', unionId: ids[uact] }, opsToken)).data;
      for (const by of ['product', 'unit', 'uniType']) {
        const { data, message } = await post(ApiPath.unionReportEnrolment, { year: YEAR, by }, uact);
        expect(data, message).toBeDefined();
        expect(data.total, `${uact} ${by}`).toEqual(console.total);
        for (const k of ['lines', 'shares', 'dueFen', 'receivedFen'])
          expect(data.list.reduce((s: number, r: Record<string, number>) => s + r[k], 0)).toBe(data.total[k]);
      }
    }
    // The 92 union's units by name: itself and its enterprises, each counted once.
    const byUnit = (await post(ApiPath.unionReportEnrolment, { year: YEAR, by: 'unit' }, 'lhgh92001')).data;
    expect(byUnit.total.lines).toBeGreaterThan(0);
    const names = await rows(hall.db, sql`select id::text as key, emp_name as label from units where id in ${unitsOf('lhgh92001')}`);
    for (const r of byUnit.list) expect(names).toContainEqual({ key: r.key, label: r.label });
    expect(byUnit.list.reduce((s: number, r: { units: number }) => s + r.units, 0)).toBe(byUnit.total.units);
  });

  it('reads the union from the session: another union’s id in any field changes nothing', async () => {
    const own = (await post(ApiPath.unionReportEnrolment, { year: YEAR, by: 'product' }, 'lhgh92001')).data;
    const other = (await post(ApiPath.unionReportEnrolment, { year: YEAR, by: 'product' }, 'hygh93001')).data;
    expect(other.total).not.toEqual(own.total);
    const foreign = { unionId: ids.hygh93001, unitId: ids.hygh93001, uact: 'hygh93001' };
    expect((await post(ApiPath.unionReportEnrolment, { year: YEAR, by: 'product', ...foreign }, 'lhgh92001')).data).toEqual(own);
    const benefits = (await post(ApiPath.unionReportBenefits, { year: YEAR }, 'lhgh92001')).data;
    expect((await post(ApiPath.unionReportBenefits, { year: YEAR, ...foreign }, 'lhgh92001')).data).toEqual(benefits);
    const fund = (await post(ApiPath.unionReportFund, {}, 'lhgh92001')).data;
    expect((await post(ApiPath.unionReportFund, foreign, 'lhgh92001')).data).toEqual(fund);
  });

  it('refuses a unit that is not a level-1 union, and bad input, in Chinese', async () => {
    for (const path of [ApiPath.unionReportEnrolment, ApiPath.unionReportBenefits, ApiPath.unionReportFund]) {
      const refused = await post(path, { year: YEAR, unionId: ids.lhgh92001 }, 'qydw92101');
      expect(refused.data, path).toBeUndefined();
      expect(refused.message).toBe('本工会统计报表仅限一级工会账号查看');
    }
    const file = await hall.download(ApiPath.unionReportFundExport, {}, tokens.qydw92101);
    expect(file.answer?.message).toBe('本工会统计报表仅限一级工会账号查看');
    expect((await post(ApiPath.unionReportEnrolment, { year: YEAR, by: 'district' }, 'lhgh92001')).message).toBe('分组方式不正确');
    expect((await post(ApiPath.unionReportEnrolment, { year: 2099 }, 'lhgh92001')).message).toBe('该互助年度尚未设立');
    expect((await hall.post(ApiPath.unionReportFund, {})).data).toBeUndefined();
  });
});

describe('待遇统计与互助金收支', () => {
  it('the benefits and the fund equal a recount of the union’s units’ treatments, claims and payments', async () => {
    let seen = 0;
    for (const uact of UNIONS) {
      const [t] = await rows(
        hall.db,
        sql`select (count(*) filter (where amount_fen > 0 and state <> 'none'))::int as n, coalesce(sum(amount_fen), 0)::float8 as fen
          from treatments where unit_id in ${unitsOf(uact)} and extract(year from discharged_on) = ${YEAR}`,
      );
      const [c] = await rows(
        hall.db,
        sql`select count(*)::int as n, coalesce(sum(amount_fen), 0)::float8 as fen from claims where unit_id in ${unitsOf(uact)}
          and state in ('approved', 'paid') and extract(year from (coalesce(decided_at, submitted_at, created_at) at time zone 'UTC') + interval '8 hours') = ${YEAR}`,
      );
      const { data } = await post(ApiPath.unionReportBenefits, { year: YEAR }, uact);
      expect(data.total, uact).toEqual({ treatments: t.n, treatmentFen: t.fen, claims: c.n, claimFen: c.fen });
      seen += t.n as number;

      const recount = await rows(
        hall.db,
        sql`select y.year,
          coalesce((select sum(p.amount_fen) from payments p join applications a on a.id = p.application_id
            where a.period_id = y.id and a.unit_id in ${unitsOf(uact)}), 0)::float8 as "receivedFen",
          (coalesce((select sum(paid_fen) from treatments where period_id = y.id and unit_id in ${unitsOf(uact)}), 0)
            + coalesce((select sum(amount_fen) from claims where period_id = y.id and state = 'paid' and unit_id in ${unitsOf(uact)}), 0))::float8 as "paidOutFen"
        from periods y order by y.year desc`,
      );
      const fund = (await post(ApiPath.unionReportFund, {}, uact)).data;
      expect(
        fund.list.map((r: Record<string, unknown>) => ({ year: r.year, receivedFen: r.receivedFen, paidOutFen: r.paidOutFen })),
        uact,
      ).toEqual(recount);
    }
    // A recount of nothing would equal a report of nothing: the demo's unions have treatments.
    expect(seen).toBeGreaterThan(0);
  });
});

describe('导出', () => {
  it('each report exports the table it shows, totals last', async () => {
    const shown = (await post(ApiPath.unionReportEnrolment, { year: YEAR, by: 'unit' }, 'lhgh92001')).data;
    const file = await hall.download(
      ApiPath.unionReportEnrolmentExport,
      { year: YEAR, by: 'unit', unionId: ids.hygh93001 },
      tokens.lhgh92001,
    );
    expect(file.status, file.answer?.message).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain(encodeURIComponent('本工会参保统计-2026.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as never);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('单位');
    expect(sheet.rowCount).toBe(shown.list.length + 2);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('合计');
    expect(last.getCell(5).value).toBe(shown.total.dueFen / 100);
    for (const [path, body] of [
      [ApiPath.unionReportBenefitsExport, { year: YEAR }],
      [ApiPath.unionReportFundExport, {}],
    ] as const) {
      const f = await hall.download(path, body, tokens.lhgh92001);
      expect(f.bytes.subarray(0, 2).toString(), path).toBe('PK');
    }
  });
});
