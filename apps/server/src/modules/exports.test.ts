import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, BenefitPath, FeaturePath, OrgPath, PersonalPath, UnionPath } from '@hall/shared';
import { commands } from '../cli/commands';
import { addStaff, createUnit } from '../test/apply-fixtures';
import { makeClaim, makeTreatment } from '../test/benefit-fixtures';
import { cover } from '../test/claim-fixtures';
import { createTestHall, type TestHall } from '../test/harness';
import { staffOf, unitId } from '../test/payable-fixtures';

/**
 * Every list export through the app, read back with exceljs: the headers are the words of the
 * page's table (in its order; kept here as the web's column titles), amounts are numbers with the
 * ¥ format, counts numbers, dates real dates, ID numbers, cards, phones, codes and accounts text;
 * a name a spreadsheet could run as a formula comes out with an apostrophe before it. Templates
 * stay text.
 *
 * The exports: 工会信息变更记录, 下属企业, 下属分会, 互助待遇 (unit, person), 互助人员名单, 补助记录,
 * 个人互助档案, 单位互助档案, 参保情况, 医保参保状态.
 */

type Kind = 'text' | 'money' | 'count' | 'date' | 'datetime';

const FORMULA = '=HYPERLINK("http://x","y")';
const LI = '430102198503150022';
const FORMATS: Record<Kind, string> = {
  text: '@',
  money: '"¥"#,##0.00',
  count: '0',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

interface Export {
  name: string;
  path: string;
  who: string;
  body?: Record<string, unknown>;
  /** The column titles of the page's table (apps/web/src/features/**), 操作 left out, in order. */
  screen: string[];
  /** The export's headers and what each holds. */
  columns: Array<[string, Kind]>;
  /** Columns (not text) the fixtures leave blank in every row (no value to check the kind of). */
  mayBeEmpty?: string[];
}

const TREATMENT_COLUMNS: Export['columns'] = [
  ['姓名', 'text'],
  ['身份证号码', 'text'],
  ['出院日期', 'date'],
  ['医院', 'text'],
  ['年度', 'count'],
  ['互助项目', 'text'],
  ['待遇金额', 'money'],
  ['已发放', 'money'],
  ['状态', 'text'],
  ['说明', 'text'],
  ['待发放', 'money'],
  ['发放日期', 'date'],
  ['就医类型', 'text'],
  ['入院日期', 'date'],
  ['政策范围内个人自付', 'money'],
  ['本次计入', 'money'],
];

const subColumns = (noun: '企业' | '分会', state: '通知状态' | '授权状态'): Export['columns'] => [
  ['单位账号', 'text'],
  [`${noun}名称`, 'text'],
  ['统一社会信用代码', 'text'],
  ['联系人', 'text'],
  ['联系电话', 'text'],
  [state, 'text'],
  ['账号状态', 'text'],
  ['开设日期', 'date'],
];

const EXPORTS: Export[] = [
  {
    // UnionChangesPage: its 变更内容（变更前 → 变更后） is 变更项目, 变更前, 变更后 (a row per field).
    name: '工会信息变更记录',
    path: UnionPath.unionChangeExport,
    who: 'lhgh92001',
    screen: ['提交时间', '状态', '提交人', '审核意见'],
    columns: [
      ['变更编号', 'count'],
      ['提交时间', 'datetime'],
      ['变更项目', 'text'],
      ['变更前', 'text'],
      ['变更后', 'text'],
      ['状态', 'text'],
      ['提交人', 'text'],
      ['审核人', 'text'],
      ['审核/撤回时间', 'datetime'],
      ['审核意见', 'text'],
    ],
    mayBeEmpty: ['审核/撤回时间'],
  },
  {
    name: '下属企业',
    path: OrgPath.subExport,
    who: 'lhgh92001',
    screen: ['单位账号', '企业名称', '统一社会信用代码', '联系人', '联系电话', '通知状态', '账号状态'],
    columns: subColumns('企业', '通知状态'),
  },
  {
    name: '下属分会',
    path: OrgPath.subExport,
    who: 'hygh93001',
    screen: ['单位账号', '分会名称', '统一社会信用代码', '联系人', '联系电话', '授权状态', '账号状态'],
    columns: subColumns('分会', '授权状态'),
  },
  {
    // TreatmentList: its 互助项目 (2026年度 住院医疗互助) is 年度 and 互助项目; the rest from TreatmentDrawer.
    name: '互助待遇（单位）',
    path: BenefitPath.treatmentExport,
    who: 'qydw92101',
    screen: ['姓名', '身份证号码', '出院日期', '医院', '互助项目', '待遇金额', '已发放', '状态'],
    columns: TREATMENT_COLUMNS,
    mayBeEmpty: ['发放日期'],
  },
  {
    name: '互助待遇（个人）',
    path: BenefitPath.treatmentPersonalExport,
    who: LI,
    screen: ['出院日期', '医院', '互助项目', '待遇金额', '已发放', '状态'],
    columns: TREATMENT_COLUMNS,
    mayBeEmpty: ['发放日期'],
  },
  {
    // StaffPage: its 银行卡 (bank and card) is 开户银行 and 银行卡号; its 状态 tag carries 减员日期 and 减员原因.
    name: '互助人员名单',
    path: ApiPath.staffExport,
    who: 'qydw92101',
    screen: ['姓名', '身份证号码', '性别', '出生日期', '人员类别', '联系电话', '入职日期', '状态'],
    columns: [
      ['姓名', 'text'],
      ['身份证号码', 'text'],
      ['性别', 'text'],
      ['出生日期', 'date'],
      ['人员类别', 'text'],
      ['联系电话', 'text'],
      ['开户银行', 'text'],
      ['银行卡号', 'text'],
      ['入职日期', 'date'],
      ['状态', 'text'],
      ['减员日期', 'date'],
      ['减员原因', 'text'],
    ],
    mayBeEmpty: ['减员日期'],
  },
  {
    // ClaimTable: its 住院 (入院 至 出院) is 入院日期 and 出院日期.
    name: '补助记录',
    path: BenefitPath.claimExport,
    who: 'qydw92101',
    screen: ['申请号', '姓名', '身份证号码', '补助类型', '年度', '金额', '状态', '申请方式', '申请日期'],
    columns: [
      ['申请号', 'text'],
      ['姓名', 'text'],
      ['身份证号码', 'text'],
      ['补助类型', 'text'],
      ['年度', 'count'],
      ['入院日期', 'date'],
      ['出院日期', 'date'],
      ['医院', 'text'],
      ['诊断', 'text'],
      ['住院天数', 'count'],
      ['金额', 'money'],
      ['状态', 'text'],
      ['申请方式', 'text'],
      ['申请日期', 'date'],
      ['发放日期', 'date'],
      ['退回/不予补助原因', 'text'],
    ],
    mayBeEmpty: ['住院天数'],
  },
  {
    // ArchiveDocuments (个人): the page's tables in one sheet, a row per item.
    name: '个人互助档案',
    path: FeaturePath.archivePersonalExport,
    who: LI,
    screen: ['互助年度', '金额（元）', '已发放（元）'],
    columns: [
      ['互助年度', 'count'],
      ['类别', 'text'],
      ['内容', 'text'],
      ['日期', 'date'],
      ['金额（元）', 'money'],
      ['已发放（元）', 'money'],
    ],
  },
  {
    name: '单位互助档案',
    path: FeaturePath.archiveUnitExport,
    who: 'qydw92101',
    screen: [
      '互助年度',
      '参加人数',
      '应缴（元）',
      '已缴（元）',
      '未缴（元）',
      '职工互助待遇（元）',
      '职工补助（元）',
      '待遇与补助合计（元）',
      '获得待遇人数',
    ],
    columns: [
      ['互助年度', 'count'],
      ['参加人数', 'count'],
      ['应缴（元）', 'money'],
      ['已缴（元）', 'money'],
      ['未缴（元）', 'money'],
      ['职工互助待遇（元）', 'money'],
      ['职工补助（元）', 'money'],
      ['待遇与补助合计（元）', 'money'],
      ['获得待遇人数', 'count'],
    ],
  },
  {
    // ParticipationPage (参保人员明细): its 已减员 tag beside the name is 备注.
    name: '参保情况',
    path: ApiPath.joinMedSituationExport,
    who: 'qydw92101',
    body: { year: 2026 },
    screen: ['姓名', '身份证号码', '性别', '人员类别', '互助项目', '份数', '参保状态', '保障起始日期'],
    columns: [
      ['姓名', 'text'],
      ['身份证号码', 'text'],
      ['性别', 'text'],
      ['人员类别', 'text'],
      ['互助项目', 'text'],
      ['份数', 'count'],
      ['参保状态', 'text'],
      ['保障起始日期', 'date'],
      ['备注', 'text'],
    ],
  },
  {
    name: '医保参保状态',
    path: PersonalPath.insuredStatusExport,
    who: 'qydw92101',
    screen: ['姓名', '身份证号码', '性别', '医保参保状态', '参保日期', '加入本单位日期'],
    columns: [
      ['姓名', 'text'],
      ['身份证号码', 'text'],
      ['性别', 'text'],
      ['医保参保状态', 'text'],
      ['参保日期', 'date'],
      ['加入本单位日期', 'date'],
    ],
  },
];

/** A union information form (as union.test.ts submits it). */
const FORM = {
  uniName: '长沙市高新区联合基层工会',
  uscc: '81430100MA4L0920AU',
  legalCertNo: '工法证字第4301001号',
  legalCertStart: '2021-03-01',
  legalCertEnd: '2026-02-28',
  legalName: '周建国',
  chairmanName: '周建国',
  chairmanPhone: '13807311001',
  chairmanTermStart: '2021-03-01',
  chairmanTermEnd: '2026-02-28',
  foundedOn: '2015-06-18',
  employeeCount: 1200,
  femaleCount: 520,
  memberCount: 1150,
  regionCode: '430104',
  address: '麓谷大道 658 号',
  postcode: '410205',
  contactName: '陈敏',
  contactPhone: '0731-88886666',
  parentUnion: '长沙市总工会',
  bankName: '中国工商银行长沙麓谷支行',
  bankAccountName: '长沙市高新区联合基层工会',
  bankAccountNo: '1901 0012 0920 0001 234',
};

let hall: TestHall;
const tokens: Record<string, string> = {};

async function sheetOf(path: string, who: string, body: Record<string, unknown> = {}) {
  const file = await hall.download(path, body, tokens[who]);
  expect(file.answer?.message, `${path} ${who}`).toBeUndefined();
  expect(file.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.bytes as never);
  return book.worksheets[0];
}

/** The sheet's rows after the header, each a list of its cells. */
function bodyOf(sheet: ExcelJS.Worksheet, width: number) {
  const rows: ExcelJS.Cell[][] = [];
  for (let r = 2; r <= sheet.rowCount; r++) rows.push(Array.from({ length: width }, (_, i) => sheet.getRow(r).getCell(i + 1)));
  return rows;
}

const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);

/** Whether `part` is `whole` with some items left out (the same order). */
function within(part: string[], whole: string[]) {
  let at = 0;
  for (const p of part) {
    at = whole.indexOf(p, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

beforeAll(async () => {
  hall = await createTestHall();
  await commands['feature-flag-set'].run(hall.app.hall, { name: 'archives', on: true }, '运维员');
  const a = await unitId(hall.db, 'qydw92101');
  // A worker and a member enterprise whose names a spreadsheet would run as a formula.
  const [x] = await addStaff(hall.db, a, [{ name: FORMULA, gender: '2' }]);
  await createUnit(hall.db, { uact: 'qydw92188', name: FORMULA, level: 2, parent: 'lhgh92001' });
  const li = (await staffOf(hall.db, 'qydw92101')).find((p) => p.name === '李华')!;
  for (const personId of [x.personId, li.personId]) {
    await cover(hall.db, { uact: 'qydw92101', personId, year: 2026, products: [{ code: '01', shares: 2 }] });
    await makeTreatment(hall.db, { personId, uact: 'qydw92101', year: 2026, amountFen: 1_800_000, paidFen: 500_000 });
    await makeClaim(hall.db, { personId, uact: 'qydw92101', year: 2026, type: 'hospital_allowance', state: 'paid', amountFen: 149_900 });
  }
  await makeTreatment(hall.db, {
    personId: li.personId,
    uact: 'qydw92101',
    year: 2026,
    amountFen: 60_000,
    paidFen: 60_000,
    dischargedOn: '2026-03-01',
  });
  for (const uact of ['lhgh92001', 'hygh93001', 'qydw92101']) tokens[uact] = (await hall.loginUnit(uact)).data.accessToken;
  tokens[LI] = (await hall.loginPersonal(LI)).data.accessToken;
  // The worker in the bureau's registry since a day.
  const [load] = (
    (await hall.db.execute(
      sql`insert into registry_loads (file_name, operator, rows, added, changed, loaded_at) values ('参保登记.xlsx', '测试', 1, 1, 0, now()) returning id`,
    )) as unknown as { rows: Array<{ id: number }> }
  ).rows;
  await hall.db.execute(
    sql`insert into insured_registry (kind, code, name, active, since, load_id) values ('person', ${x.certNo}, ${x.name}, true, '2019-05-01', ${load.id})`,
  );
  // A change of the union's information, waiting for review.
  const change = await hall.post(UnionPath.unionInfoSubmit, { ...FORM, address: FORMULA }, tokens.lhgh92001);
  expect(change.code, change.message).toBe(0);
});
afterAll(() => hall.close());

describe('list exports', () => {
  it.each(EXPORTS.map((e) => [e.name, e] as const))('%s: the page’s words, and each cell as what it holds', async (_name, e) => {
    const sheet = await sheetOf(e.path, e.who, e.body);
    const headers = headerOf(sheet);
    expect(headers).toEqual(e.columns.map(([h]) => h));
    expect(within(e.screen, headers as string[]), `${e.screen.join('、')} in ${headers.join('、')}`).toBe(true);
    const rows = bodyOf(sheet, e.columns.length);
    expect(rows.length).toBeGreaterThan(0);
    e.columns.forEach(([header, kind], i) => {
      const filled = rows.map((r) => r[i]).filter((c) => c.value !== null && c.value !== '');
      // Each kind but text is seen at work (a blank text column is no news).
      if (kind !== 'text' && !e.mayBeEmpty?.includes(header)) expect(filled.length, `${e.name} ${header}: no value`).toBeGreaterThan(0);
      for (const cell of filled) {
        const where = `${e.name} ${header} ${cell.address}: ${JSON.stringify(cell.value)}`;
        // A total row's label (合计) in a year column is text.
        if (kind !== 'text' && cell.value === '合计') continue;
        expect(cell.numFmt, where).toBe(FORMATS[kind]);
        if (kind === 'text') {
          expect(typeof cell.value, where).toBe('string');
          expect(String(cell.value), where).not.toMatch(/^[=+\-@]/);
        } else if (kind === 'date' || kind === 'datetime') expect(cell.value, where).toBeInstanceOf(Date);
        else expect(typeof cell.value, where).toBe('number');
      }
    });
  });

  it('amounts are yuan, dates China days, ID numbers whole text', async () => {
    const treatments = await sheetOf(BenefitPath.treatmentPersonalExport, LI);
    const row = bodyOf(treatments, TREATMENT_COLUMNS.length).find((r) => r[6].value === 18_000)!;
    expect(row[7].value).toBe(5_000);
    expect(row[10].value).toBe(13_000);
    expect(row[2].value).toEqual(new Date('2026-06-15T00:00:00Z'));
    const claims = await sheetOf(BenefitPath.claimExport, 'qydw92101');
    const amounts = bodyOf(claims, 16).map((r) => r[10].value);
    expect(amounts).toContain(1_499);
    // 申请日期: created 2026-10-01 02:00 UTC, 10:00 in China.
    expect(bodyOf(claims, 16).map((r) => (r[13].value as Date).toISOString())).toContain('2026-10-01T00:00:00.000Z');
    const changes = await sheetOf(UnionPath.unionChangeExport, 'lhgh92001');
    const submitted = bodyOf(changes, 10)[0][1].value as Date;
    const now = hall.clock.now();
    expect(submitted.getTime() - now.getTime()).toBeGreaterThanOrEqual(8 * 3_600_000 - 60_000);
    expect(submitted.getTime() - now.getTime()).toBeLessThanOrEqual(8 * 3_600_000);
    const staffSheet = await sheetOf(ApiPath.staffExport, 'qydw92101');
    for (const r of bodyOf(staffSheet, 12)) expect(r[1].value).toMatch(/^\d{4}\*{10}[\dX]{4}$/);
  });

  it('puts an apostrophe before a name a spreadsheet could run as a formula', async () => {
    const staffSheet = await sheetOf(ApiPath.staffExport, 'qydw92101');
    expect(bodyOf(staffSheet, 12).map((r) => r[0].value)).toContain(`'${FORMULA}`);
    const subs = await sheetOf(OrgPath.subExport, 'lhgh92001');
    expect(bodyOf(subs, 8).map((r) => r[1].value)).toContain(`'${FORMULA}`);
    const participation = await sheetOf(ApiPath.joinMedSituationExport, 'qydw92101', { year: 2026 });
    expect(bodyOf(participation, 9).map((r) => r[0].value)).toContain(`'${FORMULA}`);
    const changes = await sheetOf(UnionPath.unionChangeExport, 'lhgh92001');
    expect(bodyOf(changes, 10).find((r) => r[2].value === '详细地址')?.[4].value).toBe(`'${FORMULA}`);
  });
});

describe('templates', () => {
  it('stay text', async () => {
    const sheet = await sheetOf(ApiPath.staffTemplate, 'qydw92101');
    for (const cell of [...bodyOf(sheet, 7)[0], ...(sheet.getRow(1).values as unknown[]).slice(1)])
      expect(typeof (cell instanceof Object && 'value' in cell ? cell.value : cell)).toBe('string');
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('@');
  });
});
