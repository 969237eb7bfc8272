import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BenefitPath, CLAIM_TYPES, Code, NO_PERMISSION, OpsPath } from '@hall/shared';
import { commands } from '../../cli/commands';
import { auditLog, claims, payoutBatches, payouts, persons } from '../../db/schema';
import { addStaff, type TestStaff } from '../../test/apply-fixtures';
import { cover, SCAN } from '../../test/claim-fixtures';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../../test/harness';
import { unitId } from '../../test/payable-fixtures';
import { NO_CARD, OWN_APPROVAL } from './claim-operator.service';
import { makeOperator } from '../../test/operator-tools';

/*
 * The city union's side of claims: the `ops` CLI (claim-list, claim-show, claim-approve,
 * claim-return, claim-refuse, claim-pay) and the operator API over the same services.
 */

let hall: TestHall;
let unitToken: string;
let op: string;
/** A second operator, of finance only: who pays what 审核员 approved. */
let payer: string;
let people: TestStaff[];
const PASSWORD = 'Oper@2026ab';
const run = (name: string, flags: Record<string, string | boolean>, operator = '审核员') =>
  commands[name].run(hall.app.hall, flags, operator);
const login = async (username: string) =>
  (await hall.post(OpsPath.opsLogin, { username, password: PASSWORD, captchaId: await hall.captcha(), captchaCode: TEST_CAPTCHA })).data
    .accessToken as string;
const ops = (path: string, body: unknown, token = op) => hall.post(path, body, token);
const row = async (id: number) => (await hall.db.select().from(claims).where(eq(claims.id, id)))[0];

/** A hospital allowance of fhgh93101 (no union review) submitted: city_review. */
async function submitted(person: TestStaff, admittedOn: string, bankCard?: string) {
  const saved = await hall.post(
    BenefitPath.claimSave,
    {
      type: 'hospital_allowance',
      staffId: person.staffId,
      admittedOn,
      dischargedOn: admittedOn.replace(/-(\d\d)$/, (_m, d) => `-${String(Number(d) + 5).padStart(2, '0')}`),
      hospitalName: '长沙市第一医院',
      diagnosisName: '肺炎',
      ...(bankCard ? { bankCard, bankName: '长沙银行' } : {}),
    },
    unitToken,
  );
  expect(saved.code, saved.message).toBe(0);
  const id = saved.data.claim.id as number;
  for (const kind of CLAIM_TYPES.hospital_allowance.required) {
    const up = await hall.upload({ name: `${kind}.pdf`, bytes: SCAN }, unitToken);
    await hall.post(BenefitPath.claimAttach, { claimId: id, kind, fileId: up.data.fileId }, unitToken);
  }
  const res = await hall.post(BenefitPath.claimSubmit, { id }, unitToken);
  expect(res.data.claim.state).toBe('city_review');
  return { id, no: res.data.claim.claimNo as string };
}

beforeAll(async () => {
  hall = await createTestHall();
  const create = (login: string, name: string, role: string[]) => makeOperator(hall, { login, name, password: PASSWORD, role });
  await create('claims.op', '审核员', ['reviewer', 'finance']);
  await create('pay.op', '财务员', ['finance']);
  op = await login('claims.op');
  payer = await login('pay.op');
  unitToken = (await hall.loginUnit('fhgh93101')).data.accessToken;
  people = await addStaff(hall.db, await unitId(hall.db, 'fhgh93101'), [
    { name: '赵一', gender: '1' },
    { name: '钱二', gender: '2' },
    { name: '孙三', gender: '1' },
  ]);
  for (const p of people) await cover(hall.db, { uact: 'fhgh93101', personId: p.personId, year: 2026, products: [{ code: '01' }] });
  // 孙三 has a bank card on file (persons), the others none.
  await hall.db.update(persons).set({ bankName: '中国银行', bankCard: '6217000011112222333' }).where(eq(persons.id, people[2].personId));
});
afterAll(() => hall.close());

describe('the ops CLI', () => {
  it('claim-list shows the claims waiting for the city union', async () => {
    expect(await run('claim-list', {})).toBe('没有“市总审核”的补助申请');
    const a = await submitted(people[0], '2026-05-01', '6222000011112222');
    const out = await run('claim-list', {});
    expect(out).toContain(`${a.no}  住院生活补助  赵一`);
    expect(out).toContain('共 1 笔，合计 ¥250.00');
    await expect(run('claim-list', { state: 'nope' })).rejects.toThrow('申请状态不正确');
    expect(await run('claim-show', { no: a.no })).toContain('✓ 身份证（必需）');
  });

  it('claim-approve: default amount, a lower one only with a note, never higher', async () => {
    const a = (await hall.db.select().from(claims).where(eq(claims.state, 'city_review')))[0];
    await expect(run('claim-approve', { no: a.claimNo, amount: '300' })).rejects.toThrow('核定金额不能高于系统计算金额 ¥250.00');
    await expect(run('claim-approve', { no: a.claimNo, amount: '200' })).rejects.toThrow('调低核定金额须写明原因');
    await expect(run('claim-approve', { no: 'BZ1999000001' })).rejects.toThrow('补助申请不存在');
    expect(await run('claim-approve', { no: a.claimNo, amount: '200', note: '住院天数按病历核减一天' })).toBe(
      `补助申请 ${a.claimNo} 审核通过，核定金额 ¥200.00，转入待发放`,
    );
    expect(await row(a.id)).toMatchObject({ state: 'approved', amountFen: 20_000 });
    await expect(run('claim-approve', { no: a.claimNo })).rejects.toThrow('当前为“待发放”');
  });

  it('claim-return and claim-refuse take a reason', async () => {
    const b = await submitted(people[1], '2026-06-01');
    await expect(run('claim-return', { no: b.no })).rejects.toThrow('请输入原因');
    expect(await run('claim-return', { no: b.no, reason: '请补充出院小结第二页' })).toBe(`补助申请 ${b.no} 已退回补正`);
    expect(await row(b.id)).toMatchObject({ state: 'returned', reason: '请补充出院小结第二页' });
    const c = await submitted(people[1], '2026-07-01');
    expect(await run('claim-refuse', { no: c.no, reason: '同一次住院已获补助' })).toBe(`补助申请 ${c.no} 不予补助`);
    await expect(run('claim-return', { no: c.no, reason: 'x' })).rejects.toThrow('当前为“不予补助”');
  });

  it('claim-pay pays every approved claim with a card in one batch; one without a card stays approved', async () => {
    const d = await submitted(people[1], '2026-08-01'); // no card anywhere
    const e = await submitted(people[2], '2026-08-01'); // the person's card on file
    await run('claim-approve', { no: d.no });
    await run('claim-approve', { no: e.no });
    await expect(run('claim-pay', { 'paid-on': '2027-01-01' }, '财务员')).rejects.toThrow('晚于今天');
    // Who approved them does not pay them: both stay 待发放, named with the reason.
    const own = await run('claim-pay', { 'paid-on': '2026-11-20' });
    expect(own).toContain('没有可发放的补助');
    expect(own).toContain(`${e.no}  孙三  ${OWN_APPROVAL}`);
    expect((await row(e.id)).state).toBe('approved');
    const out = await run('claim-pay', { 'paid-on': '2026-11-20' }, '财务员');
    expect(out).toContain('发放批次 BZFF2026112000001（2026-11-20）：2 笔，合计 ¥450.00');
    expect(out).toContain(`${d.no}  钱二  ${NO_CARD}`);
    expect(await row(d.id)).toMatchObject({ state: 'approved', batchId: null });
    const paid = await row(e.id);
    expect(paid).toMatchObject({ state: 'paid', bankCard: '6217000011112222333' });
    const [batch] = await hall.db.select().from(payoutBatches).where(eq(payoutBatches.id, paid.batchId!));
    expect(batch).toMatchObject({ kind: 'claim', count: 2, totalFen: 45_000, paidOn: '2026-11-20', operator: '财务员' });
    const lines = await hall.db.select().from(payouts).where(eq(payouts.batchId, batch.id));
    expect(lines.map((l) => l.amountFen).sort()).toEqual([20_000, 25_000]);
    const audit = await hall.db.select().from(auditLog).where(eq(auditLog.action, 'operator'));
    expect(audit.some((a) => (a.detail as { command?: string }).command === 'claim-pay')).toBe(true);
    // Nothing left with a card: no batch.
    expect(await run('claim-pay', {}, '财务员')).toContain('没有可发放的补助');
  });
});

describe('the operator API', () => {
  it('refuses a portal token', async () => {
    for (const path of [OpsPath.opsClaimList, OpsPath.opsClaimApprove, OpsPath.opsClaimPay]) {
      expect((await hall.post(path, {}, unitToken)).message).toBe('该功能仅限市总工会后台操作员使用');
    }
  });

  it('lists, shows, downloads an attachment, approves, returns, refuses and pays', async () => {
    const a = await submitted(people[0], '2026-09-01', '6222000011113333');
    const b = await submitted(people[0], '2026-10-01', '6222000011113333');
    const c = await submitted(people[0], '2026-10-10', '6222000011113333');
    const list = await ops(OpsPath.opsClaimList, {});
    expect(list.data.list.map((x: { claimNo: string }) => x.claimNo)).toEqual([a.no, b.no, c.no]);
    expect(list.data.list[0]).toMatchObject({ uact: 'fhgh93101', hasBankCard: true });
    const detail = await ops(OpsPath.opsClaimDetail, { claim: a.no });
    expect(detail.data.claim).toMatchObject({ claimNo: a.no, canReview: true });
    // The rule's amount beside the claim's, with how it was reached (5 days × 50 yuan × 1 share).
    expect(detail.data.rule).toEqual({ amountFen: 25_000, basis: expect.stringContaining('住院5天'), problems: [] });
    const file = await hall.download(OpsPath.opsClaimAttachment, { claim: a.no, attachmentId: detail.data.attachments[0].id }, op);
    expect(file.bytes.equals(SCAN)).toBe(true);
    expect(
      (await hall.download(OpsPath.opsClaimAttachment, { claim: b.no, attachmentId: detail.data.attachments[0].id }, op)).answer?.message,
    ).toBe('材料不存在或已删除');
    expect((await ops(OpsPath.opsClaimApprove, { claim: a.no, amount: '0' })).code).toBe(Code.FAIL);
    expect((await ops(OpsPath.opsClaimApprove, { claim: a.no })).data).toMatchObject({ state: 'approved', amountFen: 25_000 });
    expect((await ops(OpsPath.opsClaimReturn, { claim: b.no, reason: '缺少发票' })).data.state).toBe('returned');
    expect((await ops(OpsPath.opsClaimRefuse, { claim: c.id, reason: '不符合条件' })).data.state).toBe('refused');
    expect((await ops(OpsPath.opsClaimRefuse, { claim: c.id, reason: '再次' })).message).toContain('只有待市总审核的申请可以审核');
    // The approver holds finance too, and still cannot pay what it approved.
    const own = await ops(OpsPath.opsClaimPay, {});
    expect(own.data.count).toBe(0);
    expect(own.data.skipped).toContainEqual({ claimNo: a.no, personName: '赵一', reason: OWN_APPROVAL });
    const paid = await ops(OpsPath.opsClaimPay, {}, payer);
    expect(paid.data).toMatchObject({ count: 1, totalFen: 25_000, paid: [{ claimNo: a.no }] });
    expect(paid.data.skipped.map((s: { reason: string }) => s.reason)).toEqual([NO_CARD]);
    expect((await row(a.id)).state).toBe('paid');
  });
});

describe('finance reads what it pays', () => {
  it('a finance-only operator lists 待发放 and 已发放, not the reviewer’s queues nor a claim’s file', async () => {
    const list = (state: string) => hall.post(OpsPath.opsClaimList, { state }, payer);
    expect((await list('approved')).code).toBe(0);
    expect((await list('paid')).code).toBe(0);
    expect((await list('city_review')).message).toBe(NO_PERMISSION);
    expect((await hall.post(OpsPath.opsClaimList, {}, payer)).message).toBe(NO_PERMISSION);
    expect((await hall.post(OpsPath.opsClaimDetail, { claim: 'BZ2026000001' }, payer)).message).toBe(NO_PERMISSION);
  });
});

describe("the bank's result of a claims batch", () => {
  it('a failed line goes back to 待发放 with the reason in its history; the same finance officer pays it in the next batch', async () => {
    const f = await submitted(people[1], '2026-11-01', '6222000011114444');
    expect((await ops(OpsPath.opsClaimApprove, { claim: f.no })).data.state).toBe('approved');
    const first = await ops(OpsPath.opsClaimPay, {}, payer);
    expect(first.data.paid).toContainEqual(expect.objectContaining({ claimNo: f.no }));
    const [line] = await hall.db.select().from(payouts).where(eq(payouts.claimId, f.id));
    expect(line).toMatchObject({ outcome: 'sent', lineNo: expect.any(Number) });
    const result = Buffer.from(
      `序号,银行卡号,金额,处理结果,失败原因\r\n${line.lineNo},6222000011114444,250.00,失败,账户已销户\r\n`,
      'utf8',
    );
    const loaded = await hall.upload({ name: '回执.csv', bytes: result }, payer, OpsPath.opsPayoutResultLoad, {
      batchNo: first.data.batchNo,
    });
    expect(loaded).toMatchObject({ code: 0, data: { failed: 1, paid: 0 } });
    expect(await row(f.id)).toMatchObject({ state: 'approved', paidAt: null });
    const detail = await ops(OpsPath.opsClaimDetail, { claim: f.no });
    expect(JSON.stringify(detail.data)).toContain('银行发放失败：账户已销户');
    // The unit that filed it sees the bank's reason on the claim until it is paid.
    const seen = await hall.post(BenefitPath.claimDetail, { id: f.id }, unitToken);
    expect(seen.data.claim).toMatchObject({ state: 'approved', payoutFailure: '账户已销户' });
    // The bank's move is not an approval: the officer who loaded the result may pay the next batch.
    const next = await ops(OpsPath.opsClaimPay, {}, payer);
    expect(next.data.paid).toContainEqual(expect.objectContaining({ claimNo: f.no }));
    expect(await row(f.id)).toMatchObject({
      state: 'paid',
      batchId: (await hall.db.select().from(payoutBatches).where(eq(payoutBatches.batchNo, next.data.batchNo)))[0].id,
    });
  });
});
