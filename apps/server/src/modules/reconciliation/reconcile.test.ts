import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupedReference, paymentReference } from '@hall/shared';
import { applications, auditLog, bankCredits, bankStatements, coverages, mailMessages, payments } from '../../db/schema';
import { createTestHall, type TestHall } from '../../test/harness';
import { makeApplication, staffOf } from '../../test/payable-fixtures';
import { closeCredit, loadStatement, matchCredits, type StatementCredit } from './reconcile.service';

/*
 * Bank reconciliation (docs/decisions.md, "Bank reconciliation"): a statement's credits matched by
 * the payment reference, or by payer and amount; everything else waits as an exception that a
 * finance operator resolves by hand. The second-check amount is 100 yuan here: a bank match above
 * it confirms without a second operator (the statement is the bank's own reading).
 */

let hall: TestHall;
const ctx = () => hall.app.hall;
const ids: Record<'exact' | 'partial' | 'payer' | 'split' | 'left', number> = { exact: 0, partial: 0, payer: 0, split: 0, left: 0 };
const ref = (id: number) => paymentReference(2027, id);
const stateOf = async (id: number) => (await hall.db.select().from(applications).where(eq(applications.id, id)))[0].state;
const creditOf = async (txnId: string) => (await hall.db.select().from(bankCredits).where(eq(bankCredits.txnId, txnId)))[0];

const credit = (txnId: string, amountFen: number, memo: string, payerName = '某某公司', payerAccount = ''): StatementCredit => ({
  txnId,
  bookedOn: '2026-11-21',
  amountFen,
  payerName,
  payerAccount,
  memo,
});

let statement: StatementCredit[];

beforeAll(async () => {
  hall = await createTestHall({ HALL_PAYMENT_SECOND_CHECK_YUAN: '100' });
  const people = await staffOf(hall.db, 'qydw92101');
  const others = await staffOf(hall.db, 'dlgh99001');
  const line = (personId: number, shares = 1) => [{ personId, productCode: '01', shares }];
  // 住院医疗互助 is ¥60 a share in 2027: amounts 120, 180, 240 and 300 tell the notices apart.
  ids.exact = await makeApplication(hall.db, { uact: 'qydw92101', year: 2027, state: 'unpaid', lines: line(people[0].personId, 2) });
  ids.partial = await makeApplication(hall.db, { uact: 'qydw92101', year: 2027, state: 'unpaid', lines: line(people[1].personId, 3) });
  ids.split = await makeApplication(hall.db, { uact: 'qydw92101', year: 2027, state: 'unpaid', lines: line(people[2].personId, 4) });
  ids.left = await makeApplication(hall.db, { uact: 'qydw92101', year: 2027, state: 'unpaid', lines: line(people[3].personId, 5) });
  ids.payer = await makeApplication(hall.db, { uact: 'dlgh99001', year: 2027, state: 'unpaid', lines: line(others[0].personId, 7) });
  statement = [
    credit('T1', 12_000, `互助金 ${groupedReference(ref(ids.exact))} 星辰科技`, '长沙市星辰科技有限公司'),
    credit('T2', 10_000, `缴费${ref(ids.partial)}`),
    credit('T3', 5_000, '货款', '不相干公司'),
    credit('T4', 42_000, '医疗互助金', '长沙市第一人民医院工会'),
    credit('T5', 12_000, `补缴 ${ref(ids.exact)}`),
    credit('T6', 24_000, `${ref(ids.split)} ${ref(ids.left)}`),
    credit('T7', 30_000, `${ref(ids.left).slice(0, 15)}9`),
  ];
});
afterAll(() => hall.close());

describe('loading a statement', () => {
  it('confirms the credits that match and keeps the others as exceptions with their reason', async () => {
    const answer = await loadStatement(ctx(), '钱会计', { bank: 'ICBC', fileName: '11月流水.xlsx', credits: statement });
    expect(answer).toMatchObject({ credits: 7, matched: 2, exceptions: 5, repeated: 0 });
    expect(answer.reasons).toEqual({ partial: 1, noReference: 2, twice: 1, ambiguous: 1 });

    // By its reference (grouped by four, among words): paid, covered, the voucher is the bank's transaction.
    expect(await stateOf(ids.exact)).toBe('paid');
    const [paid] = await hall.db.select().from(payments).where(eq(payments.applicationId, ids.exact));
    expect(paid).toMatchObject({ amountFen: 12_000, paidOn: '2026-11-21', voucherNo: 'ICBC-T1', operator: '钱会计', enteredBy: null });
    expect(await hall.db.select().from(coverages).where(eq(coverages.applicationId, ids.exact))).toHaveLength(1);
    expect(await creditOf('T1')).toMatchObject({ state: 'matched', applicationId: ids.exact, paymentId: paid.id, reason: null });
    // Without a reference: the one unpaid notice of the payer (by the unit's name) with that amount.
    expect(await stateOf(ids.payer)).toBe('paid');
    expect(await creditOf('T4')).toMatchObject({ state: 'matched', applicationId: ids.payer });

    expect(await creditOf('T2')).toMatchObject({ state: 'exception', reason: 'partial', applicationId: ids.partial });
    expect(await stateOf(ids.partial)).toBe('unpaid');
    expect(await creditOf('T3')).toMatchObject({ state: 'exception', reason: 'noReference', applicationId: null });
    expect(await creditOf('T5')).toMatchObject({ state: 'exception', reason: 'twice', applicationId: ids.exact });
    expect(await creditOf('T6')).toMatchObject({ state: 'exception', reason: 'ambiguous' });
    // A mistyped check digit is no reference at all, never another unit's notice.
    expect(await creditOf('T7')).toMatchObject({ state: 'exception', reason: 'noReference', applicationId: null });
  });

  it('tells the unit by mail that its transfer arrived and was matched', async () => {
    const mail = await hall.db.select().from(mailMessages).where(eq(mailMessages.recipientKey, 'qydw92101'));
    const arrived = mail.filter((m) => m.title === '缴费已到账');
    expect(arrived).toHaveLength(1);
    expect(arrived[0].content).toContain('¥120.00');
  });

  it('changes nothing when the same statement is loaded again', async () => {
    const before = await hall.db.select().from(bankCredits);
    const again = await loadStatement(ctx(), '钱会计', { bank: 'ICBC', fileName: '11月流水.xlsx', credits: statement });
    expect(again).toMatchObject({ credits: 0, matched: 0, exceptions: 0, repeated: 7 });
    expect(await hall.db.select().from(bankCredits)).toEqual(before);
    expect((await hall.db.select().from(bankStatements)).map((s) => s.repeated)).toEqual([0, 7]);
  });

  it('keeps one row per transaction when two operators load the same statement at once', async () => {
    const one = [credit('P1', 1_000, '并发'), credit('P2', 2_000, '并发')];
    const both = await Promise.all([
      loadStatement(ctx(), '钱会计', { bank: 'CCB', fileName: 'a.csv', credits: one }),
      loadStatement(ctx(), '孙出纳', { bank: 'CCB', fileName: 'a.csv', credits: one }),
    ]);
    expect(both.map((b) => b.credits).sort()).toEqual([0, 2]);
    expect(
      await hall.db
        .select()
        .from(bankCredits)
        .where(inArray(bankCredits.txnId, ['P1', 'P2'])),
    ).toHaveLength(2);
  });

  it('refuses a statement with a credit dated after today, writing nothing', async () => {
    const count = (await hall.db.select().from(bankStatements)).length;
    await expect(
      loadStatement(ctx(), '钱会计', { bank: 'ICBC', fileName: 'x.csv', credits: [{ ...credit('F1', 100, ''), bookedOn: '2026-12-01' }] }),
    ).rejects.toThrow('流水 F1 的交易日期 2026-12-01 晚于今天，请核对对账单');
    expect(await hall.db.select().from(bankStatements)).toHaveLength(count);
  });
});

describe('resolving exceptions by hand', () => {
  it('matches two transfers that together are the notice’s amount', async () => {
    await loadStatement(ctx(), '钱会计', {
      bank: 'ICBC',
      fileName: '补缴.csv',
      credits: [credit('T8', 8_000, `补足 ${ref(ids.partial)}`)],
    });
    const [t2, t8] = [await creditOf('T2'), await creditOf('T8')];
    expect(t8).toMatchObject({ state: 'exception', reason: 'partial' });
    const done = await matchCredits(ctx(), '孙出纳', { creditIds: [t2.id, t8.id], application: ref(ids.partial), note: '两笔合计' });
    expect(done).toMatchObject({ amountFen: 18_000, credits: 2 });
    expect(await stateOf(ids.partial)).toBe('paid');
    const [paid] = await hall.db.select().from(payments).where(eq(payments.applicationId, ids.partial));
    expect(paid).toMatchObject({ amountFen: 18_000, voucherNo: 'ICBC-T2', operator: '孙出纳' });
    expect(await creditOf('T8')).toMatchObject({ state: 'matched', paymentId: paid.id, resolvedBy: '孙出纳', note: '两笔合计' });
  });

  it('refuses a sum that is not the amount, and a credit already resolved, changing nothing', async () => {
    const t3 = await creditOf('T3');
    await expect(matchCredits(ctx(), '孙出纳', { creditIds: [t3.id], application: String(ids.split) })).rejects.toThrow(
      /所选到账合计 ¥50\.00 与通知单 SQ2027\d+ 的应缴金额 ¥240\.00 不一致/,
    );
    const t1 = await creditOf('T1');
    await expect(matchCredits(ctx(), '孙出纳', { creditIds: [t1.id], application: String(ids.exact) })).rejects.toThrow(
      '流水 T1 已处理（已核对）',
    );
    await expect(matchCredits(ctx(), '孙出纳', { creditIds: [t3.id], application: '2027000000000000' })).rejects.toThrow('通知单不存在');
    expect(await creditOf('T3')).toMatchObject({ state: 'exception' });
    expect(await stateOf(ids.split)).toBe('unpaid');
  });

  it('refunds a credit (closed for good) and leaves another (still open)', async () => {
    const t3 = await creditOf('T3');
    await closeCredit(ctx(), '孙出纳', { creditId: t3.id, to: 'refunded', note: '非互助金，已原路退回' });
    expect(await creditOf('T3')).toMatchObject({ state: 'refunded', resolvedBy: '孙出纳', note: '非互助金，已原路退回' });
    await expect(closeCredit(ctx(), '孙出纳', { creditId: t3.id, to: 'left', note: '再看' })).rejects.toThrow('流水 T3 已处理（已退款）');

    const t6 = await creditOf('T6');
    await closeCredit(ctx(), '孙出纳', { creditId: t6.id, to: 'left', note: '待单位说明' });
    // The unit explains: the whole transfer was for one notice.
    await matchCredits(ctx(), '钱会计', { creditIds: [t6.id], application: ref(ids.split) });
    expect(await stateOf(ids.split)).toBe('paid');
    const audited = await hall.db.select().from(auditLog).where(eq(auditLog.actorKey, '孙出纳'));
    expect(audited.map((a) => (a.detail as { command: string }).command)).toEqual(
      expect.arrayContaining(['credit-match', 'credit-refund', 'credit-leave']),
    );
  });
});
