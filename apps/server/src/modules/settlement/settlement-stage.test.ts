import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUREAU_FILE_MESSAGES, OpsPath } from '@hall/shared';
import { auditLog, importBatches, importRows, settlementLoads, settlements, treatments } from '../../db/schema';
import type { TestHall } from '../../test/harness';
import { hallWithOperators, makeOperator, OPERATOR, OPERATOR_PASSWORD, operatorTools } from '../../test/operator-tools';
import { staffOf } from '../../test/payable-fixtures';
import { coverPerson, settlementCsv } from '../../test/settlement-fixtures';

/**
 * The settlement file through the staged import in the back office (issue 19): upload → preview
 * (nothing written) → confirm in one transaction (the load's record, settlements, treatments) or
 * discard; a preview past its hour, another operator's batch, a second confirmation are refused
 * and change nothing; a file confirmed twice changes nothing the second time.
 */
let hall: TestHall;
let op: string;
let other: string;
let person: { personId: number; certNo: string; name: string };

const stage = (file: Buffer, token = op, name = '结算.csv') => hall.upload({ name, bytes: file }, token, OpsPath.opsSettlementStage);
const confirm = (batchId: string, token = op) => hall.post(OpsPath.opsSettlementConfirm, { batchId }, token);
const discard = (batchId: string, token = op) => hall.post(OpsPath.opsSettlementDiscard, { batchId }, token);
const line = (no: string, selfPolicy: string, reversed = '否') =>
  ({ no, certNo: person.certNo, admitted: '2026-04-01', discharged: '2026-04-08', selfPolicy, reversed }) as const;

/** What the load writes, to see that a refusal writes none of it. */
const written = async () => ({
  loads: (await hall.db.select().from(settlementLoads)).length,
  settlements: await hall.db.select().from(settlements).orderBy(settlements.id),
  treatments: await hall.db.select().from(treatments).orderBy(treatments.id),
});

beforeAll(async () => {
  ({ hall, op } = await hallWithOperators());
  await makeOperator(hall, { login: 'data.two', name: '钱七', password: OPERATOR_PASSWORD, role: 'data' });
  other = await operatorTools(() => hall).opsToken('data.two');
  person = (await staffOf(hall.db, 'qydw92101'))[0];
  await coverPerson(hall.db, { uact: 'qydw92101', year: 2026, personId: person.personId });
});
afterAll(() => hall.close());

describe('the settlement file staged', () => {
  const file = () =>
    settlementCsv(
      [line('ST-1', '3000'), line('ST-2', '2000'), { ...line('ST-X', '1000'), certNo: '110101199003074514' }],
      ['ST-BAD,430105199211080011,某人,医院,四级,住院,2026-04-01,2026-04-02,,1,1,1,1,0,K35.800,阑尾炎,否'],
    );

  it('previews the rows and what confirming would write, writing nothing; the error report lists the bad row', async () => {
    const before = await written();
    const preview = await stage(file());
    expect(preview).toMatchObject({
      code: 0,
      data: {
        total: 4,
        valid: 3,
        invalid: 1,
        invalidRows: [{ rowNo: 5, settlementNo: 'ST-BAD', reason: '医院等级“四级”有误，应为一级、二级、三级或未定级' }],
        added: 2,
        replaced: 0,
        unchanged: 0,
        skipped: 1,
        reversed: 0,
        outsidePeriods: 0,
      },
    });
    expect(await written()).toEqual(before);
    const report = await hall.download(OpsPath.opsSettlementReport, { batchId: preview.data.batchId }, op);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(report.bytes as never);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toEqual([
      ['行号', '结算单号', '身份证号码', '姓名', '错误原因'],
      ['5', 'ST-BAD', expect.stringContaining('****'), '某人', '医院等级“四级”有误，应为一级、二级、三级或未定级'],
    ]);
    expect(await discard(preview.data.batchId)).toMatchObject({ code: 0 });
  });

  it("refuses another operator's batch (audited) and a discarded one, changing nothing", async () => {
    const preview = await stage(file());
    const before = await written();
    expect(await confirm(preview.data.batchId, other)).toMatchObject({ code: 1, message: BUREAU_FILE_MESSAGES.batchGone });
    expect(await discard(preview.data.batchId, other)).toMatchObject({ code: 1, message: BUREAU_FILE_MESSAGES.batchGone });
    const refused = await hall.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'permission-refused'), sql`${auditLog.detail}->>'batchId' = ${preview.data.batchId}`));
    expect(refused.map((r) => r.actorKey)).toEqual(['data.two', 'data.two']);
    expect(await discard(preview.data.batchId)).toMatchObject({ code: 0 });
    expect(await hall.db.select().from(importRows).where(eq(importRows.batchId, preview.data.batchId))).toEqual([]);
    expect(await confirm(preview.data.batchId)).toMatchObject({ code: 1, message: BUREAU_FILE_MESSAGES.batchGone });
    expect(await written()).toEqual(before);
  });

  it('refuses a preview past its hour, changing nothing', async () => {
    const preview = await stage(file());
    const before = await written();
    // Its hour ended (the tokens' clock stays: only the batch is aged).
    await hall.db
      .update(importBatches)
      .set({ expiresAt: new Date(hall.clock.now().getTime() - 1) })
      .where(eq(importBatches.id, preview.data.batchId));
    expect(await confirm(preview.data.batchId)).toMatchObject({ code: 1, message: BUREAU_FILE_MESSAGES.batchGone });
    expect(await written()).toEqual(before);
  });

  it('confirms in the operator’s name: the load with its counts, the treatments; a second confirmation is refused', async () => {
    const preview = await stage(file(), op, '结算-4月.csv');
    const res = await confirm(preview.data.batchId);
    expect(res).toMatchObject({
      code: 0,
      data: { fileName: '结算-4月.csv', rows: 4, added: 2, replaced: 0, skipped: 1, rejected: 1, treatments: { persons: 1, written: 2 } },
    });
    const [load] = await hall.db.select().from(settlementLoads).where(eq(settlementLoads.id, res.data.loadId));
    expect(load).toMatchObject({ operator: OPERATOR, rowsTotal: 4, rowsNew: 2, rowsSkipped: 1, rowsRejected: 1 });
    const [batch] = await hall.db.select().from(importBatches).where(eq(importBatches.id, preview.data.batchId));
    expect(batch).toMatchObject({ state: 'confirmed', unitId: null, kind: 'settlement' });
    expect(await confirm(preview.data.batchId)).toMatchObject({ code: 1, message: BUREAU_FILE_MESSAGES.batchGone });
    const [history] = (await hall.post(OpsPath.opsSettlementLoadList, {}, op)).data.list;
    expect(history).toMatchObject({ fileName: '结算-4月.csv', operator: OPERATOR, rows: 4, added: 2, rejected: 1 });
  });

  it('the same file again previews and confirms as unchanged, and changes nothing', async () => {
    const before = await written();
    const preview = await stage(file());
    expect(preview.data).toMatchObject({ added: 0, replaced: 0, unchanged: 2, skipped: 1 });
    expect((await confirm(preview.data.batchId)).data).toMatchObject({ added: 0, replaced: 0, unchanged: 2, treatments: { written: 0 } });
    const after = await written();
    expect(after.settlements).toEqual(before.settlements);
    expect(after.treatments).toEqual(before.treatments);
  });

  it('a reversal previews as replaced and reversed', async () => {
    const preview = await stage(settlementCsv([line('ST-1', '3000', '是')]));
    expect(preview.data).toMatchObject({ added: 0, replaced: 1, unchanged: 0, reversed: 1 });
    expect((await confirm(preview.data.batchId)).data).toMatchObject({ replaced: 1 });
    const [stay] = await hall.db.select().from(settlements).where(eq(settlements.settlementNo, 'ST-1'));
    expect(stay).toMatchObject({ reversed: true, version: 2 });
  });

  it('refuses a file without the columns and stages nothing', async () => {
    const before = (await hall.db.select().from(importBatches)).length;
    expect(await stage(Buffer.from('结算单号,姓名\nX,Y\n'))).toMatchObject({ code: 1, message: expect.stringContaining('文件缺少列') });
    expect((await hall.db.select().from(importBatches)).length).toBe(before);
  });
});
