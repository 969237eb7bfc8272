import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreditReason, paymentReference } from '@hall/shared';
import { applications, bankCredits, unionInfos, units } from '../../db/schema';
import { createTestHall, type TestHall } from '../../test/harness';
import { makeApplication, unitId } from '../../test/payable-fixtures';
import { loadStatement, previewStatementLoad, type StatementCredit } from './reconcile.service';

/*
 * A statement of many credits mixing every outcome (issue 20, set-based matching): the preview
 * (written nowhere) and the load decide each credit the same way from the same set-based reads, in
 * the file's order: a notice confirmed by an earlier credit of the statement is paid for the later
 * ones (重复到账 by reference, no longer a payer's 待缴费 notice without one).
 */

let hall: TestHall;
const ctx = () => hall.app.hall;
const BLOCKS = 6;
const ACCOUNT = '43050170360000999999';
let payerName = '';

/** A notice of the unit without lines, of this amount, in this state (the matching reads the notice, not its lines). */
async function notice(uact: string, amountFen: number, state: 'unpaid' | 'submitted' = 'unpaid', year = 2027) {
  const id = await makeApplication(hall.db, { uact, year, state, lines: [] });
  await hall.db.update(applications).set({ amountFen }).where(eq(applications.id, id));
  return id;
}

const credit = (
  txnId: string,
  amountFen: number,
  memo: string,
  payer = '不相干公司',
  account = '',
  bookedOn = '2026-11-21',
): StatementCredit => ({
  txnId,
  bookedOn,
  amountFen,
  payerName: payer,
  payerAccount: account,
  memo,
});
const ref = (id: number, year = 2027) => paymentReference(year, id);

/** What each credit must end as: matched, or an exception with its reason. */
const expected = new Map<string, 'matched' | CreditReason>();
const statement: StatementCredit[] = [];
/** The notice a credit names or fits (null: none), kept on it whether matched or not. */
const noticeOf = new Map<string, number | null>();
const add = (c: StatementCredit, outcome: 'matched' | CreditReason, applicationId: number | null = null) => {
  statement.push(c);
  expected.set(c.txnId, outcome);
  noticeOf.set(c.txnId, applicationId);
};

beforeAll(async () => {
  hall = await createTestHall();
  [{ payerName }] = await hall.db.select({ payerName: units.empName }).from(units).where(eq(units.uact, 'dlgh99001'));
  // The payer by account: the bank account its union information holds.
  await hall.db.insert(unionInfos).values({ unitId: await unitId(hall.db, 'qydw92101'), bankAccountNo: ACCOUNT, updatedAt: new Date() });
  for (let b = 0; b < BLOCKS; b++) {
    const amount = (k: number) => 100_000 + b * 1_000 + k * 10;
    const exact = await notice('qydw92101', amount(1));
    const byName = await notice('dlgh99001', amount(2));
    const byAccount = await notice('qydw92101', amount(3));
    const first = await notice('qydw92101', amount(4));
    const partial = await notice('qydw92101', amount(5));
    const over = await notice('qydw92101', amount(6));
    await notice('dlgh99001', amount(7));
    await notice('dlgh99001', amount(7));
    const submitted = await notice('qydw92101', amount(8), 'submitted');
    const early = await notice('qydw92101', amount(9));
    const t = (n: number) => `M${b}-${n}`;
    add(credit(t(1), amount(1), `互助金 ${ref(exact)}`), 'matched', exact);
    add(credit(t(2), amount(1), `再付 ${ref(exact)}`), 'twice', exact);
    add(credit(t(3), amount(2), '医疗互助金', payerName), 'matched', byName);
    // The payer's only notice of that amount was confirmed just above: none is left to fit.
    add(credit(t(4), amount(2), '医疗互助金', payerName), 'noReference');
    add(credit(t(5), amount(3), '互助金', '别名公司', ACCOUNT), 'matched', byAccount);
    add(credit(t(6), amount(4), `${ref(first)}`), 'matched', first);
    add(credit(t(7), amount(4), '互助金', '长沙市第一人民医院工会'), 'noReference');
    add(credit(t(8), amount(5) - 100, `${ref(partial)}`), 'partial', partial);
    add(credit(t(9), amount(6) + 100, `${ref(over)}`), 'over', over);
    add(credit(t(10), amount(1), `${ref(exact, 2026)}`), 'unknownReference');
    add(credit(t(11), amount(5), `${ref(partial)} ${ref(over)}`), 'ambiguous');
    add(credit(t(12), 5_000, '货款'), 'noReference');
    // Two 待缴费 notices of the payer with that amount: which one is not for the matching to guess.
    add(credit(t(13), amount(7), '互助金', payerName), 'noReference');
    add(credit(t(14), amount(8), `${ref(submitted)}`), 'notPayable', submitted);
    // Paid before the period's enrolment opened (2026-11-01): payment confirmation's own refusal.
    add(credit(t(15), amount(9), `${ref(early)}`, '某某公司', '', '2026-10-20'), 'refused', early);
  }
});
afterAll(() => hall.close());

describe('a statement of many credits', () => {
  it('previews exactly what the load then does, credit by credit, writing nothing', async () => {
    const reasons: Partial<Record<CreditReason, number>> = {};
    for (const o of expected.values()) if (o !== 'matched') reasons[o] = (reasons[o] ?? 0) + 1;
    const matched = [...expected.values()].filter((o) => o === 'matched').length;

    const preview = await previewStatementLoad(ctx(), 'ICBC', statement);
    expect(await hall.db.select().from(bankCredits)).toEqual([]);
    expect(preview).toEqual({ credits: statement.length, matched, exceptions: statement.length - matched, repeated: 0, reasons });

    const { statementId: _, ...loaded } = await loadStatement(ctx(), '钱会计', { bank: 'ICBC', fileName: '混合.csv', credits: statement });
    expect(loaded).toEqual(preview);
    const rows = await hall.db
      .select()
      .from(bankCredits)
      .where(
        inArray(
          bankCredits.txnId,
          statement.map((c) => c.txnId),
        ),
      );
    expect(Object.fromEntries(rows.map((r) => [r.txnId, r.state === 'matched' ? 'matched' : r.reason]))).toEqual(
      Object.fromEntries(expected),
    );
    expect(Object.fromEntries(rows.map((r) => [r.txnId, r.applicationId]))).toEqual(Object.fromEntries(noticeOf));
    const refused = rows.filter((r) => r.reason === 'refused');
    expect(refused.every((r) => r.note?.includes('早于2027年度申报开始日期'))).toBe(true);
  });

  it('previews a second load of it as repeated only', async () => {
    expect(await previewStatementLoad(ctx(), 'ICBC', statement)).toEqual({
      credits: 0,
      matched: 0,
      exceptions: 0,
      repeated: statement.length,
      reasons: {},
    });
  });
});
