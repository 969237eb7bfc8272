import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpsPath, paymentReference } from '@hall/shared';
import { applications, bankCredits, bankStatements } from '../../db/schema';
import { createTestHall, type TestHall } from '../../test/harness';
import { makeOperator, OPERATOR_PASSWORD, operatorTools } from '../../test/operator-tools';
import { makeApplication, staffOf } from '../../test/payable-fixtures';
import { amountOf, dayOf, headerAt } from './statement-file';

/*
 * A bank's statement export through the operator API: lines above the header, debit rows skipped,
 * a bank's own headers saved once, and a file with an unreadable row refused whole.
 */

let hall: TestHall;
let finance: string;
let appId: number;

const csv = (lines: string[]) => Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
const stage = (bytes: Buffer, name = '流水.csv', bank = 'ICBC') =>
  hall.upload({ name, bytes }, finance, OpsPath.opsStatementStage, bank ? { bank, uploadId: 'upload-0001' } : {});
/** Staged, then confirmed as the preview named it (a refused stage answers its refusal). */
async function load(bytes: Buffer, name = '流水.csv', bank = 'ICBC') {
  const staged = await stage(bytes, name, bank);
  if (staged.code !== 0) return staged;
  return hall.post(OpsPath.opsStatementConfirm, { batchId: staged.data.batchId }, finance);
}

beforeAll(async () => {
  hall = await createTestHall();
  await makeOperator(hall, { login: 'fin.qian', name: '钱会计', password: OPERATOR_PASSWORD, role: ['finance'] });
  finance = await operatorTools(() => hall).opsToken('fin.qian');
  const people = await staffOf(hall.db, 'qydw92101');
  appId = await makeApplication(hall.db, {
    uact: 'qydw92101',
    year: 2027,
    state: 'unpaid',
    lines: [{ personId: people[0].personId, productCode: '01', shares: 2 }],
  });
});
afterAll(() => hall.close());

describe('reading a statement', () => {
  it('finds the header by the common names, and reads days and amounts as banks write them', () => {
    expect(headerAt(['序号', '交易日期', '交易流水号', '摘要', '贷方金额', '借方金额', '对方户名', '对方账号'])).toEqual({
      txnId: 2,
      bookedOn: 1,
      amount: 4,
      payerName: 6,
      payerAccount: 7,
      memo: 3,
    });
    expect(headerAt(['账号：1901000009200000888', '', ''])).toBeNull();
    expect(
      headerAt(['记账日', '流水', '收入', '户名', '账号', '用途'], {
        bookedOn: '记账日',
        txnId: '流水',
        amount: '收入',
        payerName: '户名',
        payerAccount: '账号',
      }),
    ).not.toBeNull();
    expect(['2026-11-21', '2026/11/21', '20261121', '2026年11月21日', '2026-11-21 10:22:33'].map(dayOf)).toEqual(
      Array(5).fill('2026-11-21'),
    );
    expect(dayOf('2026-02-30')).toBeNull();
    expect([
      amountOf('1,234.50'),
      amountOf('1，234.50 '),
      amountOf('¥120'),
      amountOf(''),
      amountOf('0.00'),
      amountOf('-50'),
      amountOf('abc'),
    ]).toEqual([123_450, 123_450, 12_000, null, null, null, Number.NaN]);
  });
});

describe('opsStatementStage and opsStatementConfirm', () => {
  it('loads an export with lines above its header, skips the debits, and matches by the reference', async () => {
    const file = csv([
      '中国工商银行账户明细',
      '账号：1901000009200000888,户名：长沙市总工会',
      '交易日期,交易流水号,摘要,借方金额,贷方金额,对方户名,对方账号',
      `2026-11-21,F100,互助金${paymentReference(2027, appId)},,120.00,长沙市星辰科技有限公司,6222020200112233`,
      '2026-11-21,F101,手续费,5.00,,,',
      '2026/11/21,F102,货款,,50.00,不相干公司,6222',
    ]);
    // The preview says what loading would do, and writes nothing.
    const preview = await stage(file);
    expect(preview).toMatchObject({
      code: 0,
      data: { total: 2, valid: 2, invalid: 0, bank: 'ICBC', outcome: { credits: 2, matched: 1, exceptions: 1, repeated: 0 } },
    });
    expect((await hall.db.select().from(applications).where(eq(applications.id, appId)))[0].state).toBe('unpaid');
    expect(await hall.db.select().from(bankCredits)).toEqual([]);
    const answer = await hall.post(OpsPath.opsStatementConfirm, { batchId: preview.data.batchId }, finance);
    expect(answer).toMatchObject({ code: 0, data: { credits: 2, matched: 1, exceptions: 1, repeated: 0 } });
    // Confirmed once: the preview is gone.
    expect((await hall.post(OpsPath.opsStatementConfirm, { batchId: preview.data.batchId }, finance)).message).toBe(
      '导入预览不存在、已过期或已处理，请重新上传文件',
    );
    expect((await hall.db.select().from(applications).where(eq(applications.id, appId)))[0].state).toBe('paid');
    const [statement] = await hall.db.select().from(bankStatements);
    expect(statement).toMatchObject({ bank: 'ICBC', fileName: '流水.csv', loadedBy: '钱会计', credits: 2, matched: 1 });

    // The unit sees on /payment that its transfer arrived and was matched.
    const unit = (await hall.loginUnit('qydw92101')).data.accessToken;
    const payables = await hall.post(OpsPath.payableList, {}, unit);
    const mine = payables.data.list.find((p: { id: number }) => p.id === appId);
    expect(mine).toMatchObject({ state: 'paid', arrivals: [{ bookedOn: '2026-11-21', amountFen: 12_000, state: 'matched' }] });

    const again = await load(file);
    expect(again.data).toMatchObject({ credits: 0, repeated: 2 });

    const waiting = await hall.post(OpsPath.opsCreditList, { state: 'exception' }, finance);
    expect(waiting.data.list).toEqual([
      expect.objectContaining({ txnId: 'F102', amountFen: 5000, reason: 'noReference', application: null }),
    ]);
    const matched = await hall.post(OpsPath.opsCreditList, { state: 'matched' }, finance);
    expect(matched.data.list[0].application).toMatchObject({
      id: appId,
      paymentRef: paymentReference(2027, appId),
      uact: 'qydw92101',
      dueFen: 12_000,
    });
  });

  it('reads a bank’s own headers once they are saved', async () => {
    const file = csv(['记账日,流水,收入,户名,账号,用途', '2026-11-22,Z1,60.00,某公司,6222,互助金']);
    expect((await load(file, 'z.csv', 'ZBANK')).message).toMatch(/^未找到对账单的表头/);
    const saved = await hall.post(
      OpsPath.opsBankFormatSave,
      { bank: 'ZBANK', columns: { bookedOn: '记账日', txnId: '流水', amount: '收入', payerName: '户名', payerAccount: '账号' } },
      finance,
    );
    expect(saved.code).toBe(0);
    expect((await load(file, 'z.csv', 'ZBANK')).data).toMatchObject({ credits: 1, exceptions: 1 });
    expect((await hall.post(OpsPath.opsBankFormatList, {}, finance)).data.list).toEqual([
      expect.objectContaining({ bank: 'ZBANK', columns: expect.objectContaining({ amount: '收入' }), updatedBy: '钱会计' }),
    ]);
  });

  it('lists the rows it cannot read with their reasons and loads the others; refuses a file without a bank or of another type', async () => {
    const bad = csv([
      '交易日期,交易流水号,摘要,贷方金额,对方户名,对方账号',
      '2026-11-21,B1,,10.00,甲,1',
      '2026-13-01,B2,,10.00,乙,2',
      '2026-11-21,B1,,10.00,丙,3',
    ]);
    const preview = await stage(bad);
    expect(preview.data).toMatchObject({ total: 3, valid: 1, invalid: 2, outcome: { credits: 1, exceptions: 1 } });
    expect(preview.data.invalidRows).toEqual([
      { rowNo: 3, txnId: 'B2', bookedOn: '2026-13-01', amount: '10.00', payerName: '乙', reason: '交易日期“2026-13-01”不是有效日期' },
      { rowNo: 4, txnId: 'B1', bookedOn: '2026-11-21', amount: '10.00', payerName: '丙', reason: '交易流水号与第2行重复' },
    ]);
    const before = (await hall.db.select().from(bankCredits)).length;
    expect((await stage(bad, '流水.csv', '')).message).toBe('请选择银行');
    expect((await stage(Buffer.from('x'), '流水.pdf')).message).toBe('对账单须为 Excel（.xlsx）或 CSV 文件');
    expect(await hall.db.select().from(bankCredits)).toHaveLength(before);
    expect((await hall.post(OpsPath.opsStatementDiscard, { batchId: preview.data.batchId }, finance)).code).toBe(0);
  });

  it('resolves an exception through the API: refund with a note, audited', async () => {
    const [f102] = await hall.db.select().from(bankCredits).where(eq(bankCredits.txnId, 'F102'));
    expect((await hall.post(OpsPath.opsCreditClose, { creditId: f102.id, to: 'refunded', note: '' }, finance)).message).toBe(
      '请输入处理说明',
    );
    const done = await hall.post(OpsPath.opsCreditClose, { creditId: f102.id, to: 'refunded', note: '已退回付款人' }, finance);
    expect(done).toMatchObject({ code: 0, data: { state: 'refunded' } });
    const { lastAudit } = operatorTools(() => hall);
    expect((await lastAudit('fin.qian'))?.detail).toMatchObject({ command: 'credit-refund', creditId: f102.id });
  });
});
