import ExcelJS from 'exceljs';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BenefitPath, Code, OpsPath } from '@hall/shared';
import { auditLog, payoutBatches, payouts, treatments } from '../../db/schema';
import type { TestHall } from '../../test/harness';
import { hallWithOperators, OPERATOR_LOGIN } from '../../test/operator-tools';
import { staffOf } from '../../test/payable-fixtures';
import { coverPerson, setBankCard, settlementCsv } from '../../test/settlement-fixtures';

/**
 * A treatment batch at the bank: its 代发文件 (CSV and Excel, with the control line), the bank's
 * result (paid, failed → 待发放 and in the next batch), idempotent, refused whole with row numbers,
 * the batch closed only when every line is settled.
 */
let hall: TestHall;
let op: string;
let unitToken: string;
let a: { personId: number; certNo: string; name: string };
let b: { personId: number; certNo: string; name: string };
let batchNo: string;
let fenA: number;
let fenB: number;

const CARD_A = '6222020200112233445';
const CARD_B = '6217003810026677889';
/** The bank setBankCard writes. */
const BANK = '中国工商银行长沙分行';

const resultCsv = (rows: string[]) => Buffer.from(`\uFEFF序号,附言,银行卡号,金额,处理结果,失败原因\r\n${rows.join('\r\n')}\r\n`, 'utf8');
const loadResult = (rows: string[], no = batchNo) =>
  hall.upload({ name: '回执.csv', bytes: resultCsv(rows) }, op, OpsPath.opsPayoutResultLoad, { batchNo: no });
const yuan = (fen: number) => (fen / 100).toFixed(2);
const batchRow = async (no: string) => (await hall.db.select().from(payoutBatches).where(eq(payoutBatches.batchNo, no)))[0];
const treatmentOf = async (personId: number) => (await hall.db.select().from(treatments).where(eq(treatments.personId, personId)))[0];
/** The unit's 互助待遇查询 row of a person's treatment. */
const unitRowOf = async (name: string) =>
  (await hall.post(BenefitPath.treatmentPage, {}, unitToken)).data.list.find((r: { name: string }) => r.name === name);
const commands = async (name: string) =>
  (
    await hall.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.actorKey, OPERATOR_LOGIN), sql`${auditLog.detail}->>'command' = ${name}`))
  )[0].n;

beforeAll(async () => {
  ({ hall, op, unitToken } = await hallWithOperators());
  [a, b] = await staffOf(hall.db, 'qydw92101');
  for (const [p, card] of [
    [a, CARD_A],
    [b, CARD_B],
  ] as const) {
    await coverPerson(hall.db, { uact: 'qydw92101', year: 2026, personId: p.personId });
    await setBankCard(hall.db, p.personId, card);
  }
  const file = settlementCsv([
    { no: 'BANK-1', certNo: a.certNo, admitted: '2026-03-01', discharged: '2026-03-08', selfPolicy: '5000' },
    { no: 'BANK-2', certNo: b.certNo, admitted: '2026-04-01', discharged: '2026-04-05', selfPolicy: '3000' },
  ]);
  const staged = await hall.upload({ name: '结算.csv', bytes: file }, op, OpsPath.opsSettlementStage);
  expect((await hall.post(OpsPath.opsSettlementConfirm, { batchId: staged.data.batchId }, op)).code).toBe(0);
  const paid = await hall.post(OpsPath.opsTreatmentPay, { year: 2026 }, op);
  expect(paid).toMatchObject({ code: 0, data: { count: 2, persons: 2 } });
  batchNo = paid.data.batchNo;
  fenA = (await treatmentOf(a.personId)).amountFen;
  fenB = (await treatmentOf(b.personId)).amountFen;
  expect(fenA).toBeGreaterThan(0);
  expect(fenB).toBeGreaterThan(0);
});
afterAll(() => hall.close());

describe('the 代发文件', () => {
  it('a new batch waits for the bank: its lines sent, listed with its progress', async () => {
    const [listed] = (await hall.post(OpsPath.opsPayoutBatchList, {}, op)).data.list;
    expect(listed).toMatchObject({ batchNo, state: 'sent', lines: 2, paidLines: 0, failedLines: 0, closedAt: null });
    const lines = await hall.db.select().from(payouts).orderBy(payouts.id);
    expect(lines.map((l) => [l.lineNo, l.outcome])).toEqual([
      [1, 'sent'],
      [2, 'sent'],
    ]);
  });

  it('exports the CSV: full cards, the memo batch-line, the control line with the count and the total', async () => {
    const file = await hall.download(OpsPath.opsPayoutBankFile, { batchNo, format: 'csv' }, op);
    const text = Buffer.from(file.bytes as never).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).trimEnd().split('\r\n')).toEqual([
      '序号,姓名,开户银行,银行卡号,金额,附言',
      `1,${a.name},${BANK},${CARD_A},${yuan(fenA)},${batchNo}-1`,
      `2,${b.name},${BANK},${CARD_B},${yuan(fenB)},${batchNo}-2`,
      `合计,2笔,,,${yuan(fenA + fenB)},`,
    ]);
    expect(await commands('payout-bank-file')).toBe(1);
  });

  it('exports the same as Excel', async () => {
    const file = await hall.download(OpsPath.opsPayoutBankFile, { batchNo, format: 'xlsx' }, op);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as never);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['序号', '姓名', '开户银行', '银行卡号', '金额', '附言']);
    expect(rows[1]).toEqual(['1', a.name, BANK, CARD_A, fenA / 100, `${batchNo}-1`]);
    expect([rows[3][0], rows[3][1], rows[3][4]]).toEqual(['合计', '2笔', (fenA + fenB) / 100]);
    expect(rows).toHaveLength(4);
    expect((await hall.download(OpsPath.opsPayoutBankFile, { batchNo: 'FF2026010100009' }, op)).answer?.message).toBe(
      '发放批次不存在：FF2026010100009',
    );
  });
});

describe("the bank's result", () => {
  it('refuses a line not in the batch, a different amount or card, naming the rows; nothing changes', async () => {
    const res = await loadResult([
      `1,,${CARD_A},${yuan(fenA + 1)},成功,`,
      `9,,${CARD_A},1.00,成功,`,
      `,${batchNo}-2,6222000000000000000,${yuan(fenB)},成功,`,
      `,FF2020010100001-2,${CARD_B},${yuan(fenB)},成功,`,
      `2,,${CARD_B},${yuan(fenB)},失败,`,
    ]);
    expect(res.code).toBe(Code.FAIL);
    expect(res.message).toContain('第5行：附言');
    expect(res.message).toContain('第6行：失败的须写明失败原因');
    const more = await loadResult([
      `1,,${CARD_A},${yuan(fenA + 1)},成功,`,
      `9,,${CARD_A},1.00,成功,`,
      `,${batchNo}-2,6222000000000000000,${yuan(fenB)},成功,`,
    ]);
    expect(more.message).toBe(
      `银行回执有 3 行不符，未导入：第2行：金额与代发文件的 ¥${yuan(fenA)} 不符；第3行：批次中没有序号 9；第4行：银行卡号与代发文件不符`,
    );
    expect(await batchRow(batchNo)).toMatchObject({ state: 'sent', paidLines: 0, failedLines: 0 });
    expect(await commands('payout-result')).toBe(0);
  });

  it('a partial result settles its lines; the batch waits for the rest', async () => {
    const res = await loadResult([`1,,${CARD_A},${yuan(fenA)},成功,`]);
    expect(res).toMatchObject({ code: 0, data: { paid: 1, failed: 0, unchanged: 0, waiting: 1, state: 'sent' } });
    expect(await batchRow(batchNo)).toMatchObject({ state: 'sent', paidLines: 1, closedAt: null });
  });

  it('a failed line goes back to 待发放 with the reason; the batch closes when every line is settled', async () => {
    const rows = [`1,${batchNo}-1,${CARD_A},${yuan(fenA)},成功,`, `2,${batchNo}-2,6217****7889,${yuan(fenB)},失败,户名与卡号不符`];
    const res = await loadResult(rows);
    expect(res).toMatchObject({ code: 0, data: { paid: 0, failed: 1, unchanged: 1, waiting: 0, state: 'closed' } });
    expect(await batchRow(batchNo)).toMatchObject({ state: 'closed', paidLines: 1, failedLines: 1, closedAt: expect.any(Date) });
    expect(await treatmentOf(a.personId)).toMatchObject({ state: 'paid', paidFen: fenA });
    expect(await treatmentOf(b.personId)).toMatchObject({ state: 'pending', paidFen: 0 });
    // The unit sees the failure with the bank's reason, and no day of payment.
    expect(await unitRowOf(b.name)).toMatchObject({ state: 'pending', payoutFailure: '户名与卡号不符', paidOn: null });
    expect(await unitRowOf(a.name)).toMatchObject({ state: 'paid', payoutFailure: null });
    const failed = await hall.post(OpsPath.opsPayoutFailedLines, { batchNo }, op);
    expect(failed.data).toEqual({
      list: [
        expect.objectContaining({
          lineNo: 2,
          name: b.name,
          bankCard: '6217 **** 7889',
          amountFen: fenB,
          reason: '户名与卡号不符',
          repaidIn: null,
        }),
      ],
      total: 1,
    });

    // The same file again changes nothing; the other outcome for a settled line refuses the file.
    const again = await loadResult(rows);
    expect(again).toMatchObject({ code: 0, data: { paid: 0, failed: 0, unchanged: 2, state: 'closed' } });
    expect(await treatmentOf(b.personId)).toMatchObject({ state: 'pending', paidFen: 0 });
    const other = await loadResult([`2,,${CARD_B},${yuan(fenB)},成功,`]);
    expect(other.message).toBe('银行回执有 1 行不符，未导入：第2行：序号 2 已登记为失败，与回执不符');
  });

  it('the next batch takes the failed line again, to the corrected card', async () => {
    await setBankCard(hall.db, b.personId, '6228480000000000017');
    const next = await hall.post(OpsPath.opsTreatmentPay, {}, op);
    expect(next).toMatchObject({ code: 0, data: { count: 1, persons: 1, totalFen: fenB } });
    const [line] = await hall.db.select().from(payouts).where(eq(payouts.batchId, next.data.batchId));
    expect(line).toMatchObject({ personId: b.personId, lineNo: 1, outcome: 'sent', bankCard: '6228480000000000017' });
    expect(await treatmentOf(b.personId)).toMatchObject({ state: 'paid', paidFen: fenB });
    expect(await unitRowOf(b.name)).toMatchObject({ state: 'paid', payoutFailure: null });
    const failed = await hall.post(OpsPath.opsPayoutFailedLines, { batchNo }, op);
    expect(failed.data.list[0].repaidIn).toBe(next.data.batchNo);
    const res = await loadResult([`1,,6228480000000000017,${yuan(fenB)},成功,`], next.data.batchNo);
    expect(res).toMatchObject({ code: 0, data: { paid: 1, state: 'closed' } });
  });
});
