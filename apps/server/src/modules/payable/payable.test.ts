import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ApiPath, readReference, rmbCapital } from '@hall/shared';
import { auditLog } from '../../db/schema';
import { createTestHall, type TestHall } from '../../test/harness';
import { makeApplication, staffOf } from '../../test/payable-fixtures';
import { confirmPayment } from '../operator/payment.service';

let hall: TestHall;
let token: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  hall = await createTestHall({ HALL_PAY_BANK: '中国银行长沙分行', HALL_PAY_ACCOUNT_NO: '6216 0000 1111 2222' });
  token = (await hall.loginUnit('qydw92101')).data.accessToken;
  const people = await staffOf(hall.db, 'qydw92101');
  const woman = people.find((p) => p.gender === '2')!;
  const man = people.find((p) => p.gender === '1')!;
  ids.unpaid = await makeApplication(hall.db, {
    uact: 'qydw92101',
    year: 2027,
    state: 'unpaid',
    reviewUact: 'lhgh92001',
    lines: [
      { personId: woman.personId, productCode: '01', shares: 2 },
      { personId: woman.personId, productCode: '02' },
      { personId: man.personId, productCode: '01' },
      { personId: man.personId, productCode: '03', shares: 2 },
    ],
  });
  // 2026: paid (in force, so 已生效), and a supplementary application left unpaid past its deadline.
  ids.paid = await makeApplication(hall.db, {
    uact: 'qydw92101',
    year: 2026,
    state: 'unpaid',
    lines: [{ personId: people[2].personId, productCode: '01' }],
  });
  hall.clock.advance(-300 * 86_400_000);
  await confirmPayment(hall.app.hall, 'op', { application: String(ids.paid), amount: '60', paidOn: '2026-01-20', voucherNo: 'V2026-1' });
  hall.clock.advance(300 * 86_400_000);
  ids.late = await makeApplication(hall.db, {
    uact: 'qydw92101',
    year: 2026,
    state: 'unpaid',
    kind: 'add',
    lines: [{ personId: people[3].personId, productCode: '03' }],
  });
  ids.draft = await makeApplication(hall.db, {
    uact: 'qydw92101',
    year: 2027,
    state: 'draft',
    lines: [{ personId: people[4].personId, productCode: '01' }],
  });
  const other = await staffOf(hall.db, 'dlgh99001');
  ids.other = await makeApplication(hall.db, {
    uact: 'dlgh99001',
    year: 2027,
    state: 'unpaid',
    lines: [{ personId: other[0].personId, productCode: '01' }],
  });
});
afterAll(() => hall.close());

describe('/payment amounts payable', () => {
  it('lists the unit’s unpaid, paid and effective applications with the per-product breakdown', async () => {
    const answer = await hall.post(ApiPath.payableList, {}, token);
    expect(answer.code).toBe(0);
    const list = answer.data.list as Array<{ id: number; state: string; overdue: boolean }>;
    expect(list.map((p) => p.id)).toEqual([ids.unpaid, ids.late, ids.paid]);
    const unpaid = answer.data.list[0];
    expect(unpaid).toMatchObject({
      applicationNo: `SQ2027${String(ids.unpaid).padStart(6, '0')}`,
      state: 'unpaid',
      stateLabel: '待缴费',
      kindLabel: '新参',
      headcount: 2,
      amountFen: 12000 + 2000 + 6000 + 12000,
      payDeadline: '2026-12-31',
      overdue: false,
      payment: null,
    });
    expect(unpaid.breakdown).toEqual([
      { productCode: '01', productName: '住院医疗互助', headcount: 2, shares: 3, rateFen: 6000, amountFen: 18000 },
      { productCode: '02', productName: '女职工特殊疾病互助', headcount: 1, shares: 1, rateFen: 2000, amountFen: 2000 },
      { productCode: '03', productName: '重大疾病互助', headcount: 1, shares: 2, rateFen: 6000, amountFen: 12000 },
    ]);
    expect(answer.data.list[1]).toMatchObject({ state: 'unpaid', overdue: true, payDeadline: '2025-12-31', kindLabel: '增员' });
    expect(answer.data.list[2]).toMatchObject({
      state: 'effective',
      stateLabel: '已生效',
      overdue: false,
      payment: { paidOn: '2026-01-20', voucherNo: 'V2026-1', amountFen: 6000 },
    });
    expect(answer.data).toMatchObject({ totalFen: 32000 + 6000 + 6000, unpaidFen: 38000, overdueCount: 1, today: '2026-11-22' });
    expect((await hall.post(ApiPath.payableList, { year: 2026 }, token)).data.list).toHaveLength(2);
  });

  it('never lists another unit’s applications', async () => {
    const own = await hall.post(ApiPath.payableList, {}, (await hall.loginUnit('dlgh99001')).data.accessToken);
    expect(own.data.list.map((p: { id: number }) => p.id)).toEqual([ids.other]);
  });

  it('answers the payment notice with the total in capitals and the union’s account', async () => {
    const answer = await hall.post(ApiPath.paymentNotice, { id: String(ids.unpaid) }, token);
    expect(answer.code).toBe(0);
    // The reference printed for the memo leads back to this notice and to no other.
    expect(readReference(answer.data.paymentRef)).toMatchObject({ year: 2027, applicationId: ids.unpaid });
    expect(answer.data).toMatchObject({
      applicationNo: `SQ2027${String(ids.unpaid).padStart(6, '0')}`,
      unitName: '长沙市星辰科技有限公司',
      uact: 'qydw92101',
      uscc: '91430100MA4L1010D5',
      year: 2027,
      coverFrom: '2027-01-01',
      coverTo: '2027-12-31',
      totalFen: 32000,
      totalCapital: '叁佰贰拾元整',
      payDeadline: '2026-12-31',
      account: { name: '长沙市总工会', bank: '中国银行长沙分行', accountNo: '6216 0000 1111 2222' },
      payee: '长沙市总工会',
      issuedOn: '2026-11-22',
      payment: null,
    });
    expect(answer.data.totalCapital).toBe(rmbCapital(32000));
    expect(answer.data.breakdown).toHaveLength(3);
    const paid = await hall.post(ApiPath.paymentNotice, { id: ids.paid }, token);
    expect(paid.data).toMatchObject({ state: 'effective', payment: { voucherNo: 'V2026-1' } });
  });

  it('refuses another unit’s application, a draft and an unknown id, and audits the probe', async () => {
    for (const id of [ids.other, ids.draft, 999999]) {
      const answer = await hall.post(ApiPath.paymentNotice, { id }, token);
      expect(answer, String(id)).toMatchObject({ code: 1, message: '缴费通知单不存在：该申请不是本单位待缴费或已缴费的申请' });
    }
    const probes = await hall.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorKey, 'qydw92101'), eq(auditLog.action, 'permission-refused')));
    expect(probes.map((p) => (p.detail as { applicationId: number }).applicationId)).toEqual([ids.other, 999999]);
    expect((await hall.post(ApiPath.paymentNotice, { id: 'abc' }, token)).message).toBe('请选择申请');
  });

  it('is for unit logins only', async () => {
    const person = (await hall.loginPersonal('430102198503150022')).data.accessToken;
    expect((await hall.post(ApiPath.payableList, {}, person)).code).toBe(1);
  });
});
