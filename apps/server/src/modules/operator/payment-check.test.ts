import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditLog, coverages, paymentEntries, payments } from '../../db/schema';
import { applicationNo, OpsPath } from '@hall/shared';
import { createTestHall, type TestHall } from '../../test/harness';
import { makeOperator, OPERATOR_PASSWORD, operatorTools } from '../../test/operator-tools';
import { makeApplication, staffOf } from '../../test/payable-fixtures';
import { confirmPayment } from './payment.service';

/*
 * Separation of duties on payments (docs/decisions.md, "Operator roles"): above the second-check
 * amount (here 100 yuan) one finance operator enters the payment and another confirms it by
 * entering the same voucher again; the one who entered never confirms.
 */

let hall: TestHall;
let appId: number;
const ctx = () => hall.app.hall;
const voucher = { amount: '240', paidOn: '2026-11-20', voucherNo: 'BIG-0001' };
const stateOf = async () => (await hall.db.select().from(applications).where(eq(applications.id, appId)))[0].state;

beforeAll(async () => {
  hall = await createTestHall({ HALL_PAYMENT_SECOND_CHECK_YUAN: '100' });
  const people = await staffOf(hall.db, 'qydw92101');
  appId = await makeApplication(hall.db, {
    uact: 'qydw92101',
    year: 2027,
    state: 'unpaid',
    lines: [
      { personId: people[0].personId, productCode: '01', shares: 2 },
      { personId: people[1].personId, productCode: '01' },
      { personId: people[1].personId, productCode: '03' },
    ],
  });
});
afterAll(() => hall.close());

describe('a payment above the second-check amount', () => {
  it('is only entered by the first operator: the application stays 待缴费, nothing is covered', async () => {
    const entered = await confirmPayment(ctx(), '钱会计', { application: String(appId), ...voucher });
    expect(entered).toMatchObject({ state: 'entered', amountFen: 24_000, voucherNo: 'BIG-0001' });
    expect(await stateOf()).toBe('unpaid');
    expect(await hall.db.select().from(payments).where(eq(payments.applicationId, appId))).toEqual([]);
    expect(await hall.db.select().from(coverages).where(eq(coverages.applicationId, appId))).toEqual([]);
    const audited = await hall.db.select().from(auditLog).where(eq(auditLog.actorKey, '钱会计'));
    expect(audited.map((a) => (a.detail as { command: string }).command)).toEqual(['payment-enter']);
  });

  it('is not confirmed by the one who entered it, nor with other figures than the entry', async () => {
    await expect(confirmPayment(ctx(), '钱会计', { application: String(appId), ...voucher })).rejects.toThrow(
      '由您登记，须由另一名财务人员复核确认',
    );
    await expect(confirmPayment(ctx(), '孙出纳', { application: String(appId), ...voucher, paidOn: '2026-11-19' })).rejects.toThrow(
      '复核信息与 钱会计 登记的不一致（金额 ¥240.00、缴费日期 2026-11-20、凭证号 BIG-0001）',
    );
    expect(await stateOf()).toBe('unpaid');
    expect(await hall.db.select().from(paymentEntries).where(eq(paymentEntries.applicationId, appId))).toHaveLength(1);
  });

  it('is confirmed by a second operator entering the same voucher: paid, covered, both names kept', async () => {
    const confirmed = await confirmPayment(ctx(), '孙出纳', { application: String(appId), ...voucher });
    expect(confirmed).toMatchObject({ state: 'confirmed', enteredBy: '钱会计', coverages: 3 });
    expect(await stateOf()).toBe('paid');
    const [paid] = await hall.db.select().from(payments).where(eq(payments.applicationId, appId));
    expect(paid).toMatchObject({ operator: '孙出纳', enteredBy: '钱会计', amountFen: 24_000 });
    expect(await hall.db.select().from(paymentEntries).where(eq(paymentEntries.applicationId, appId))).toEqual([]);
  });

  it('two first entries at once: one is kept, the other is told to check it', async () => {
    const people = await staffOf(hall.db, 'qydw92101');
    const id = await makeApplication(hall.db, {
      uact: 'qydw92101',
      year: 2027,
      state: 'unpaid',
      lines: [{ personId: people[2].personId, productCode: '01', shares: 3 }],
    });
    const both = await Promise.allSettled([
      confirmPayment(ctx(), '钱会计', { application: String(id), amount: '180', paidOn: '2026-11-20', voucherNo: 'BIG-0002' }),
      confirmPayment(ctx(), '孙出纳', { application: String(id), amount: '180', paidOn: '2026-11-20', voucherNo: 'BIG-0002' }),
    ]);
    const answers = both.map((r) => (r.status === 'fulfilled' ? r.value.state : (r.reason as Error).message));
    // Either both ran one after the other (the second confirms the first's entry) or they met (one is refused).
    expect(answers.sort()).toSatisfy(
      (a: string[]) => (a[0] === 'confirmed' && a[1] === 'entered') || (a[0] === 'entered' && /刚由他人登记/.test(a[1])),
    );
  });
});

describe('the list of entries waiting for their second check (finance, over the operator API)', () => {
  it('names the application, its unit, the amount and who entered it, never the voucher; gone once confirmed', async () => {
    const { opsToken } = operatorTools(() => hall);
    await makeOperator(hall, { login: 'qian.kj', name: '钱会计', password: OPERATOR_PASSWORD, role: 'finance' });
    await makeOperator(hall, { login: 'sun.cn', name: '孙出纳', password: OPERATOR_PASSWORD, role: 'finance' });
    const [qian, sun] = [await opsToken('qian.kj'), await opsToken('sun.cn')];
    const people = await staffOf(hall.db, 'qydw92101');
    const id = await makeApplication(hall.db, {
      uact: 'qydw92101',
      year: 2027,
      state: 'unpaid',
      lines: [{ personId: people[3].personId, productCode: '01', shares: 2 }],
    });
    const fields = { application: String(id), amount: '120', paidOn: '2026-11-21', voucherNo: 'BIG-0003' };
    expect((await hall.post(OpsPath.opsPaymentConfirm, fields, qian)).data).toMatchObject({ state: 'entered' });
    const entries = async () => (await hall.post(OpsPath.opsPaymentEntryList, {}, sun)).data as { list: Array<Record<string, unknown>> };
    const listed = await entries();
    expect(listed.list.find((e) => e.applicationId === id)).toEqual({
      applicationId: id,
      applicationNo: applicationNo(2027, id),
      uact: 'qydw92101',
      empName: expect.any(String),
      amountFen: 12_000,
      enteredBy: '钱会计',
      enteredAt: expect.any(String),
    });
    expect(JSON.stringify(listed)).not.toContain('BIG-0003');
    expect((await hall.post(OpsPath.opsPaymentConfirm, fields, qian)).message).toContain('由您登记，须由另一名财务人员复核确认');
    expect((await hall.post(OpsPath.opsPaymentConfirm, fields, sun)).data).toMatchObject({ state: 'confirmed', enteredBy: '钱会计' });
    expect((await entries()).list.map((e) => e.applicationId)).not.toContain(id);
  });
});
