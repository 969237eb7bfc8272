import { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ApiPath, NOT_INSURED_MESSAGES, numberCellMessage } from '@hall/shared';
import {
  applicationEvents,
  applications,
  auditLog,
  coverages,
  insuredRegistry,
  mailMessages,
  payments,
  persons,
  registryLoads,
  units,
} from '../../db/schema';
import { writeTable } from '../../lib/table-file';
import { createTestHall, type TestHall } from '../../test/harness';
import { NS, workbook } from '../../test/xlsx-parts';
import { makeApplication, makeCoverage, staffOf } from '../../test/payable-fixtures';
import { sendMessage } from './message.service';
import { confirmPayment } from './payment.service';
import { createPeriod, editPeriod, editProduct, listPeriods, setProduct } from './periods.service';
import { loadRegistry, REGISTRY_COLUMNS } from './registry.service';
import { listPayables, listWaiting } from './waiting.service';

let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

const ctx = () => hall.app.hall;
const csv = (text: string) => Readable.from([Buffer.from(text, 'utf8')]);

describe('periods and products', () => {
  it('lists the four demo periods, newest first, with products and phase', async () => {
    const periods = await listPeriods(ctx());
    expect(periods.map((p) => [p.year, p.phaseLabel])).toEqual([
      [2027, '申报中'],
      [2026, '生效中'],
      [2025, '已结束'],
      [2024, '已结束'],
    ]);
    expect(periods[0].products.map((p) => [p.code, p.rateFen, p.maxShares, p.eligibility])).toEqual([
      ['01', 6000, 3, 'all'],
      ['02', 2000, 1, 'female'],
      ['03', 6000, 2, 'all'],
    ]);
  });

  it('creates a period with the usual calendar and changes a field; audited', async () => {
    const created = await createPeriod(ctx(), 'op1', { year: 2028, waitingDays: 60 });
    expect(created).toMatchObject({
      year: 2028,
      startDate: '2028-01-01',
      endDate: '2028-12-31',
      enrolStart: '2027-11-01',
      enrolEnd: '2027-12-31',
      payDeadline: '2027-12-31',
      waitingDays: 60,
      phase: 'upcoming',
    });
    const edited = await editPeriod(ctx(), 'op1', { year: 2028, payDeadline: '2028-01-15', name: '2028年度互助' });
    expect(edited).toMatchObject({ payDeadline: '2028-01-15', name: '2028年度互助', waitingDays: 60 });
    const rows = await hall.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorKind, 'operator'), eq(auditLog.actorKey, 'op1')));
    expect(rows.map((r) => (r.detail as { command: string }).command)).toEqual(['period-create', 'period-edit']);
  });

  // The services take what a door has read with the call's schema: a bad field is refused at the
  // door (operator-ops.test.ts, the CLI's tests), the rules below by the service.
  it.each([
    [{ year: 2028 }, '2028年度互助期已存在'],
    [{ year: 2029, startDate: '2029-12-31', endDate: '2029-01-01' }, '保障开始日期不能晚于保障结束日期'],
    [{ year: 2029, enrolStart: '2028-12-01', enrolEnd: '2028-11-01' }, '申报开始日期不能晚于申报截止日期'],
    [{ year: 2029, payDeadline: '2028-10-01' }, '缴费截止日期不能早于申报开始日期'],
  ])('refuses to create %j', async (input, message) => {
    await expect(createPeriod(ctx(), 'op1', input)).rejects.toThrow(message);
    expect((await listPeriods(ctx())).some((p) => p.year === 2029)).toBe(false);
  });

  it('creates and edits products; the rate is fixed once units declared the product', async () => {
    const made = await setProduct(ctx(), 'op1', {
      year: 2028,
      code: '01',
      name: '住院医疗互助',
      rateFen: 5000,
      maxShares: 3,
      benefitRule: { deductibleFen: 100_000, capFen: 3_000_000, bands: [{ uptoFen: null, ratioPct: 50 }] },
    });
    expect(made).toMatchObject({ created: true, product: { code: '01', rateFen: 5000, eligibility: 'all' } });
    expect((await editProduct(ctx(), 'op1', { year: 2028, code: '01', rateFen: 5500 })).rateFen).toBe(5500);
    await expect(setProduct(ctx(), 'op1', { year: 2028, code: '02', name: 'x' })).rejects.toThrow('请输入每份费率');
    await expect(setProduct(ctx(), 'op1', { year: 2030, code: '01', name: 'x', rateFen: 1 })).rejects.toThrow('2030年度互助期不存在');

    const [person] = await staffOf(hall.db, 'dlgh99001');
    await makeApplication(hall.db, {
      uact: 'dlgh99001',
      year: 2027,
      state: 'draft',
      lines: [{ personId: person.personId, productCode: '03', shares: 2 }],
    });
    await expect(editProduct(ctx(), 'op1', { year: 2027, code: '03', rateFen: 7000 })).rejects.toThrow(
      '险种 03（重大疾病互助）已有 1 条有效申报明细，不能修改费率',
    );
    await expect(editProduct(ctx(), 'op1', { year: 2027, code: '03', maxShares: 1 })).rejects.toThrow('可购份数不能少于 2');
    await expect(editProduct(ctx(), 'op1', { year: 2027, code: '03', eligibility: 'female' })).rejects.toThrow('不能改为限女职工参加');
    // The name and the rule may still change.
    expect((await editProduct(ctx(), 'op1', { year: 2027, code: '03', name: '重大疾病互助保障' })).name).toBe('重大疾病互助保障');
    const p2027 = (await listPeriods(ctx())).find((p) => p.year === 2027)!;
    expect(p2027.products.find((p) => p.code === '03')!.rateFen).toBe(6000);
  });
});

describe('insured registry', () => {
  const HEADER = '类型,统一社会信用代码或身份证号码,名称,参保状态,参保日期\n';

  it('loads a CSV, reports bad rows, and the uninsured unit gets in (its needInsured calls stop being refused)', async () => {
    const token = (await hall.loginUnit('qydw92102')).data.accessToken;
    const before = await hall.post(ApiPath.payableList, {}, token);
    expect(before).toMatchObject({ code: 1, message: NOT_INSURED_MESSAGES.unit });

    const file =
      HEADER +
      '单位,91430100MA4L1020EX,长沙市远航物流有限公司,参保,2026-11-20\n' +
      '个人,430105199211080011,刘洋,参保,2026/11/20\n' +
      '单位,91430100MA4L1020EY,坏代码公司,参保,2026-11-20\n' +
      '机构,91430100MA4L1010D5,类型错,参保,\n' +
      '个人,430105199211080012,坏身份证,参保,\n' +
      '个人,430102198503150022,李华,退保,\n' +
      '单位,91430100MA4L1020EX,重复行,参保,\n' +
      '个人,430103199007120044,王芳,参保,2026-13-01\n';
    const result = await loadRegistry(ctx(), 'op2', { fileName: 'registry.csv', input: csv(file) });
    expect(result).toMatchObject({ rows: 8, added: 2, changed: 0, unchanged: 0, errorCount: 6, persons: 1 });
    expect(result.units).toEqual([{ uact: 'qydw92102', insured: true }]);
    expect(result.errors).toEqual([
      { rowNo: 4, message: '统一社会信用代码“91430100MA4L1020EY”有误' },
      { rowNo: 5, message: '类型“机构”有误，应为“单位”或“个人”' },
      { rowNo: 6, message: '身份证号码“430105199211080012”有误' },
      { rowNo: 7, message: '参保状态“退保”有误，应为“参保”或“停保”' },
      { rowNo: 8, message: '与第2行重复' },
      { rowNo: 9, message: '参保日期“2026-13-01”有误，应为 YYYY-MM-DD' },
    ]);
    const [liu] = await hall.db.select().from(persons).where(eq(persons.certNo, '430105199211080011'));
    expect(liu.insured).toBe(true);

    const after = await hall.post(ApiPath.payableList, {}, token);
    expect(after.code).toBe(0);
  });

  it('loading the same file again changes nothing', async () => {
    const file = HEADER + '单位,91430100MA4L1020EX,长沙市远航物流有限公司,参保,2026-11-20\n个人,430105199211080011,刘洋,参保,2026-11-20\n';
    const again = await loadRegistry(ctx(), 'op2', { fileName: 'registry.csv', input: csv(file) });
    expect(again).toMatchObject({ rows: 2, added: 0, changed: 0, unchanged: 2, errorCount: 0, units: [], persons: 0 });
    const registry = await hall.db.select().from(insuredRegistry);
    expect(registry).toHaveLength(2);
    const loads = await hall.db.select().from(registryLoads);
    expect(loads.map((l) => [l.rows, l.added, l.changed])).toEqual([
      [8, 2, 0],
      [2, 0, 0],
    ]);
  });

  it('an Excel file with columns in another order stops a unit (停保); the unit is refused again', async () => {
    const body = new PassThrough();
    const chunks: Buffer[] = [];
    body.on('data', (c: Buffer) => chunks.push(c));
    const columns = [REGISTRY_COLUMNS[2], REGISTRY_COLUMNS[0], REGISTRY_COLUMNS[1], REGISTRY_COLUMNS[3], REGISTRY_COLUMNS[4]];
    await writeTable(body, '参保登记', columns, [['长沙市远航物流有限公司', '单位', '91430100MA4L1020EX', '停保', '2026-11-21']]);
    const r = await loadRegistry(ctx(), 'op2', { fileName: '停保.xlsx', input: Readable.from([Buffer.concat(chunks)]) });
    expect(r).toMatchObject({ rows: 1, added: 0, changed: 1, units: [{ uact: 'qydw92102', insured: false }] });
    const token = (await hall.loginUnit('qydw92102')).data.accessToken;
    expect((await hall.post(ApiPath.payableList, {}, token)).message).toBe(NOT_INSURED_MESSAGES.unit);
  });

  it('refuses a file without the header, or of another format, and writes nothing', async () => {
    await expect(loadRegistry(ctx(), 'op2', { fileName: 'x.csv', input: csv('姓名,证件号\n张三,1\n') })).rejects.toThrow(
      '文件缺少列：类型、统一社会信用代码或身份证号码、名称、参保状态',
    );
    await expect(loadRegistry(ctx(), 'op2', { fileName: 'x.xls', input: csv('') })).rejects.toThrow('须为 .xlsx 或 .csv 格式');
    await expect(loadRegistry(ctx(), 'op2', { fileName: 'x.xlsx', input: csv('not a zip') })).rejects.toThrow('无法读取文件');
    expect(await hall.db.select().from(registryLoads)).toHaveLength(3);
  });

  it('an Excel file whose ID number is a numeric cell: that row is refused (the number lost digits), nothing of it loaded', async () => {
    const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const header = ['类型', '统一社会信用代码或身份证号码', '名称', '参保状态'].map((h, i) => inline(`${'ABCD'[i]}1`, h)).join('');
    const sheet = `<worksheet ${NS}><sheetData><row r="1">${header}</row><row r="2">${inline('A2', '个人')}<c r="B2"><v>430102198503150022</v></c>${inline('C2', '李华')}${inline('D2', '停保')}</row></sheetData></worksheet>`;
    const r = await loadRegistry(ctx(), 'op2', { fileName: '数字.xlsx', input: Readable.from([workbook({ sheet })]) });
    expect(r).toMatchObject({ rows: 1, added: 0, changed: 0, errorCount: 1 });
    expect(r.errors).toEqual([{ rowNo: 2, message: numberCellMessage('统一社会信用代码或身份证号码') }]);
  });
});

describe('payment confirmation', () => {
  let appId: number;
  let people: Awaited<ReturnType<typeof staffOf>>;

  beforeAll(async () => {
    people = await staffOf(hall.db, 'qydw92101');
    // Last year (2026) one member was covered by 01: in 2027 they continue without waiting.
    const old = await makeApplication(hall.db, {
      uact: 'qydw92101',
      year: 2026,
      state: 'paid',
      lines: [{ personId: people[0].personId, productCode: '01' }],
    });
    await makeCoverage(hall.db, {
      applicationId: old,
      personId: people[0].personId,
      productCode: '01',
      coveredFrom: '2026-01-01',
      uact: 'qydw92101',
      year: 2026,
    });
    appId = await makeApplication(hall.db, {
      uact: 'qydw92101',
      year: 2027,
      state: 'unpaid',
      reviewUact: 'lhgh92001',
      lines: [
        { personId: people[0].personId, productCode: '01', shares: 2 },
        { personId: people[1].personId, productCode: '01' },
        { personId: people[1].personId, productCode: '03' },
      ],
    });
  });

  it.each([
    [{ amount: '179.99' }, '缴费金额 ¥179.99 与申请 SQ2027'],
    [{ paidOn: '2026-11-23' }, '晚于今天'],
    [{ paidOn: '2026-10-01' }, '早于2027年度申报开始日期'],
    [{ application: 'SQ2026999999' }, '申请不存在'],
  ])('refuses %j and changes nothing', async (change, message) => {
    await expect(
      confirmPayment(ctx(), 'op3', { application: String(appId), amount: '240', paidOn: '2026-11-20', voucherNo: 'V-1', ...change }),
    ).rejects.toThrow(message);
    const [app] = await hall.db.select().from(applications).where(eq(applications.id, appId));
    expect(app.state).toBe('unpaid');
    expect(await hall.db.select().from(payments).where(eq(payments.applicationId, appId))).toEqual([]);
  });

  it('of two confirmations at once only one wins; coverages start by the rule; the unit gets mail', async () => {
    const no = `SQ2027${String(appId).padStart(6, '0')}`;
    const results = await Promise.allSettled([
      confirmPayment(ctx(), 'op3', { application: no, amount: '240.00', paidOn: '2026-11-20', voucherNo: 'BANK-0001' }),
      confirmPayment(ctx(), 'op4', { application: String(appId), amount: '240', paidOn: '2026-11-20', voucherNo: 'BANK-0002' }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(won).toHaveLength(1);
    expect(lost[0].reason.message).toMatch(/已不是待缴费状态|已确认缴费|只有待缴费的申请/);
    expect((won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof confirmPayment>>>).value).toMatchObject({
      applicationNo: no,
      coverages: 3,
      continuing: 1,
      coveredFromNew: '2027-02-18',
      coveredFromContinuing: '2027-01-01',
    });

    const paid = await hall.db.select().from(payments).where(eq(payments.applicationId, appId));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amountFen: 24000, paidOn: '2026-11-20' });
    const covers = await hall.db.select().from(coverages).where(eq(coverages.applicationId, appId));
    const by = (personId: number, code: string) => covers.find((c) => c.personId === personId && c.productCode === code)!;
    expect(by(people[0].personId, '01')).toMatchObject({ coveredFrom: '2027-01-01', continuing: true, shares: 2 });
    expect(by(people[1].personId, '01')).toMatchObject({ coveredFrom: '2027-02-18', continuing: false });
    expect(by(people[1].personId, '03')).toMatchObject({ coveredFrom: '2027-02-18', continuing: false });
    const [app] = await hall.db.select().from(applications).where(eq(applications.id, appId));
    expect(app.state).toBe('paid');
    const events = await hall.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, appId));
    expect(events).toEqual([expect.objectContaining({ actorKind: 'operator', fromState: 'unpaid', toState: 'paid' })]);
    const mail = await hall.db.select().from(mailMessages).where(eq(mailMessages.recipientKey, 'qydw92101'));
    expect(mail.map((m) => m.title)).toContain(`互助申请 ${no} 已缴费`);
  });

  it('tells each covered person with a personal account, in their own inbox', async () => {
    const li = people.find((p) => p.certNo === '430102198503150022')!;
    const id = await makeApplication(hall.db, {
      uact: 'qydw92101',
      year: 2027,
      state: 'unpaid',
      lines: [
        { personId: li.personId, productCode: '01' },
        { personId: li.personId, productCode: '02' },
      ],
    });
    await confirmPayment(ctx(), 'op3', { application: String(id), amount: '80', paidOn: '2026-11-21', voucherNo: 'BANK-LI' });
    const mine = await hall.db.select().from(mailMessages).where(eq(mailMessages.recipientKey, li.certNo));
    const told = mine.filter((m) => m.title === '您已参加2027年度职工医疗互助');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ recipientKind: 'personal', readFlag: '0' });
    expect(told[0].content).toBe(
      '长沙市星辰科技有限公司已为您办理2027年度职工医疗互助：住院医疗互助1份，自2027-02-19起保障；女职工特殊疾病互助1份，自2027-02-19起保障。保障期至2027-12-31。',
    );
    // People without a personal account get none.
    const others = await hall.db.select().from(mailMessages).where(eq(mailMessages.title, '您已参加2027年度职工医疗互助'));
    expect(others).toHaveLength(1);
  });

  it('refuses a paid application and a voucher used before', async () => {
    await expect(
      confirmPayment(ctx(), 'op3', { application: String(appId), amount: '240', paidOn: '2026-11-20', voucherNo: 'X' }),
    ).rejects.toThrow('当前为“已缴费”，只有待缴费的申请可以确认缴费');
    const other = await makeApplication(hall.db, {
      uact: 'qydw92101',
      year: 2027,
      state: 'unpaid',
      kind: 'add',
      lines: [{ personId: people[2].personId, productCode: '01' }],
    });
    const used = (await hall.db.select().from(payments).where(eq(payments.applicationId, appId)))[0].voucherNo;
    await expect(
      confirmPayment(ctx(), 'op3', { application: String(other), amount: '60', paidOn: '2026-11-21', voucherNo: used }),
    ).rejects.toThrow(`缴费凭证号 ${used} 已用于申请`);
    // Paid after the deadline: no continuation, cover after the waiting days.
    hall.clock.advance(50 * 86_400_000);
    const late = await confirmPayment(ctx(), 'op3', {
      application: String(other),
      amount: '60',
      paidOn: '2027-01-10',
      voucherNo: 'BANK-0003',
    });
    expect(late).toMatchObject({ state: 'confirmed', coveredFromNew: '2027-04-10' });
    hall.clock.advance(-50 * 86_400_000);
  });
});

describe('messages', () => {
  it('sends to a unit by account and to a person by ID number', async () => {
    expect(await sendMessage(ctx(), 'op5', { to: 'dlgh99001', title: '缴费提醒', content: '请于月底前缴费。' })).toMatchObject({
      kind: 'unit',
      key: 'dlgh99001',
    });
    expect(await sendMessage(ctx(), 'op5', { to: '430103199007120044', title: '您好', content: '欢迎参加互助。' })).toMatchObject({
      kind: 'personal',
      name: '王芳',
    });
    const token = (await hall.loginPersonal('430103199007120044')).data.accessToken;
    const inbox = await hall.post(ApiPath.mailPage, { readFlag: '0' }, token);
    expect(inbox.data.list[0]).toMatchObject({ title: '您好', content: '欢迎参加互助。', sender: '长沙市总工会' });
  });

  it.each([
    [{ to: 'nobody0001', title: 't', content: 'c' }, '收件人不存在：nobody0001'],
    [{ to: '11010519491231002X', title: 't', content: 'c' }, '没有身份证号码为 11010519491231002X 的人员'],
  ])('refuses %j', async (input, message) => {
    await expect(sendMessage(ctx(), 'op5', input)).rejects.toThrow(message);
  });
});

describe('what waits', () => {
  it('lists unpaid near or past the deadline and applications waiting for their union', async () => {
    const people = await staffOf(hall.db, 'qydw92101');
    const waiting = await makeApplication(hall.db, {
      uact: 'qydw92101',
      year: 2027,
      state: 'submitted',
      reviewUact: 'lhgh92001',
      submittedAt: new Date('2026-11-01T02:00:00Z'),
      lines: [{ personId: people[3].personId, productCode: '01' }],
    });
    const unpaid = await makeApplication(hall.db, {
      uact: 'hygh93001',
      year: 2026,
      state: 'unpaid',
      kind: 'add',
      lines: [{ personId: (await staffOf(hall.db, 'hygh93001'))[0].personId, productCode: '01' }],
    });
    await makeApplication(hall.db, {
      uact: 'qydw92101',
      year: 2027,
      state: 'unpaid',
      kind: 'add',
      lines: [{ personId: people[4].personId, productCode: '01' }],
    });
    const w = await listWaiting(ctx(), 'op6', { reviewDays: 7, dueDays: 7 });
    expect(w.reviews.map((r) => r.id)).toContain(waiting);
    expect(w.reviews.find((r) => r.id === waiting)).toMatchObject({ unionUact: 'lhgh92001', waitingDays: 20 });
    expect(w.unpaid.find((r) => r.id === unpaid)).toMatchObject({ overdue: true, payDeadline: '2025-12-31' });
    expect(Array.isArray(w.registrations)).toBe(true);
    // 2027's deadline (2026-12-31) is 39 days away: not within 7 days, within 60.
    const soon = await listWaiting(ctx(), 'op6', { reviewDays: 7, dueDays: 60 });
    expect(soon.unpaid.length).toBeGreaterThan(w.unpaid.length);

    const overdue = await listPayables(ctx(), 'op6', { overdue: true });
    expect(overdue.list.every((r) => r.overdue)).toBe(true);
    expect(overdue.list.map((r) => r.id)).toContain(unpaid);
    const all = await listPayables(ctx(), 'op6', {});
    expect(all.list.length).toBeGreaterThan(overdue.list.length);
  });
});

describe('units follow the registry by credit code', () => {
  it('a unit the registry never named keeps its flag', async () => {
    const [u] = await hall.db.select().from(units).where(eq(units.uact, 'lhgh92001'));
    expect(u.insured).toBe(true);
  });
});
