import { PassThrough } from 'node:stream';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, open, OpsPath, PROTOCOL_HEADER, PROTOCOL_VERSION } from '@hall/shared';
import { commands } from '../../cli/commands';
import { auditLog, payoutBatches, settlementLoads } from '../../db/schema';
import { writeTable } from '../../lib/table-file';
import { multipart } from '../../test/apply-fixtures';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../../test/harness';
import { staffOf } from '../../test/payable-fixtures';
import { coverPerson, setBankCard, settlementCsv, stayCells } from '../../test/settlement-fixtures';
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
const PASSWORD = 'Oper@2026ab';
const OPERATOR = '赵敏';
/** The operator's login: what audit rows carry (the name stays on what the operator decides). */
const OPERATOR_LOGIN = 'zhao.min';
const PORTAL_REFUSAL = '该功能仅限市总工会后台操作员使用';

const run = (name: string, flags: Record<string, string | boolean>) => commands[name].run(hall.app.hall, flags, 'admin');
const opsLogin = async (username: string) =>
  (await hall.post(OpsPath.opsLogin, { username, password: PASSWORD, captchaId: await hall.captcha(), captchaCode: TEST_CAPTCHA })).data
    .accessToken as string;

async function upload(token: string | undefined, file?: { name: string; bytes: Buffer }) {
  const body = multipart({}, file);
  const res = await hall.app.inject({
    method: 'POST',
    url: hall.config.basePath + OpsPath.opsSettlementLoad,
    headers: { [PROTOCOL_HEADER]: PROTOCOL_VERSION, 'content-type': body.contentType, ...(token ? { authorization: token } : {}) },
    payload: body.payload,
  });
  const answer = JSON.parse(res.body);
  return { ...answer, data: answer.data ? open(answer.data, hall.config.envelopeKey) : undefined };
}

const commandsOf = async (name: string) =>
  (
    await hall.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.actorKey, OPERATOR_LOGIN), sql`${auditLog.detail}->>'command' = ${name}`))
  )[0].n;

beforeAll(async () => {
  hall = await createTestHall();
  await run('operator-create', { login: OPERATOR_LOGIN, name: OPERATOR, password: PASSWORD });
  await run('operator-create', { login: 'gone.op', name: '已停用操作员', password: PASSWORD });
  op = await opsLogin('zhao.min');
  disabledOp = await opsLogin('gone.op');
  await run('disable', { type: 'operator', login: 'gone.op' });
  unitToken = (await hall.loginUnit('qydw92101')).data.accessToken;
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
  it('loads a CSV in the operator’s name, reporting bad rows', async () => {
    const res = await upload(op, {
      name: 'C:\\bureau\\结算2026.csv',
      bytes: settlementCsv([line('OPS-1', '3000')], ['OPS-BAD,123,某人,医院,三级,住院,2026-01-01,2026-01-02,,1,1,1,1,0,K35.800,阑尾炎,否']),
    });
    expect(res).toMatchObject({
      code: 0,
      data: {
        fileName: '结算2026.csv',
        rows: 2,
        added: 1,
        rejected: 1,
        errors: [{ rowNo: 3, message: '身份证号码“123”有误' }],
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
});
