import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, ACTING_FOR_HEADER, BenefitPath, NOT_INSURED_MESSAGES, OrgPath, ORG_MESSAGES } from '@hall/shared';
import { accounts, auditLog, mailMessages, outbox, units } from '../../db/schema';
import { addStaff, createUnit, type TestStaff } from '../../test/apply-fixtures';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../../test/harness';
import { readTable } from '../../lib/table-file';
import { Readable } from 'node:stream';

/**
 * Union organisation (issue 10): the subordinates of a 92 and a 93 union, the two spec calls,
 * the first password, a released branch's read-only business and the 93 union acting for it.
 */

let hall: TestHall;
let u92: string; // lhgh92001
let u93: string; // hygh93001
let u99: string; // dlgh99001
let ent: string; // qydw92101 (level 2)
let authorized: string; // fhgh93101
let released: string; // fhgh93102
let person: string;
let otherUnion: string; // another 92 union, own enterprise
let ids: Record<string, number>;
let releasedStaff: TestStaff[];

const token = async (uact: string, password?: string) => (await hall.loginUnit(uact, password)).data?.accessToken as string;
const list = (tk: string, payload: Record<string, unknown> = {}) => hall.post(ApiPath.uactRelevQueryList, payload, tk);
const update = (tk: string, payload: Record<string, unknown>) => hall.post(ApiPath.uactRelevUpdate, payload, tk);
const acting = (uact: string) => ({ [ACTING_FOR_HEADER]: uact });
const newEnterprise = (n: number, extra: Record<string, unknown> = {}) => ({
  uact: `qytest${String(n).padStart(4, '0')}`,
  name: `测试企业${n}有限公司`,
  uscc: USCCS[n],
  contactName: '张联系',
  contactPhone: `1390731${String(n).padStart(4, '0')}`,
  ...extra,
});
// Valid credit codes (GB 32100-2015 check character).
const USCCS = ['91430100MA4L2000XQ', '91430100MA4L3010AB', '91430100MA4L3020B4', '91430100MA4L3030CW', '91430100MA4L3040DM'];

beforeAll(async () => {
  hall = await createTestHall();
  await createUnit(hall.db, { uact: 'lhghtest92', name: '测试另一联合工会', level: 1, uniType: '92' });
  await createUnit(hall.db, { uact: 'qydwother1', name: '测试他会企业', level: 2, parent: 'lhghtest92' });
  [u92, u93, u99, ent, authorized, released, otherUnion] = await Promise.all(
    ['lhgh92001', 'hygh93001', 'dlgh99001', 'qydw92101', 'fhgh93101', 'fhgh93102', 'lhghtest92'].map((u) => token(u)),
  );
  person = (await hall.loginPersonal('430102198503150022')).data.accessToken;
  ids = Object.fromEntries((await hall.db.select({ uact: units.uact, id: units.id }).from(units)).map((r) => [r.uact, r.id]));
  releasedStaff = await addStaff(hall.db, ids.fhgh93102, [{ name: '周鹏', gender: '1' }]);
});
afterAll(() => hall.close());

describe('queryList', () => {
  it("answers a 92 union's enterprises with their notification labels, and a 93 union's branches with authorization", async () => {
    const res = await list(u92);
    expect(res.code).toBe(0);
    const byUact = Object.fromEntries(res.data.list.map((r: { uact: string }) => [r.uact, r]));
    expect(Object.keys(byUact).sort()).toEqual(['qydw92101', 'qydw92102']);
    expect(byUact.qydw92101).toMatchObject({ notifyState: '1', notifyStateLabel: '已通知', authStateLabel: '无', accountState: 'active' });
    expect(byUact.qydw92102.notifyStateLabel).toBe('未通知');
    const b = await list(u93, { authState: '2' });
    expect(b.data.list.map((r: { uact: string }) => r.uact)).toEqual(['fhgh93102']);
    expect(b.data.list[0]).toMatchObject({ authStateLabel: '已解除授权', notifyStateLabel: '无' });
  });

  it('filters by name, credit code and notification state', async () => {
    expect((await list(u92, { name: '星辰' })).data.list.map((r: { uact: string }) => r.uact)).toEqual(['qydw92101']);
    expect((await list(u92, { notifyState: '0' })).data.list.map((r: { uact: string }) => r.uact)).toEqual(['qydw92102']);
    expect((await list(u92, { uscc: '91430100MA4L1020EX' })).data.totlCnt).toBe(1);
    expect((await list(u92, { notifyState: '9' })).code).toBe(1);
  });

  it('refuses a 99 union, a level-2 unit, a person, and acting-for', async () => {
    expect((await list(u99)).message).toBe(ORG_MESSAGES.onlyUnion);
    expect((await list(ent)).message).toBe(ORG_MESSAGES.onlyUnion);
    expect((await list(released)).message).toBe(ORG_MESSAGES.onlyUnion);
    expect((await list(person)).code).toBe(1);
    expect((await hall.post(ApiPath.uactRelevQueryList, {}, u93, acting('fhgh93102'))).message).toBe(ORG_MESSAGES.actingNotBusiness);
  });

  it('refuses a 92 union without insurance (needInsured page)', async () => {
    await hall.db.update(units).set({ insured: false }).where(eq(units.uact, 'lhghtest92'));
    expect((await list(otherUnion)).message).toBe(NOT_INSURED_MESSAGES.unit);
    await hall.db.update(units).set({ insured: true }).where(eq(units.uact, 'lhghtest92'));
  });
});

describe('updateDataByID: notification', () => {
  it('notifies an enterprise (未通知 → 已通知) with a mail to it, audited; refuses a repeat', async () => {
    const res = await update(u92, { id: ids.qydw92102, notifyState: '1' });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ notifyState: '1', notifyStateLabel: '已通知' });
    const [mail] = await hall.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.recipientKey, 'qydw92102'))
      .orderBy(desc(mailMessages.id));
    expect(mail.title).toBe('互助申报通知');
    expect((await update(u92, { id: ids.qydw92102, notifyState: '1' })).message).toBe('该企业已通知，无需重复通知');
    const [row] = await hall.db.select().from(auditLog).where(eq(auditLog.action, 'org-change')).orderBy(desc(auditLog.id));
    expect(row.detail).toMatchObject({ event: 'enterprise-notify', units: ['qydw92102'] });
  });

  it('refuses the states that follow the application, and both states at once', async () => {
    expect((await update(u92, { id: ids.qydw92101, notifyState: '3' })).code).toBe(1);
    expect((await update(u92, { id: ids.qydw92101, notifyState: '1', authState: '2' })).code).toBe(1);
  });

  it("refuses another union's enterprise, a branch id, and a 93 union notifying", async () => {
    expect((await update(u92, { id: ids.qydwother1, notifyState: '1' })).message).toBe(ORG_MESSAGES.notFound);
    expect((await update(u92, { id: ids.fhgh93101, notifyState: '1' })).message).toBe(ORG_MESSAGES.notFound);
    expect((await update(u92, { id: ids.lhgh92001, notifyState: '1' })).message).toBe(ORG_MESSAGES.notFound);
    expect((await update(u93, { id: ids.fhgh93101, notifyState: '1' })).message).toBe(ORG_MESSAGES.onlyUnion92);
    expect((await update(ent, { id: ids.qydw92101, notifyState: '1' })).message).toBe(ORG_MESSAGES.onlyUnion92);
  });

  it('notifies several at once and refuses a list holding another union’s id', async () => {
    await hall.db.update(units).set({ notifyState: '2' }).where(eq(units.uact, 'qydw92102'));
    expect((await hall.post(OrgPath.subNotify, { ids: [ids.qydw92102, ids.qydwother1] }, u92)).message).toBe(ORG_MESSAGES.notFound);
    const res = await hall.post(OrgPath.subNotify, { ids: [ids.qydw92102, ids.qydw92101] }, u92);
    expect(res.data).toEqual({ notified: 1 });
    expect((await hall.post(OrgPath.subNotify, { ids: [ids.qydw92102] }, u92)).code).toBe(1);
  });
});

describe('the notification follows the application', () => {
  it('submit → 已申报, withdrawal → 已撤销申报', async () => {
    const id = await createUnit(hall.db, { uact: 'qydwdecl01', name: '测试申报企业', level: 2, parent: 'lhgh92001' });
    await hall.db.update(units).set({ notifyState: '1' }).where(eq(units.id, id));
    const staff = await addStaff(hall.db, id, [{ name: '黄婷', gender: '2' }]);
    const tk = await token('qydwdecl01');
    const created = await hall.post(ApiPath.applyCreate, { periodYear: 2027, kind: 'new' }, tk);
    expect(created.code).toBe(0);
    const appId = created.data.id;
    await hall.post(ApiPath.applyAddLines, { id: appId, staffIds: [staff[0].staffId], products: [{ code: '01', shares: 1 }] }, tk);
    expect((await hall.post(ApiPath.applySubmit, { id: appId }, tk)).code).toBe(0);
    const stateOf = async () => (await hall.db.select({ s: units.notifyState }).from(units).where(eq(units.id, id)))[0].s;
    expect(await stateOf()).toBe('3');
    const listed = await list(u92, { name: '测试申报' });
    expect(listed.data.list[0].notifyStateLabel).toBe('已申报');
    expect((await hall.post(ApiPath.applyCancel, { id: appId, reason: '人员有误' }, tk)).code).toBe(0);
    expect(await stateOf()).toBe('2');
  });
});

describe('updateDataByID: authorization', () => {
  it('releases a branch with a required reason, mails it and audits; restores it', async () => {
    expect((await update(u93, { id: ids.fhgh93101, authState: '2' })).message).toBe('请输入解除授权原因');
    const res = await update(u93, { id: ids.fhgh93101, authState: '2', reason: '分会换届' });
    expect(res.data).toMatchObject({ authState: '2', authStateLabel: '已解除授权' });
    expect((await update(u93, { id: ids.fhgh93101, authState: '2', reason: '再次' })).message).toBe('该分会已解除授权');
    const [mail] = await hall.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.recipientKey, 'fhgh93101'))
      .orderBy(desc(mailMessages.id));
    expect(mail.content).toContain('分会换届');
    const [row] = await hall.db.select().from(auditLog).where(eq(auditLog.action, 'org-change')).orderBy(desc(auditLog.id));
    expect(row.detail).toMatchObject({ event: 'branch-authorization', branch: 'fhgh93101', to: '2', reason: '分会换届' });
    expect((await update(u93, { id: ids.fhgh93101, authState: '1', reason: '换届完成' })).data.authState).toBe('1');
  });

  it("refuses a 92 union, another union's unit and a branch", async () => {
    expect((await update(u92, { id: ids.qydw92101, authState: '2', reason: 'x' })).message).toBe(ORG_MESSAGES.onlyUnion93);
    expect((await update(u93, { id: ids.qydw92101, authState: '2', reason: 'x' })).message).toBe(ORG_MESSAGES.notFound);
    expect((await update(authorized, { id: ids.fhgh93102, authState: '1', reason: 'x' })).message).toBe(ORG_MESSAGES.onlyUnion93);
  });
});

describe('add, edit, disable', () => {
  let newId: string;
  it('adds an enterprise whose first password reaches the contact by SMS and must be changed', async () => {
    const res = await hall.post(OrgPath.subAdd, newEnterprise(1, { name: '测试<b>企业</b>' }), u92);
    expect(res.code).toBe(0);
    newId = res.data.id;
    expect(res.data).toMatchObject({ uact: 'qytest0001', notifyState: '0', contactPhone: '13907310001' });
    const [sms] = await hall.db.select().from(outbox).where(eq(outbox.target, '13907310001')).orderBy(desc(outbox.id));
    expect(sms.content).not.toContain('企业');
    // Signed as every SMS of the hall (sms/signature.ts): the city union.
    expect(sms.content).toMatch(/^【长沙市总工会】您单位的网上服务大厅账号qytest0001已开通，初始密码/);
    const password = /初始密码(\S+?)，/.exec(sms.content)![1];
    const login = await hall.loginUnit('qytest0001', password);
    expect(login.code).toBe(0);
    const tk = login.data.accessToken;
    expect((await hall.get(ApiPath.userInfo, tk)).data.mustChangePassword).toBe(true);
    expect((await hall.post(ApiPath.mailPage, {}, tk)).message).toBe(ORG_MESSAGES.mustChangePassword);
    const changed = await hall.post(ApiPath.updatePassword, { uact: 'qytest0001', oldPwd: password, pwd: 'New@Pass2026' }, tk);
    expect(changed.code).toBe(0);
    const again = await hall.loginUnit('qytest0001', 'New@Pass2026');
    expect((await hall.get(ApiPath.userInfo, again.data.accessToken)).data.mustChangePassword).toBeUndefined();
  });

  it('refuses a taken account, a taken credit code, a bad code and a bad phone', async () => {
    expect((await hall.post(OrgPath.subAdd, newEnterprise(2, { uact: 'qydw92101' }), u92)).message).toBe('该单位账号已被使用，请更换账号');
    expect((await hall.post(OrgPath.subAdd, newEnterprise(2, { uscc: USCCS[1] }), u92)).message).toContain('统一社会信用代码已有');
    expect((await hall.post(OrgPath.subAdd, newEnterprise(2, { uscc: '91430100MA4L3010AC' }), u92)).code).toBe(1);
    expect((await hall.post(OrgPath.subAdd, newEnterprise(2, { contactPhone: '123' }), u92)).code).toBe(1);
    expect((await hall.post(OrgPath.subAdd, newEnterprise(2, { uact: 'abc' }), u92)).code).toBe(1);
    expect((await hall.post(OrgPath.subAdd, newEnterprise(2), u99)).message).toBe(ORG_MESSAGES.onlyUnion);
    expect((await hall.post(OrgPath.subAdd, newEnterprise(2), ent)).message).toBe(ORG_MESSAGES.onlyUnion);
  });

  it('adds a branch (authorized) for a 93 union', async () => {
    const res = await hall.post(OrgPath.subAdd, newEnterprise(3, { uact: 'fhtest0003', name: '测试分会' }), u93);
    expect(res.data).toMatchObject({ authState: '1', authStateLabel: '已授权', notifyState: '' });
  });

  it("edits its own, refuses another union's", async () => {
    const res = await hall.post(OrgPath.subUpdate, { id: newId, ...newEnterprise(1, { name: '测试改名有限公司' }) }, u92);
    expect(res.data.name).toBe('测试改名有限公司');
    expect((await hall.post(OrgPath.subUpdate, { id: ids.qydwother1, ...newEnterprise(4) }, u92)).message).toBe(ORG_MESSAGES.notFound);
    expect((await hall.post(OrgPath.subUpdate, { id: ids.fhgh93101, ...newEnterprise(4) }, u92)).message).toBe(ORG_MESSAGES.notFound);
  });

  it('disables an account: its session ends, it cannot log in; enabled again it can', async () => {
    const tk = await token('qydw92102');
    const res = await hall.post(OrgPath.subAccount, { id: ids.qydw92102, enabled: false }, u92);
    expect(res.data).toMatchObject({ accountState: 'disabled', accountStateLabel: '已停用' });
    expect((await hall.get(ApiPath.userInfo, tk)).code).not.toBe(0);
    expect((await hall.loginUnit('qydw92102')).message).toContain('停用');
    expect((await list(u92, { accountState: 'disabled' })).data.totlCnt).toBe(1);
    expect((await hall.post(OrgPath.subAccount, { id: ids.qydw92102, enabled: false }, u92)).code).toBe(1);
    expect((await hall.post(OrgPath.subAccount, { id: ids.qydwother1, enabled: false }, u92)).message).toBe(ORG_MESSAGES.notFound);
    expect((await hall.post(OrgPath.subAccount, { id: ids.qydw92102, enabled: true }, u92)).data.accountState).toBe('active');
    expect((await hall.loginUnit('qydw92102')).code).not.toBe(1);
    const [acc] = await hall.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.loginName, 'qydw92102')));
    expect(acc.status).toBe('active');
  });

  it('exports the list as Excel', async () => {
    const res = await hall.download(OrgPath.subExport, {}, u92);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
  });
});

describe('a released branch and its union', () => {
  it('tells the released branch it is read-only and refuses its writes across the business', async () => {
    expect((await hall.get(ApiPath.userInfo, released)).data.readOnly).toBe(true);
    expect((await hall.get(ApiPath.userInfo, authorized)).data.readOnly).toBeUndefined();
    expect((await hall.post(ApiPath.staffPage, {}, released)).code).toBe(0);
    const writes: Array<[string, unknown]> = [
      [ApiPath.staffAdd, { name: '吴倩', certNo: '430102199001010027', psnType: '1', joinedOn: '2025-01-01' }],
      [ApiPath.staffLeave, { id: releasedStaff[0].staffId, leftOn: '2026-11-01', leaveReason: '离职' }],
      [ApiPath.applyCreate, { periodYear: 2027, kind: 'new' }],
      [ApiPath.applySubmit, { id: 1 }],
      [ApiPath.applyCancel, { id: 1 }],
      [BenefitPath.claimSave, {}],
      [BenefitPath.claimUnitApprove, { id: 1 }],
    ];
    for (const [path, body] of writes) expect((await hall.post(path, body, released)).message, path).toBe(ORG_MESSAGES.released);
  });

  it('lets the 93 union act for the released branch: reads and writes as the branch, audited', async () => {
    const staffPage = await hall.post(ApiPath.staffPage, {}, u93, acting('fhgh93102'));
    expect(staffPage.code).toBe(0);
    expect(staffPage.data.list.map((r: { name: string }) => r.name)).toContain('周鹏');
    const created = await hall.post(ApiPath.applyCreate, { periodYear: 2027, kind: 'new' }, u93, acting('fhgh93102'));
    expect(created.code).toBe(0);
    const branchList = await hall.post(ApiPath.applyList, {}, released);
    expect(branchList.data.list.map((r: { id: number }) => String(r.id))).toContain(String(created.data.id));
    const [row] = await hall.db.select().from(auditLog).where(eq(auditLog.action, 'acting-for')).orderBy(desc(auditLog.id));
    expect(row).toMatchObject({ actorKey: 'hygh93001', detail: { branch: 'fhgh93102', call: 'applyCreate' } });
    const options = await hall.post(OrgPath.subOptions, {}, u93);
    expect(options.data).toEqual([{ uact: 'fhgh93102', name: expect.stringContaining('路桥') }]);
  });

  it('refuses acting for an authorized branch, another union’s unit, and by a 92 union or a branch', async () => {
    expect((await hall.post(ApiPath.staffPage, {}, u93, acting('fhgh93101'))).message).toBe(ORG_MESSAGES.actingNotReleased);
    expect((await hall.post(ApiPath.applyCreate, { periodYear: 2027 }, u93, acting('fhgh93101'))).message).toBe(
      ORG_MESSAGES.actingNotReleased,
    );
    expect((await hall.post(ApiPath.staffPage, {}, u93, acting('qydw92101'))).message).toBe(ORG_MESSAGES.notFound);
    expect((await hall.post(ApiPath.staffPage, {}, u92, acting('qydw92101'))).message).toBe(ORG_MESSAGES.actingNotUnion);
    expect((await hall.post(ApiPath.staffPage, {}, authorized, acting('fhgh93102'))).message).toBe(ORG_MESSAGES.actingNotUnion);
    expect((await hall.post(OrgPath.subAdd, newEnterprise(4), u93, acting('fhgh93102'))).message).toBe(ORG_MESSAGES.actingNotBusiness);
  });
});

describe('import from Excel', () => {
  const HEADER = '单位账号,单位名称,统一社会信用代码,联系人,联系人手机号码,地址';
  const csv = (...lines: string[]) => Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}`, 'utf8');
  const importFile = (bytes: Buffer, t: string, name = '企业名单.csv') =>
    hall.upload({ name, bytes, contentType: 'text/csv' }, t, OrgPath.subImport);

  it('previews with each row checked (rules, duplicates, existing accounts), reports, confirms the valid rows with SMS', async () => {
    const file = csv(
      `qyimp00001,测试导入甲有限公司,${USCCS[4]},王一,13907318801,长沙市`,
      `qyimp00002,测试导入乙有限公司,91430100MA4L3040DN,王二,13907318802,`,
      `qyimp00001,测试导入丙有限公司,91430100MA4L3050EE,王三,13907318803,`,
      `qydw92101,测试导入丁有限公司,91430100MA4L3060F7,王四,13907318804,`,
      `qyimp00005,测试导入戊有限公司,91430100MA4L1010D5,王五,13907318805,`,
      `qyimp00006,测试导入己有限公司,91430100MA4L3070G0,王六,123,`,
    );
    const preview = await importFile(file, u92);
    expect(preview.code).toBe(0);
    expect(preview.data).toMatchObject({ total: 6, valid: 1, invalid: 5 });
    const reasons = Object.fromEntries(preview.data.invalidRows.map((r: { rowNo: number; reason: string }) => [r.rowNo, r.reason]));
    expect(reasons[3]).toContain('统一社会信用代码');
    expect(reasons[4]).toBe('单位账号与第2行重复');
    expect(reasons[5]).toBe('单位账号已被使用');
    expect(reasons[6]).toBe('该统一社会信用代码已有单位账号');
    expect(reasons[7]).toBeTruthy();
    expect((await list(u92, { name: '测试导入' })).data.totlCnt).toBe(0);

    const report = await hall.download(OrgPath.subImportReport, { batchId: preview.data.batchId }, u92);
    expect(report.status).toBe(200);
    // One name style for every import's error report (packages/shared import-report.ts).
    expect(String(report.headers['content-disposition'])).toContain(encodeURIComponent('下属单位导入错误报告-企业名单.xlsx'));
    const cells: string[][] = [];
    for await (const r of readTable(Readable.from([report.bytes]), 'xlsx')) cells.push(r.cells);
    expect(cells).toHaveLength(6);
    expect(cells[1].at(-1)).toContain('统一社会信用代码');

    // Another union cannot touch the batch.
    expect((await hall.post(OrgPath.subImportConfirm, { batchId: preview.data.batchId }, otherUnion)).code).toBe(1);
    const done = await hall.post(OrgPath.subImportConfirm, { batchId: preview.data.batchId }, u92);
    expect(done.data).toEqual({ imported: 1 });
    expect((await list(u92, { name: '测试导入甲' })).data.list[0]).toMatchObject({ uact: 'qyimp00001', notifyState: '0' });
    const [sms] = await hall.db.select().from(outbox).where(eq(outbox.target, '13907318801'));
    expect(sms.content).toContain('qyimp00001');
    expect((await hall.post(OrgPath.subImportConfirm, { batchId: preview.data.batchId }, u92)).code).toBe(1);
  });

  it('refuses a file without the columns, another type, and callers that are not a 92/93 union', async () => {
    expect((await importFile(Buffer.from('a,b\r\n1,2'), u92)).message).toContain('名单缺少列');
    expect((await importFile(csv(), u92, 'x.txt')).code).toBe(1);
    expect((await importFile(csv('a,b,c,d,e,f'), ent)).message).toBe(ORG_MESSAGES.onlyUnion);
    expect((await importFile(csv('a,b,c,d,e,f'), u99)).message).toBe(ORG_MESSAGES.onlyUnion);
    const template = await hall.download(OrgPath.subTemplate, {}, u93);
    expect(template.status).toBe(200);
  });
});

it('uses the fixed test captcha', () => expect(TEST_CAPTCHA).toBe('2468'));
