import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, OpsPath, TODO_KINDS, UnionPath } from '@hall/shared';
import { commands } from '../../cli/commands';
import { auditLog, mailMessages, unionInfoChanges, unionInfos, units } from '../../db/schema';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../../test/harness';
import { approvedBankAccount } from './union-account';
import { makeOperator } from '../../test/operator-tools';

/*
 * Union information and its change records: the union's calls (level-1 only), one pending change,
 * the operator's decisions (CLI and API) and what they change, getSysUserByUact.
 */

let hall: TestHall;
const tokens: Record<string, string> = {};
let op: string;
const PASSWORD = 'Oper@2026ab';
const run = (name: string, flags: Record<string, string | boolean>) => commands[name].run(hall.app.hall, flags, '审核员');

export const FORM = {
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

const post = (path: string, body: unknown, who: string) => hall.post(path, body, tokens[who]);
const info = async (who = 'lhgh92001') => (await post(UnionPath.unionInfo, {}, who)).data;
const recordRow = async (uact: string) => {
  const [u] = await hall.db.select({ id: units.id }).from(units).where(eq(units.uact, uact));
  return (await hall.db.select().from(unionInfos).where(eq(unionInfos.unitId, u!.id)))[0];
};

beforeAll(async () => {
  hall = await createTestHall();
  for (const uact of ['lhgh92001', 'hygh93001', 'dlgh99001', 'qydw92101', 'fhgh93101']) {
    const res = await hall.loginUnit(uact);
    expect(res.code, res.message).toBe(0);
    tokens[uact] = res.data.accessToken;
  }
  tokens.personal = (await hall.loginPersonal('430102198503150022')).data.accessToken;
  await makeOperator(hall, { login: 'union.op', name: '审核员', password: PASSWORD, role: 'reviewer' });
  const login = await hall.post('/ops/api/login', {
    username: 'union.op',
    password: PASSWORD,
    captchaId: await hall.captcha(),
    captchaCode: TEST_CAPTCHA,
  });
  expect(login.code, login.message).toBe(0);
  op = login.data.accessToken;
});
afterAll(() => hall.close());

describe('the union information page', () => {
  it('before any approval shows what registration knows, not approved', async () => {
    const data = await info();
    expect(data.approved).toBe(false);
    expect(data.record.uniName).toBe('长沙市高新区联合基层工会');
    expect(data.record.uscc).toBe('81430100MA4L0920AU');
    expect(data.pending).toBeNull();
  });

  it('refuses a bad form with the Chinese message and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ uscc: '81430100MA4L0920AA' }, '请输入正确的统一社会信用代码'],
      [{ chairmanName: ' ' }, '请输入工会主席'],
      [{ legalName: '一'.repeat(21) }, '字段长度不能超过20'],
      [{ address: '路'.repeat(501) }, '字段长度不能超过500'],
      [{ chairmanPhone: '1380731100' }, '请输入正确的手机号码'],
      [{ postcode: '41020' }, '请输入正确的邮政编码'],
      [{ femaleCount: 1300 }, '女职工人数不能大于职工人数'],
      [{ memberCount: 1201 }, '会员人数不能大于职工人数'],
      [{ chairmanTermEnd: '2020-01-01' }, '结束时间不能小于开始时间'],
      [{ bankAccountNo: '12345' }, '请输入正确的银行账号（10-30位数字）'],
      [{ regionCode: '' }, '请选择所在地区'],
      [{ employeeCount: '-1' }, '职工人数应为不超过7位的非负整数'],
      [{ foundedOn: '2099-01-01' }, '成立日期不能晚于今天'],
    ];
    for (const [change, message] of cases) {
      const res = await post(UnionPath.unionInfoSubmit, { ...FORM, ...change }, 'lhgh92001');
      expect(res.code, JSON.stringify(change)).toBe(1);
      expect(res.message).toBe(message);
    }
    expect(await hall.db.select().from(unionInfoChanges)).toHaveLength(0);
  });

  it('a submission waits for review: the record does not change, a second one is refused', async () => {
    const res = await post(UnionPath.unionInfoSubmit, FORM, 'lhgh92001');
    expect(res.code, res.message).toBe(0);
    expect(res.data.state).toBe('pending');
    expect(res.data.stateLabel).toBe('审核中');
    // No approved record yet: every field is a change, before empty.
    expect(res.data.fields).toHaveLength(23);
    expect(res.data.fields[0]).toEqual({ field: 'uniName', label: '工会名称', before: null, after: FORM.uniName });
    expect(res.data.fields.find((f: { field: string }) => f.field === 'bankAccountNo').after).toBe('1901001209200001234');
    expect(await recordRow('lhgh92001')).toBeUndefined();
    const data = await info();
    expect(data.pending.id).toBe(res.data.id);
    expect(data.approved).toBe(false);
    const again = await post(UnionPath.unionInfoSubmit, { ...FORM, chairmanName: '李四' }, 'lhgh92001');
    expect(again.message).toBe('已有一条审核中的变更，请等待审核或撤回后再提交');
    expect(await hall.db.select().from(unionInfoChanges)).toHaveLength(1);
  });

  it('the operator approves (CLI): the record takes the after values, mail and audit follow', async () => {
    const [pending] = await hall.db.select().from(unionInfoChanges).where(eq(unionInfoChanges.state, 'pending'));
    const listed = await run('union-change-list', {});
    expect(listed).toContain(`[${pending!.id}] 长沙市高新区联合基层工会（lhgh92001）`);
    expect(await run('union-change-approve', { id: String(pending!.id), note: '材料齐全' })).toContain('审核通过');
    const row = await recordRow('lhgh92001');
    expect(row!.chairmanName).toBe('周建国');
    expect(row!.bankAccountNo).toBe('1901001209200001234');
    expect(row!.employeeCount).toBe(1200);
    expect(row!.changeId).toBe(pending!.id);
    const data = await info();
    expect(data.approved).toBe(true);
    expect(data.pending).toBeNull();
    const mail = await hall.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.recipientKey, 'lhgh92001'), eq(mailMessages.title, '工会信息变更已审核通过')));
    expect(mail).toHaveLength(1);
    const audits = await hall.db.select().from(auditLog).where(eq(auditLog.actorKey, '审核员'));
    expect(audits.some((a) => (a.detail as { call?: string }).call === 'unionChangeApprove')).toBe(true);
    // The payment notice of the union's own applications shows this account as 付款账户.
    expect(await approvedBankAccount(hall.db, row!.unitId)).toEqual({
      name: '长沙市高新区联合基层工会',
      bank: '中国工商银行长沙麓谷支行',
      accountNo: '1901 0012 0920 0001 234',
    });
    // Approving twice is refused.
    await expect(run('union-change-approve', { id: String(pending!.id) })).rejects.toThrow('只有审核中的变更可以审核');
  });

  it('a later change records only the changed fields; approval writes exactly those', async () => {
    const before = await recordRow('lhgh92001');
    const res = await post(UnionPath.unionInfoSubmit, { ...FORM, chairmanName: '刘强', chairmanPhone: '13907312002' }, 'lhgh92001');
    expect(res.data.fields).toEqual([
      { field: 'chairmanName', label: '工会主席', before: '周建国', after: '刘强' },
      { field: 'chairmanPhone', label: '主席联系电话', before: '13807311001', after: '13907312002' },
    ]);
    expect((await info()).record.chairmanName).toBe('周建国');
    const nothing = await post(UnionPath.unionInfoWithdraw, { id: res.data.id }, 'lhgh92001');
    expect(nothing.data.state).toBe('withdrawn');
    const same = await post(UnionPath.unionInfoSubmit, FORM, 'lhgh92001');
    expect(same.message).toBe('没有修改任何信息，无需提交');
    const again = await post(UnionPath.unionInfoSubmit, { ...FORM, chairmanName: '刘强', uniName: '长沙高新区联合工会' }, 'lhgh92001');
    const approved = await hall.post(OpsPath.opsUnionChangeApprove, { id: again.data.id }, op);
    expect(approved.code, approved.message).toBe(0);
    const after = await recordRow('lhgh92001');
    expect({ ...after, chairmanName: before!.chairmanName, uniName: before!.uniName, changeId: null, updatedAt: null }).toEqual({
      ...before,
      changeId: null,
      updatedAt: null,
    });
    expect(after!.chairmanName).toBe('刘强');
    const [unit] = await hall.db.select().from(units).where(eq(units.uact, 'lhgh92001'));
    expect(unit!.empName).toBe('长沙高新区联合工会');
  });

  it('reject and withdraw change nothing; a rejection is on the to-do list and in the mail', async () => {
    const before = await recordRow('lhgh92001');
    const res = await post(UnionPath.unionInfoSubmit, { ...FORM, chairmanName: '王五', uniName: '长沙高新区联合工会' }, 'lhgh92001');
    const noNote = await hall.post(OpsPath.opsUnionChangeReject, { id: res.data.id }, op);
    expect(noNote.message).toBe('请填写驳回原因');
    const rejected = await hall.post(OpsPath.opsUnionChangeReject, { id: res.data.id, note: '请上传换届批复' }, op);
    expect(rejected.code, rejected.message).toBe(0);
    expect(rejected.data.stateLabel).toBe('已驳回');
    expect(await recordRow('lhgh92001')).toEqual(before);
    expect((await info()).lastRejected.reviewNote).toBe('请上传换届批复');
    const todo = await post(ApiPath.todoList, {}, 'lhgh92001');
    const item = todo.data.list.find((i: { kind: string }) => i.kind === 'unionInfoRejected');
    expect(item.detail).toContain('请上传换届批复');
    expect(TODO_KINDS).toContain('unionInfoRejected');
    const mail = await hall.db.select().from(mailMessages).where(eq(mailMessages.title, '工会信息变更被驳回'));
    expect(mail[0]!.content).toContain('请上传换届批复');
    // Withdrawing a rejected change is refused; a new submission clears the to-do.
    expect((await post(UnionPath.unionInfoWithdraw, { id: res.data.id }, 'lhgh92001')).message).toBe('该变更已不是审核中，不能再办理');
    const next = await post(UnionPath.unionInfoSubmit, { ...FORM, chairmanName: '王五', uniName: '长沙高新区联合工会' }, 'lhgh92001');
    const todo2 = await post(ApiPath.todoList, {}, 'lhgh92001');
    expect(todo2.data.list.some((i: { kind: string }) => i.kind === 'unionInfoRejected')).toBe(false);
    await post(UnionPath.unionInfoWithdraw, { id: next.data.id }, 'lhgh92001');
    expect(await recordRow('lhgh92001')).toEqual(before);
  });

  it('change records: newest first, filters by state and date, detail and export', async () => {
    const all = await post(UnionPath.unionChangeList, {}, 'lhgh92001');
    expect(all.data.totlCnt).toBe(5);
    const approved = await post(UnionPath.unionChangeList, { state: 'approved' }, 'lhgh92001');
    expect(approved.data.list.map((c: { stateLabel: string }) => c.stateLabel)).toEqual(['已通过', '已通过']);
    const today = new Date(hall.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await post(UnionPath.unionChangeList, { dateFrom: today, dateTo: today }, 'lhgh92001')).data.totlCnt).toBe(5);
    expect((await post(UnionPath.unionChangeList, { dateFrom: '2000-01-01', dateTo: '2000-01-02' }, 'lhgh92001')).data.totlCnt).toBe(0);
    expect((await post(UnionPath.unionChangeList, { dateFrom: today, dateTo: '2000-01-02' }, 'lhgh92001')).message).toBe(
      '开始时间不能大于结束时间',
    );
    const id = all.data.list[0].id;
    const detail = await post(UnionPath.unionChangeDetail, { id }, 'lhgh92001');
    expect(detail.data.id).toBe(id);
    const file = await hall.download(UnionPath.unionChangeExport, { state: 'rejected' }, tokens.lhgh92001);
    expect(file.status).toBe(200);
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('who may', () => {
  it('level-2 units and personal accounts are refused on every union call', async () => {
    for (const who of ['qydw92101', 'fhgh93101', 'personal']) {
      for (const [path, body] of [
        [UnionPath.unionInfo, {}],
        [UnionPath.unionInfoSubmit, FORM],
        [UnionPath.unionInfoWithdraw, { id: 1 }],
        [UnionPath.unionChangeList, {}],
        [UnionPath.unionChangeDetail, { id: 1 }],
      ] as const) {
        const res = await post(path, body, who);
        expect(res.code, `${who} ${path}`).not.toBe(0);
        if (who !== 'personal') expect(res.message).toBe('基层工会信息仅限一级工会账号使用');
      }
      const file = await hall.download(UnionPath.unionChangeExport, {}, tokens[who]);
      expect(file.answer?.code).not.toBe(0);
    }
  });

  it("another union's change ids are refused on every id route", async () => {
    const own = (await hall.db.select().from(unionInfoChanges))[0]!;
    const pending = await post(
      UnionPath.unionInfoSubmit,
      { ...FORM, uniName: '长沙市建筑行业工会', uscc: '81430100MA4L0930BL' },
      'hygh93001',
    );
    expect(pending.code, pending.message).toBe(0);
    for (const [path, id, who] of [
      [UnionPath.unionChangeDetail, own.id, 'hygh93001'],
      [UnionPath.unionInfoWithdraw, own.id, 'hygh93001'],
      [UnionPath.unionChangeDetail, pending.data.id, 'lhgh92001'],
      [UnionPath.unionInfoWithdraw, pending.data.id, 'dlgh99001'],
    ] as const) {
      const res = await post(path, { id }, who);
      expect(res.code).toBe(1);
      expect(res.message).toBe('变更记录不存在');
    }
    const [still] = await hall.db.select().from(unionInfoChanges).where(eq(unionInfoChanges.id, pending.data.id));
    expect(still!.state).toBe('pending');
    const refusals = await hall.db.select().from(auditLog).where(eq(auditLog.action, 'permission-refused'));
    expect(refusals.some((a) => (a.detail as { call?: string }).call === 'unionInfoWithdraw')).toBe(true);
  });

  it('operator routes are refused to portal tokens, portal routes to operator tokens', async () => {
    for (const path of [
      OpsPath.opsUnionChangeList,
      OpsPath.opsUnionChangeDetail,
      OpsPath.opsUnionChangeApprove,
      OpsPath.opsUnionChangeReject,
    ]) {
      for (const who of ['lhgh92001', 'personal']) {
        const res = await post(path, { id: 1, note: 'x' }, who);
        expect(res.code, `${who} ${path}`).not.toBe(0);
      }
    }
    expect((await hall.post(UnionPath.unionInfo, {}, op)).code).not.toBe(0);
    const list = await hall.post(OpsPath.opsUnionChangeList, {}, op);
    expect(list.data.list.map((c: { uact: string }) => c.uact)).toEqual(['hygh93001']);
  });
});

describe('getSysUserByUact', () => {
  it('answers the own account and, for a level-1 union, its subordinate units', async () => {
    const own = await post(ApiPath.sysUserByUact, { uact: 'lhgh92001' }, 'lhgh92001');
    expect(own.code, own.message).toBe(0);
    expect(own.data).toMatchObject({ uact: 'lhgh92001', uactLevel: 1, uniType: '92', chairmanName: '刘强', subordinateCount: 2 });
    const sub = await post(ApiPath.sysUserByUact, { uact: 'qydw92101' }, 'lhgh92001');
    expect(sub.data).toMatchObject({ uact: 'qydw92101', uactLevel: 2, parentUact: 'lhgh92001' });
    const self2 = await post(ApiPath.sysUserByUact, { uact: 'qydw92101' }, 'qydw92101');
    expect(self2.code).toBe(0);
  });

  it("refuses another unit's account, the parent's, an unknown one and personal callers", async () => {
    for (const [uact, who] of [
      ['fhgh93101', 'lhgh92001'],
      ['hygh93001', 'lhgh92001'],
      ['lhgh92001', 'qydw92101'],
      ['qydw92102', 'qydw92101'],
      ['nobody0001', 'lhgh92001'],
    ] as const) {
      const res = await post(ApiPath.sysUserByUact, { uact }, who);
      expect(res.code, `${who} → ${uact}`).toBe(1);
      expect(res.message).toBe('只能查询本单位或本工会下属单位的账号信息');
    }
    expect((await post(ApiPath.sysUserByUact, { uact: 'lhgh92001' }, 'personal')).code).not.toBe(0);
  });
});
