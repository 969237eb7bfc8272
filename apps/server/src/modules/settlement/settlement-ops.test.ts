import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, OpsPath } from '@hall/shared';
import { auditLog, payoutBatches, settlementLoads } from '../../db/schema';
import { writeTable } from '../../lib/table-file';
import type { TestHall } from '../../test/harness';
import { hallWithOperators, OPERATOR, OPERATOR_LOGIN, PORTAL_REFUSAL } from '../../test/operator-tools';
import { staffOf } from '../../test/payable-fixtures';
import { coverPerson, setBankCard, settlementCsv, stayCells } from '../../test/settlement-fixtures';
import { BATCH_EXPORT_CHUNK } from './batch-export.service';
import { SETTLEMENT_COLUMNS } from './settlement.service';

/**
 * The operator API's settlements and treatments over HTTP: load the bureau's file (multipart,
 * CSV or Excel), list, pay a batch, in the logged-in operator's name; portal tokens and disabled
 * operators refused, changing nothing.
 */
let hall: TestHall;
let op: string;
let disabledOp: string;
let unitToken: string;
let person: { personId: number; certNo: string; name: string };

/** The file staged (the answer: its preview), then confirmed: the confirmation's answer, or the stage's refusal. */
const stage = (token?: string, file?: { name: string; bytes: Buffer }) => hall.upload(file, token, OpsPath.opsSettlementStage);
const upload = async (token?: string, file?: { name: string; bytes: Buffer }) => {
  const staged = await stage(token, file);
  return staged.code ? staged : hall.post(OpsPath.opsSettlementConfirm, { batchId: staged.data.batchId }, token);
};

const commandsOf = async (name: string) =>
  (
    await hall.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.actorKey, OPERATOR_LOGIN), sql`${auditLog.detail}->>'command' = ${name}`))
  )[0].n;

beforeAll(async () => {
  ({ hall, op, disabledOp, unitToken } = await hallWithOperators());
  person = (await staffOf(hall.db, 'qydw92101'))[0];
  await coverPerson(hall.db, { uact: 'qydw92101', year: 2026, personId: person.personId });
  await setBankCard(hall.db, person.personId, '6222020200112233445');
});
afterAll(() => hall.close());

const line = (no: string, selfPolicy: string) =>
  ({ no, certNo: person.certNo, admitted: '2026-03-01', discharged: '2026-03-08', selfPolicy }) as const;

describe('who may call', () => {
  it('refuses a unit token, a disabled operator and no token, changing nothing', async () => {
    const file = { name: '结算.csv', bytes: settlementCsv([line('OPS-1', '3000')]) };
    expect(await upload(unitToken, file)).toMatchObject({ code: Code.FAIL, message: PORTAL_REFUSAL });
    expect((await upload(disabledOp, file)).code).toBe(Code.ACCOUNT_LOCKED);
    expect((await upload(undefined, file)).code).toBe(Code.NO_TOKEN);
    expect(await hall.db.select().from(settlementLoads)).toEqual([]);
    for (const path of [OpsPath.opsTreatmentList, OpsPath.opsTreatmentPay]) {
      expect(await hall.post(path, {}, unitToken)).toMatchObject({ code: Code.FAIL, message: PORTAL_REFUSAL });
      expect((await hall.post(path, {}, disabledOp)).code).toBe(Code.ACCOUNT_LOCKED);
    }
    expect(await hall.db.select().from(payoutBatches)).toEqual([]);
  });
});

describe('load, list, pay', () => {
  it('previews a CSV with its bad rows, then loads it in the operator’s name', async () => {
    const preview = await stage(op, {
      name: 'C:\\bureau\\结算2026.csv',
      bytes: settlementCsv([line('OPS-1', '3000')], ['OPS-BAD,123,某人,医院,三级,住院,2026-01-01,2026-01-02,,1,1,1,1,0,K35.800,阑尾炎,否']),
    });
    expect(preview).toMatchObject({
      code: 0,
      data: {
        fileName: '结算2026.csv',
        total: 2,
        valid: 1,
        invalid: 1,
        invalidRows: [{ rowNo: 3, settlementNo: 'OPS-BAD', name: '某人', reason: '身份证号码“123”有误' }],
        added: 1,
        replaced: 0,
        skipped: 0,
      },
    });
    expect(await hall.db.select().from(settlementLoads)).toEqual([]);
    const res = await hall.post(OpsPath.opsSettlementConfirm, { batchId: preview.data.batchId }, op);
    expect(res).toMatchObject({
      code: 0,
      data: {
        fileName: '结算2026.csv',
        rows: 2,
        added: 1,
        rejected: 1,
        treatments: { persons: 1, written: 1, payable: 1, setOff: 0 },
      },
    });
    const [load] = await hall.db.select().from(settlementLoads).where(eq(settlementLoads.id, res.data.loadId));
    expect(load).toMatchObject({ operator: OPERATOR, rowsTotal: 2, rowsNew: 1, rowsRejected: 1 });
    expect(await commandsOf('settlement-load')).toBe(1);
  });

  it('loads an Excel file with the columns in another order (a correction)', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const cells = stayCells(line('OPS-1', '5000'));
    const order = [...SETTLEMENT_COLUMNS.keys()].reverse();
    await writeTable(
      out,
      '结算',
      order.map((i) => SETTLEMENT_COLUMNS[i]),
      [order.map((i) => cells[i])],
    );
    const res = await upload(op, { name: '更正.xlsx', bytes: Buffer.concat(chunks) });
    expect(res).toMatchObject({ code: 0, data: { rows: 1, added: 0, replaced: 1, treatments: { written: 1, payable: 1 } } });
  });

  it('refuses a file of another format and an empty body', async () => {
    expect((await upload(op, { name: '结算.txt', bytes: Buffer.from('x') })).message).toBe('医保结算文件须为 .xlsx 或 .csv 格式');
    expect((await upload(op)).code).toBe(Code.FAIL);
  });

  it('lists the treatments with totals; bad filters are refused in Chinese', async () => {
    const res = await hall.post(OpsPath.opsTreatmentList, { state: 'pending', year: 2026 }, op);
    expect(res.code).toBe(0);
    // 5,000 − 1,000 = 4,000 × 45 %.
    expect(res.data.list).toEqual([
      expect.objectContaining({ settlementNo: 'OPS-1', amountFen: 180_000, dueFen: 180_000, state: 'pending', hold: null, batchNo: null }),
    ]);
    expect(res.data.list[0].certNo).not.toBe(person.certNo);
    expect(res.data.total).toEqual({ count: 1, amountFen: 180_000, paidFen: 0, dueFen: 180_000 });
    expect((await hall.post(OpsPath.opsTreatmentList, { certNo: person.certNo }, op)).data.total.count).toBe(1);
    expect((await hall.post(OpsPath.opsTreatmentList, { state: 'gone' }, op)).message).toBe('请选择待遇状态');
    expect((await hall.post(OpsPath.opsTreatmentList, { year: 1990 }, op)).message).toBe('互助年度须为 2000-2100 的年份');
  });

  it('pays a batch in the operator’s name; a second batch finds nothing', async () => {
    const res = await hall.post(OpsPath.opsTreatmentPay, { year: 2026, paidOn: '2026-11-21' }, op);
    expect(res).toMatchObject({
      code: 0,
      data: { batchNo: 'FF2026112200001', paidOn: '2026-11-21', count: 1, persons: 1, totalFen: 180_000, heldCount: 0 },
    });
    const [batch] = await hall.db.select().from(payoutBatches);
    expect(batch).toMatchObject({ operator: OPERATOR, kind: 'treatment', totalFen: 180_000 });
    expect(await commandsOf('treatment-pay')).toBe(1);
    expect(await hall.post(OpsPath.opsTreatmentPay, {}, op)).toMatchObject({ code: Code.FAIL, message: '没有可发放的互助待遇' });
    expect((await hall.post(OpsPath.opsTreatmentPay, { paidOn: '2026-02-30' }, op)).message).toBe('发放日期须为有效日期（YYYY-MM-DD）');
    expect(await commandsOf('treatment-pay')).toBe(1);
  });

  it('lists the loads and the batches for the back office, newest first', async () => {
    const loads = (await hall.post(OpsPath.opsSettlementLoadList, {}, op)).data.list;
    expect(loads.length).toBeGreaterThanOrEqual(2);
    expect(loads[0].id).toBeGreaterThan(loads[1].id);
    expect(loads[0]).toMatchObject({ operator: OPERATOR, fileName: expect.any(String) });
    const batches = (await hall.post(OpsPath.opsPayoutBatchList, { kind: 'treatment' }, op)).data.list;
    expect(batches).toEqual([expect.objectContaining({ batchNo: 'FF2026112200001', count: 1, totalFen: 180_000, operator: OPERATOR })]);
    expect((await hall.post(OpsPath.opsPayoutBatchList, { kind: 'claim' }, op)).data.list).toEqual([]);
    expect((await hall.post(OpsPath.opsPayoutBatchList, { kind: 'x' }, op)).message).toBe('发放类别只能是 treatment 或 claim');
  });

  it("exports a batch's lines as Excel, masked; an unknown batch is refused", async () => {
    const file = await hall.download(OpsPath.opsPayoutBatchExport, { batchNo: 'FF2026112200001' }, op);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as never);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['序号', '姓名', '身份证号码', '开户银行', '银行卡号', '金额', '结算单号/补助申请编号', '说明']);
    expect(rows.slice(1)).toEqual([[1, person.name, expect.stringContaining('****'), expect.anything(), '6222 **** 3445', 1800, 'OPS-1']]);
    expect(JSON.stringify(rows)).not.toContain(person.certNo);
    const unknown = await hall.download(OpsPath.opsPayoutBatchExport, { batchNo: 'FF2026112200009' }, op);
    expect(unknown.answer?.message).toBe('发放批次不存在：FF2026112200009');
    expect((await hall.download(OpsPath.opsPayoutBatchExport, { batchNo: 'x' }, op)).answer?.message).toBe('发放批次号不正确');
  });

  it('exports a batch of more lines than a chunk whole: every line once, in order, numbered on across the chunks', async () => {
    const extra = 2 * BATCH_EXPORT_CHUNK + 5;
    const [batch] = await hall.db.select().from(payoutBatches).where(eq(payoutBatches.batchNo, 'FF2026112200001'));
    // More lines of the same person and treatment, each its own amount (1 fen, 2 fen, …) in id order.
    await hall.db.execute(sql`
      insert into payouts (batch_id, person_id, treatment_id, amount_fen, bank_name, bank_card, created_at)
      select o.batch_id, o.person_id, o.treatment_id, i, o.bank_name, o.bank_card, o.created_at
      from payouts o, generate_series(1, ${extra}) as i
      where o.batch_id = ${batch.id}
      order by i`);
    const file = await hall.download(OpsPath.opsPayoutBatchExport, { batchNo: 'FF2026112200001' }, op);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as never);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toHaveLength(1 + 1 + extra);
    expect(rows[1]).toEqual([1, person.name, expect.stringContaining('****'), expect.anything(), '6222 **** 3445', 1800, 'OPS-1']);
    expect(rows.slice(2).map((r) => r[0])).toEqual(Array.from({ length: extra }, (_, i) => i + 2));
    expect(rows.slice(2).map((r) => r[5])).toEqual(Array.from({ length: extra }, (_, i) => (i + 1) / 100));
    expect(new Set(rows.slice(1).map((r) => `${r[1]}|${r[2]}|${r[4]}|${r[6]}`)).size).toBe(1);
  });
});
