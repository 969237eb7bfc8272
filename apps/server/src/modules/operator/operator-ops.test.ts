import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, Code, FILE_MAX_BYTES, NOT_INSURED_MESSAGES, OpsPath } from '@hall/shared';
import {
  applications,
  auditLog,
  coverages,
  insuredRegistry,
  mailMessages,
  payments,
  periods,
  products,
  registryLoads,
  units,
} from '../../db/schema';
import { writeTable } from '../../lib/table-file';
import { addStaff, createUnit, type TestStaff } from '../../test/apply-fixtures';
import type { TestHall } from '../../test/harness';
import { hallWithOperators, OPERATOR, OPERATOR_LOGIN, PORTAL_REFUSAL } from '../../test/operator-tools';
import { makeApplication } from '../../test/payable-fixtures';
import { REGISTRY_COLUMNS } from './registry.service';

/**
 * The operator API's enrolment calls over HTTP: the same services as the `ops` CLI, in the
 * logged-in operator's name. Each call: it works, a bad input is refused in Chinese and changes
 * nothing, a unit's token and a disabled operator's token are refused.
 */
let hall: TestHall;
let op: string;
let disabledOp: string;
let unitToken: string;
let people: TestStaff[];

/** The registry upload: multipart, not sealed; the answer (the preview) opened. */
const stage = (token?: string, file?: { name: string; bytes: Buffer }) => hall.upload(file, token, OpsPath.opsRegistryStage);
/** Staged, then confirmed: the confirmation's answer (or the stage's refusal). */
const upload = async (token?: string, file?: { name: string; bytes: Buffer }) => {
  const staged = await stage(token, file);
  return staged.code ? staged : hall.post(OpsPath.opsRegistryConfirm, { batchId: staged.data.batchId }, token);
};

const operatorCommands = async () =>
  (
    await hall.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.actorKind, 'operator'), eq(auditLog.action, 'operator')))
  )[0].n;
const lastCommand = async () =>
  (
    await hall.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorKey, OPERATOR_LOGIN), eq(auditLog.action, 'operator')))
      .orderBy(auditLog.id)
  ).at(-1);
const stateOf = async (id: number) => (await hall.db.select().from(applications).where(eq(applications.id, id)))[0].state;

const HEADER = '类型,统一社会信用代码或身份证号码,名称,参保状态,参保日期\n';
const csv = (text: string, name = '参保登记.csv') => ({ name, bytes: Buffer.from(`\uFEFF${text}`, 'utf8') });

beforeAll(async () => {
  ({ hall, op, disabledOp, unitToken } = await hallWithOperators());
  // A unit of its own with staff: the demo seed grows on its own.
  const unitId = await createUnit(hall.db, { uact: 'opsapi001', name: '操作员接口测试单位', level: 2, parent: 'lhgh92001' });
  people = await addStaff(hall.db, unitId, [
    { name: '甲', gender: '1' },
    { name: '乙', gender: '2' },
    { name: '丙', gender: '1' },
    { name: '丁', gender: '2' },
  ]);
});
afterAll(() => hall.close());

describe('who may call', () => {
  const sealed: Array<[string, unknown]> = [
    [OpsPath.opsPeriodList, {}],
    [OpsPath.opsPeriodCreate, { year: 2040 }],
    [OpsPath.opsPeriodEdit, { year: 2027, name: '改名' }],
    [OpsPath.opsProductCreate, { year: 2027, code: '09', name: '新险种', rateFen: 1000 }],
    [OpsPath.opsProductEdit, { year: 2027, code: '01', name: '改名' }],
    [OpsPath.opsPaymentConfirm, { application: '1', amount: '60', paidOn: '2026-11-20', voucherNo: 'V-REFUSED' }],
    [OpsPath.opsPayableList, {}],
    [OpsPath.opsWaitingList, {}],
    [OpsPath.opsMailSend, { to: 'qydw92101', title: '不应送达', content: '不应送达' }],
  ];

  it.each(sealed)('%s refuses a unit token and a disabled operator’s token, changing nothing', async (path, body) => {
    const before = await operatorCommands();
    expect(await hall.post(path, body, unitToken)).toMatchObject({ code: Code.FAIL, message: PORTAL_REFUSAL });
    expect((await hall.post(path, body, disabledOp)).code).toBe(Code.ACCOUNT_LOCKED);
    expect(await operatorCommands()).toBe(before);
  });

  it('the registry load refuses a unit token and a disabled operator’s token, loading nothing', async () => {
    const file = csv(`${HEADER}单位,91430100MA4L1020EX,长沙市远航物流有限公司,参保,2026-11-20\n`);
    expect(await upload(unitToken, file)).toMatchObject({ code: Code.FAIL, message: PORTAL_REFUSAL });
    expect((await upload(disabledOp, file)).code).toBe(Code.ACCOUNT_LOCKED);
    expect((await upload(undefined, file)).code).toBe(Code.NO_TOKEN);
    expect(await hall.db.select().from(registryLoads)).toEqual([]);
  });

  it('the nothing-changed checks above would see a change', async () => {
    const before = await operatorCommands();
    expect((await hall.post(OpsPath.opsMailSend, { to: 'dlgh99001', title: '计数', content: '计数' }, op)).code).toBe(0);
    expect(await operatorCommands()).toBe(before + 1);
  });
});

describe('periods and products', () => {
  it('lists the periods newest first with their phase and products', async () => {
    const res = await hall.post(OpsPath.opsPeriodList, {}, op);
    expect(res.code).toBe(0);
    const byYear = new Map(res.data.list.map((p: { year: number }) => [p.year, p]));
    expect(byYear.get(2027)).toMatchObject({ phase: 'enrolling', phaseLabel: '申报中', payDeadline: '2026-12-31' });
    expect(byYear.get(2026)).toMatchObject({ phase: 'inForce', phaseLabel: '生效中' });
    const years = res.data.list.map((p: { year: number }) => p.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect((byYear.get(2027) as { products: Array<{ code: string; rateFen: number }> }).products[0]).toMatchObject({
      code: '01',
      rateFen: 6000,
      eligibilityLabel: '全体职工',
    });
  });

  it('creates a period with the usual calendar, in the operator’s name', async () => {
    const res = await hall.post(OpsPath.opsPeriodCreate, { year: 2030, waitingDays: 60 }, op);
    expect(res).toMatchObject({
      code: 0,
      data: {
        year: 2030,
        name: '2030年度职工医疗互助',
        startDate: '2030-01-01',
        enrolStart: '2029-11-01',
        payDeadline: '2029-12-31',
        waitingDays: 60,
        phase: 'upcoming',
        products: [],
      },
    });
    expect((await lastCommand())?.detail).toMatchObject({ command: 'period-create', year: 2030 });
  });

  it.each([
    [{ year: 2031, startDate: '2031-02-30' }, '保障开始日期须为有效日期（YYYY-MM-DD）'],
    [{ year: 2031, startDate: '2031-12-31', endDate: '2031-01-01' }, '保障开始日期不能晚于保障结束日期'],
    [{ year: 31 }, '互助年度须为 2000-2100 的年份'],
    [{}, '请输入互助年度'],
    [{ year: 2030 }, '2030年度互助期已存在，如需修改请直接修改其字段'],
  ])('period create refuses %j and creates nothing', async (body, message) => {
    const before = await hall.db.select({ n: count() }).from(periods);
    expect(await hall.post(OpsPath.opsPeriodCreate, body, op)).toMatchObject({ code: Code.FAIL, message });
    expect(await hall.db.select({ n: count() }).from(periods)).toEqual(before);
  });

  it('edits the fields given', async () => {
    const res = await hall.post(OpsPath.opsPeriodEdit, { year: 2030, name: '2030年度互助', payDeadline: '2030-01-15' }, op);
    expect(res).toMatchObject({ code: 0, data: { year: 2030, name: '2030年度互助', payDeadline: '2030-01-15', waitingDays: 60 } });
    expect((await lastCommand())?.detail).toMatchObject({ command: 'period-edit', after: { name: '2030年度互助' } });
  });

  it.each([
    [{ year: 2030 }, '请至少指定一项要修改的内容'],
    [{ year: 2030, enrolStart: '2029-12-31', enrolEnd: '2029-11-01' }, '申报开始日期不能晚于申报截止日期'],
    [{ year: 2030, waitingDays: 400 }, '等待期须为 0-365 的整数天数'],
    [{ year: 2035, name: 'x' }, '2035年度互助期不存在'],
  ])('period edit refuses %j and changes nothing', async (body, message) => {
    const [before] = await hall.db.select().from(periods).where(eq(periods.year, 2030));
    const res = await hall.post(OpsPath.opsPeriodEdit, body, op);
    expect(res.code).toBe(Code.FAIL);
    expect(res.message).toContain(message);
    expect((await hall.db.select().from(periods).where(eq(periods.year, 2030)))[0]).toEqual(before);
  });

  it('creates a product with its benefit rule and edits it', async () => {
    const rule = { deductibleFen: 100_000, capFen: 3_000_000, bands: [{ uptoFen: null, ratioPct: 50 }] };
    const made = await hall.post(
      OpsPath.opsProductCreate,
      { year: 2030, code: '01', name: '住院医疗互助', rateFen: 5000, maxShares: 3, benefitRule: rule },
      op,
    );
    expect(made).toMatchObject({ code: 0, data: { code: '01', rateFen: 5000, maxShares: 3, eligibility: 'all', benefitRule: rule } });
    expect((await lastCommand())?.detail).toMatchObject({ command: 'product-create', code: '01' });
    const edited = await hall.post(OpsPath.opsProductEdit, { year: 2030, code: '01', rateFen: 5500, eligibility: 'female' }, op);
    expect(edited).toMatchObject({ code: 0, data: { rateFen: 5500, eligibility: 'female', eligibilityLabel: '限女职工' } });
    expect((await lastCommand())?.detail).toMatchObject({ command: 'product-edit', after: { rateFen: 5500 } });
    const listed = (await hall.post(OpsPath.opsPeriodList, {}, op)).data.list.find((p: { year: number }) => p.year === 2030);
    expect(listed.products).toEqual([edited.data]);
  });

  it.each([
    [{ year: 2030, code: '02', name: '女职工特殊疾病互助' }, '请输入每份费率'],
    [{ year: 2030, code: '02', rateFen: 2000 }, '请输入险种名称'],
    [{ year: 2030, code: 'x', name: 'x', rateFen: 1 }, '险种代码须为 2-8 位数字或大写字母'],
    [{ year: 2030, code: '02', name: 'x', rateFen: 1, benefitRule: { ratio: 5 } }, '待遇规则须为 JSON 对象'],
    [{ year: 2030, code: '01', name: 'x', rateFen: 1 }, '2030年度已有险种 01'],
    [{ year: 2035, code: '02', name: 'x', rateFen: 1 }, '2035年度互助期不存在'],
    [{ year: 2030, code: '02', name: 'x', rateFen: 1, sort: 1000 }, '排序须为 0-999 的整数'],
  ])('product create refuses %j and creates nothing', async (body, message) => {
    const before = await hall.db.select({ n: count() }).from(products);
    const res = await hall.post(OpsPath.opsProductCreate, body, op);
    expect(res.code).toBe(Code.FAIL);
    expect(res.message).toContain(message);
    expect(await hall.db.select({ n: count() }).from(products)).toEqual(before);
  });

  it('product edit refuses bad input, and a new rate once units declared the product; nothing changes', async () => {
    await makeApplication(hall.db, {
      uact: 'opsapi001',
      year: 2027,
      state: 'draft',
      lines: [{ personId: people[0].personId, productCode: '03', shares: 2 }],
    });
    const product = async () =>
      (await hall.post(OpsPath.opsPeriodList, {}, op)).data.list
        .find((p: { year: number }) => p.year === 2027)
        .products.find((p: { code: string }) => p.code === '03');
    const before = await product();
    for (const [body, message] of [
      [{ year: 2027, code: '03', rateFen: 7000 }, '已有 '],
      [{ year: 2027, code: '03', maxShares: 1 }, '可购份数不能少于 2'],
      [{ year: 2027, code: '03', maxShares: 11 }, '可购份数须为 1-10 的整数'],
      [{ year: 2027, code: '03' }, '请至少指定一项要修改的内容'],
      [{ year: 2027, code: '99', name: 'x' }, '2027年度没有险种 99'],
    ] as const) {
      const res = await hall.post(OpsPath.opsProductEdit, body, op);
      expect(res.code, JSON.stringify(body)).toBe(Code.FAIL);
      expect(res.message).toContain(message);
    }
    expect(await product()).toEqual(before);
  });
});

describe('registry load (multipart, staged)', () => {
  it('previews a CSV, then loads it in the operator’s name: bad rows reported, the uninsured unit gets in', async () => {
    const unitOf = async () => (await hall.db.select().from(units).where(eq(units.uact, 'qydw92102')))[0].insured;
    expect(await unitOf()).toBe(false);
    const preview = await stage(
      op,
      csv(
        `${HEADER}单位,91430100MA4L1020EX,长沙市远航物流有限公司,参保,2026-11-20\n` +
          '个人,430105199211080011,刘洋,参保,2026/11/20\n' +
          '机构,91430100MA4L1010D5,类型错,参保,\n',
      ),
    );
    expect(preview).toMatchObject({
      code: 0,
      data: {
        fileName: '参保登记.csv',
        total: 3,
        valid: 2,
        invalid: 1,
        invalidRows: [{ rowNo: 4, code: '91430100MA4L1010D5', name: '类型错', reason: '类型“机构”有误，应为“单位”或“个人”' }],
        added: 2,
        changed: 0,
        unchanged: 0,
      },
    });
    // Nothing is written before the confirmation.
    expect(await hall.db.select().from(registryLoads)).toEqual([]);
    expect(await unitOf()).toBe(false);
    const res = await hall.post(OpsPath.opsRegistryConfirm, { batchId: preview.data.batchId }, op);
    expect(res).toMatchObject({
      code: 0,
      data: {
        fileName: '参保登记.csv',
        rows: 3,
        added: 2,
        changed: 0,
        unchanged: 0,
        errorCount: 1,
        units: [{ uact: 'qydw92102', insured: true }],
        persons: 1,
      },
    });
    expect(await unitOf()).toBe(true);
    const [load] = await hall.db.select().from(registryLoads).where(eq(registryLoads.id, res.data.loadId));
    expect(load).toMatchObject({ operator: OPERATOR, rows: 3, added: 2 });
    expect((await lastCommand())?.detail).toMatchObject({ command: 'registry-load', loadId: res.data.loadId });
    const token = (await hall.loginUnit('qydw92102')).data.accessToken;
    expect((await hall.post(ApiPath.payableList, {}, token)).code).toBe(0);
  });

  it('loads an Excel file with the columns in another order (停保)', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const columns = [REGISTRY_COLUMNS[2], REGISTRY_COLUMNS[0], REGISTRY_COLUMNS[1], REGISTRY_COLUMNS[3], REGISTRY_COLUMNS[4]];
    await writeTable(out, '参保登记', columns, [['长沙市远航物流有限公司', '单位', '91430100MA4L1020EX', '停保', '2026-11-21']]);
    const res = await upload(op, { name: '停保.xlsx', bytes: Buffer.concat(chunks) });
    expect(res).toMatchObject({ code: 0, data: { rows: 1, changed: 1, units: [{ uact: 'qydw92102', insured: false }] } });
    const token = (await hall.loginUnit('qydw92102')).data.accessToken;
    expect((await hall.post(ApiPath.payableList, {}, token)).message).toBe(NOT_INSURED_MESSAGES.unit);
  });

  it.each([
    ['no file', undefined, '请选择要上传的文件'],
    ['another format', { name: '参保登记.xls', bytes: Buffer.from('x') }, '参保登记文件须为 .xlsx 或 .csv 格式'],
    ['no header', csv('姓名,证件号\n张三,1\n'), '文件缺少列：类型、统一社会信用代码或身份证号码、名称、参保状态'],
    ['an empty file', csv(''), '文件为空'],
    ['not a workbook', { name: '参保登记.xlsx', bytes: Buffer.from('not a zip') }, '无法读取文件'],
  ])('refuses %s and loads nothing', async (_what, file, message) => {
    const before = await hall.db.select().from(registryLoads);
    const registry = await hall.db.select().from(insuredRegistry);
    const res = await upload(op, file);
    expect(res.code).toBe(Code.FAIL);
    expect(res.message).toContain(message);
    expect(await hall.db.select().from(registryLoads)).toEqual(before);
    expect(await hall.db.select().from(insuredRegistry)).toEqual(registry);
  });

  it('refuses a file over 10 MB, even when its rows before the limit are good, and loads nothing', async () => {
    const row = '个人,430105199211080011,刘洋,参保,2026-11-20\n';
    const rows = row.repeat(Math.ceil(FILE_MAX_BYTES / Buffer.byteLength(row)) + 10);
    const before = await hall.db.select().from(registryLoads);
    const res = await upload(op, csv(HEADER + rows));
    expect(res).toMatchObject({ code: Code.FAIL, message: '参保登记文件不能超过 10MB' });
    expect(await hall.db.select().from(registryLoads)).toEqual(before);
  });

  it('takes a file of exactly 10 MB', async () => {
    // One row with a note in a column the load does not read, then blank lines, padded to the byte
    // (a line is at most CSV_LINE_MAX_CHARS).
    const head = `\uFEFF${HEADER.replace('\n', ',备注\n')}个人,430105199211080011,刘洋,参保,2026-11-20,备注\n`;
    const bytes = Buffer.alloc(FILE_MAX_BYTES, `${' '.repeat(1023)}\n`);
    bytes.write(head, 'utf8');
    bytes.write('\n', FILE_MAX_BYTES - 1);
    const res = await upload(op, { name: '整10MB.csv', bytes });
    expect(res).toMatchObject({ code: 0, data: { rows: 1, errorCount: 0 } });
    // The back office's history names the load first, with its counts and who loaded it.
    const [latest] = (await hall.post(OpsPath.opsRegistryLoadList, {}, op)).data.list;
    expect(latest).toMatchObject({ fileName: '整10MB.csv', rows: 1, operator: OPERATOR });
  });

  it('refuses an Excel file over 10 MB and loads nothing', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    // Random text does not compress: the workbook passes 10 MB in the middle of its sheet.
    const noise = () => randomBytes(96).toString('base64');
    const rows = Array.from({ length: 60_000 }, () => ['个人', '430105199211080011', noise(), '参保', noise()]);
    await writeTable(out, '参保登记', REGISTRY_COLUMNS, rows);
    const bytes = Buffer.concat(chunks);
    expect(bytes.length).toBeGreaterThan(FILE_MAX_BYTES);
    const before = await hall.db.select().from(registryLoads);
    const res = await upload(op, { name: '参保登记.xlsx', bytes });
    expect(res).toMatchObject({ code: Code.FAIL, message: '参保登记文件不能超过 10MB' });
    expect(await hall.db.select().from(registryLoads)).toEqual(before);
  });
});

describe('payment confirmation', () => {
  let appId: number;
  beforeAll(async () => {
    appId = await makeApplication(hall.db, {
      uact: 'opsapi001',
      year: 2027,
      state: 'unpaid',
      reviewUact: 'lhgh92001',
      lines: [
        { personId: people[1].personId, productCode: '01', shares: 2 },
        { personId: people[1].personId, productCode: '02' },
      ],
    });
  });
  const confirm = (change: Record<string, unknown> = {}) =>
    hall.post(
      OpsPath.opsPaymentConfirm,
      { application: String(appId), amount: '140', paidOn: '2026-11-20', voucherNo: 'OPS-1', ...change },
      op,
    );

  it.each([
    [{ amount: '120' }, '缴费金额 ¥120.00 与申请 SQ2027'],
    [{ amount: '-1' }, '缴费金额须为大于 0 的元金额，最多两位小数'],
    [{ paidOn: '2026-11-23' }, '缴费日期 2026-11-23 晚于今天'],
    [{ paidOn: '2026-11-31' }, '缴费日期须为有效日期（YYYY-MM-DD）'],
    [{ voucherNo: '凭证 1' }, '缴费凭证号只能包含数字、字母、下划线和连字符'],
    [{ voucherNo: '' }, '请输入缴费凭证号'],
    [{ application: 'SQ2026999999' }, '申请不存在：SQ2026999999'],
    [{ application: 'abc' }, '申请编号须为数字编号或 SQ 开头的申请号'],
  ])('refuses %j and changes nothing', async (change, message) => {
    const res = await confirm(change);
    expect(res.code).toBe(Code.FAIL);
    expect(res.message).toContain(message);
    expect(await stateOf(appId)).toBe('unpaid');
    expect(await hall.db.select().from(payments).where(eq(payments.applicationId, appId))).toEqual([]);
  });

  it('confirms the payment in the operator’s name: paid, coverages, the unit’s mail', async () => {
    const no = `SQ2027${String(appId).padStart(6, '0')}`;
    const res = await confirm({ application: no, amount: '¥140.00' });
    expect(res).toMatchObject({
      code: 0,
      data: {
        applicationId: appId,
        applicationNo: no,
        uact: 'opsapi001',
        amountFen: 14000,
        paidOn: '2026-11-20',
        voucherNo: 'OPS-1',
        coverages: 2,
        continuing: 0,
        coveredFromNew: '2027-02-18',
      },
    });
    expect(await stateOf(appId)).toBe('paid');
    expect((await hall.db.select().from(payments).where(eq(payments.applicationId, appId)))[0]).toMatchObject({
      operator: OPERATOR,
      amountFen: 14000,
    });
    expect(await hall.db.select().from(coverages).where(eq(coverages.applicationId, appId))).toHaveLength(2);
    const mail = await hall.db.select().from(mailMessages).where(eq(mailMessages.recipientKey, 'opsapi001'));
    expect(mail.map((m) => m.title)).toContain(`互助申请 ${no} 已缴费`);
    expect((await lastCommand())?.detail).toMatchObject({ command: 'payment-confirm', applicationId: appId });
    expect((await confirm({ voucherNo: 'OPS-2' })).message).toContain('当前为“已缴费”，只有待缴费的申请可以确认缴费');
  });
});

describe('payables and what waits', () => {
  let overdue: number;
  let due: number;
  let waiting: number;
  beforeAll(async () => {
    overdue = await makeApplication(hall.db, {
      uact: 'opsapi001',
      year: 2026,
      state: 'unpaid',
      kind: 'add',
      lines: [{ personId: people[2].personId, productCode: '01' }],
    });
    due = await makeApplication(hall.db, {
      uact: 'opsapi001',
      year: 2027,
      state: 'unpaid',
      kind: 'add',
      lines: [{ personId: people[3].personId, productCode: '01', shares: 3 }],
    });
    waiting = await makeApplication(hall.db, {
      uact: 'opsapi001',
      year: 2027,
      state: 'submitted',
      reviewUact: 'lhgh92001',
      submittedAt: new Date('2026-11-01T02:00:00Z'),
      lines: [{ personId: people[0].personId, productCode: '01' }],
    });
  });

  it('lists what is unpaid, deadline first; overdue: true only what is past its deadline', async () => {
    const all = await hall.post(OpsPath.opsPayableList, {}, op);
    expect(all.code).toBe(0);
    expect(all.data.today).toBe('2026-11-22');
    const ids = all.data.list.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([overdue, due]));
    expect(ids.indexOf(overdue)).toBeLessThan(ids.indexOf(due));
    expect(all.data.list.find((r: { id: number }) => r.id === overdue)).toMatchObject({
      applicationNo: `SQ2026${String(overdue).padStart(6, '0')}`,
      uact: 'opsapi001',
      empName: '操作员接口测试单位',
      headcount: 1,
      amountFen: 6000,
      payDeadline: '2025-12-31',
      overdue: true,
      daysLeft: -326,
    });
    expect(all.data.list.find((r: { id: number }) => r.id === due)).toMatchObject({ overdue: false, daysLeft: 39, amountFen: 18000 });

    const late = await hall.post(OpsPath.opsPayableList, { overdue: true }, op);
    expect(late.data.list.every((r: { overdue: boolean }) => r.overdue)).toBe(true);
    expect(late.data.list.map((r: { id: number }) => r.id)).toContain(overdue);
    expect(late.data.list.map((r: { id: number }) => r.id)).not.toContain(due);
    const of2027 = await hall.post(OpsPath.opsPayableList, { year: 2027 }, op);
    expect(of2027.data.list.every((r: { year: number }) => r.year === 2027)).toBe(true);
  });

  it.each([
    [{ year: 1999 }, '互助年度须为 2000-2100 的年份'],
    [{ overdue: 'yes' }, '是否仅列逾期（overdue）须为 true 或 false'],
  ])('payables refuse %j', async (body, message) => {
    const res = await hall.post(OpsPath.opsPayableList, body, op);
    expect(res.code).toBe(Code.FAIL);
    expect(res.message).toContain(message);
  });

  it('the waiting list: pending registrations, unpaid near or past the deadline, reviews waiting too long', async () => {
    const w = await hall.post(OpsPath.opsWaitingList, {}, op);
    expect(w).toMatchObject({ code: 0, data: { today: '2026-11-22', reviewDays: 7, dueDays: 7 } });
    expect(w.data.unpaid.map((r: { id: number }) => r.id)).toContain(overdue);
    expect(w.data.unpaid.map((r: { id: number }) => r.id)).not.toContain(due);
    expect(w.data.reviews.find((r: { id: number }) => r.id === waiting)).toMatchObject({
      uact: 'opsapi001',
      unionUact: 'lhgh92001',
      waitingDays: 20,
      submittedAt: '2026-11-01T02:00:00.000Z',
    });
    const wider = await hall.post(OpsPath.opsWaitingList, { dueDays: 60, reviewDays: 30 }, op);
    expect(wider.data.unpaid.map((r: { id: number }) => r.id)).toContain(due);
    expect(wider.data.reviews.map((r: { id: number }) => r.id)).not.toContain(waiting);
  });

  it('the waiting list names a pending registration with its union', async () => {
    const { unitRegistration } = await import('../../test/fixtures');
    expect((await hall.post(ApiPath.insertRegisterInfo, { ...(await hall.human()), ...unitRegistration(811) })).code).toBe(0);
    const w = await hall.post(OpsPath.opsWaitingList, {}, op);
    expect(w.data.registrations.find((r: { uact: string }) => r.uact === 'newco2811')).toMatchObject({ kind: 'unit' });
    expect(typeof w.data.registrations[0].parentName).toBe('string');
  });

  it.each([
    [{ reviewDays: 400 }, '工会未审核天数须为 0-365 的整数天数'],
    [{ dueDays: -1 }, '距缴费截止天数须为 0-365 的整数天数'],
    [{ dueDays: 'x' }, '距缴费截止天数须为 0-365 的整数天数'],
  ])('the waiting list refuses %j', async (body, message) => {
    const res = await hall.post(OpsPath.opsWaitingList, body, op);
    expect(res.code).toBe(Code.FAIL);
    expect(res.message).toContain(message);
  });
});

describe('message send (the operator module’s service, as the CLI)', () => {
  it('sends to a unit by account and to a person by ID number, in the operator’s name', async () => {
    const toUnit = await hall.post(OpsPath.opsMailSend, { to: 'qydw92101', title: '请核对参保人员', content: '请于12月20日前核对。' }, op);
    expect(toUnit).toMatchObject({
      code: 0,
      data: { kind: 'unit', key: 'qydw92101', name: expect.any(String), title: '请核对参保人员' },
    });
    const inbox = await hall.post(ApiPath.mailPage, { readFlag: '0' }, unitToken);
    expect(inbox.data.list[0]).toMatchObject({ title: '请核对参保人员', sender: '长沙市总工会' });
    expect((await lastCommand())?.detail).toMatchObject({ command: 'message-send', to: 'qydw92101', kind: 'unit' });

    const toPerson = await hall.post(OpsPath.opsMailSend, { to: '430102198503150022', title: '个人消息', content: '您好' }, op);
    expect(toPerson).toMatchObject({ code: 0, data: { kind: 'personal', key: '430102198503150022', name: '李华' } });
  });

  it.each([
    ['an unknown account', { to: 'nobody0001', title: 't', content: 'c' }, '收件人不存在：nobody0001（请填写单位账号或个人身份证号码）'],
    ['an unknown person', { to: '11010519491231002X', title: 't', content: 'c' }, '没有身份证号码为 11010519491231002X 的人员'],
    ['no title', { to: 'qydw92101', title: '', content: 'c' }, '请输入消息标题'],
    ['a text too long', { to: 'qydw92101', title: 't', content: 'x'.repeat(2001) }, '消息正文不能超过2000个字'],
    ['no recipient', { title: 't', content: 'c' }, '请输入收件单位账号或个人身份证号码'],
  ])('refuses %s and sends nothing', async (_what, body, message) => {
    const before = await hall.db.select({ n: count() }).from(mailMessages);
    expect(await hall.post(OpsPath.opsMailSend, body, op)).toMatchObject({ code: Code.FAIL, message });
    expect(await hall.db.select({ n: count() }).from(mailMessages)).toEqual(before);
  });
});
