import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ApiPath, Code, open } from '@hall/shared';
import { applicationLines, applications, importBatches } from '../../db/schema';
import { writeTable } from '../../lib/table-file';
import { addStaff, createUnit, leave, multipart, newCertNo, type TestStaff } from '../../test/apply-fixtures';
import { createTestHall, type TestHall } from '../../test/harness';
import { APPLY_COLUMNS } from './apply-rows';

/*
 * The application import (applyHelpImport): every row checked, a preview and an error report,
 * nothing written until confirmApplyImport, which writes all valid rows in one transaction.
 */

let hall: TestHall;
let clerk: string;
let neighbour: string;
let unitId: number;
let people: TestStaff[];
let neighbours: TestStaff[];

const token = async (uact: string) => (await hall.loginUnit(uact)).data.accessToken as string;

async function importFile(tk: string, fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const body = multipart(fields, file);
  const res = await hall.app.inject({
    method: 'POST',
    url: hall.config.basePath + ApiPath.applyImport,
    headers: { authorization: tk, 'x-hall-protocol': '1', 'content-type': body.contentType },
    payload: body.payload,
  });
  const answer = JSON.parse(res.body);
  return { ...answer, data: answer.data ? open(answer.data, hall.config.envelopeKey) : undefined };
}

const csv = (rows: string[][]) => ({
  name: '申报名单.csv',
  bytes: Buffer.from(`\uFEFF姓名,身份证号码,互助项目,份数\n${rows.map((r) => r.join(',')).join('\n')}\n`),
});

async function xlsx(rows: string[][]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c) => chunks.push(c));
  await writeTable(out, '互助申请', APPLY_COLUMNS, rows);
  return { name: '申报名单.xlsx', bytes: Buffer.concat(chunks) };
}

async function sheetOf(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as never);
  const sheet = book.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

const counts = async () => {
  const [apps] = await hall.db.select({ n: count() }).from(applications).where(eq(applications.unitId, unitId));
  const [lines] = await hall.db
    .select({ n: count() })
    .from(applicationLines)
    .innerJoin(applications, eq(applications.id, applicationLines.applicationId))
    .where(eq(applications.unitId, unitId));
  return { apps: Number(apps.n), lines: Number(lines.n) };
};

beforeAll(async () => {
  hall = await createTestHall();
  unitId = await createUnit(hall.db, { uact: 'qydwtest31', name: '测试导入企业', level: 2, parent: 'lhgh92001' });
  const neighbourId = await createUnit(hall.db, { uact: 'qydwtest32', name: '测试隔壁企业', level: 2, parent: 'lhgh92001' });
  people = await addStaff(hall.db, unitId, [
    { name: '张伟', gender: '1' },
    { name: '王静', gender: '2' },
    { name: '刘洋', gender: '1', insured: false },
    { name: '李强', gender: '1' },
    { name: '陈杰', gender: '1' },
    { name: '杨丽', gender: '2' },
  ]);
  await leave(hall.db, people[3].staffId, '2026-09-30');
  neighbours = await addStaff(hall.db, neighbourId, [{ name: '赵磊', gender: '1' }]);
  clerk = await token('qydwtest31');
  neighbour = await token('qydwtest32');
});
afterAll(() => hall.close());

describe('template', () => {
  it('downloads the Excel template with its columns', async () => {
    const res = await hall.download(ApiPath.applyTemplate, {}, clerk);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('互助申请导入模板.xlsx'));
    expect(await sheetOf(res.bytes)).toEqual([['姓名', '身份证号码', '互助项目', '份数']]);
  });
});

describe('import, preview, error report and confirmation', () => {
  let batchId: string;

  it('checks every row and stages them; nothing touches applications', async () => {
    const before = await counts();
    // 陈杰 of another unit? No: 赵磊 works next door and is already declared there.
    const theirApp = (await hall.post(ApiPath.applyCreate, { periodYear: 2027, kind: 'new' }, neighbour)).data;
    await hall.post(
      ApiPath.applyAddLines,
      { id: theirApp.id, staffIds: [neighbours[0].staffId], products: [{ code: '01', shares: 1 }] },
      neighbour,
    );
    const stranger = newCertNo('1');
    const res = await importFile(
      clerk,
      { periodYear: '2027', kind: 'new' },
      csv([
        ['张伟', people[0].certNo, '01', '2'], // 2 valid
        ['王静', people[1].certNo, '住院医疗互助', ''], // 3 valid
        ['王静', people[1].certNo, '02', '1'], // 4 valid
        ['张伟', people[0].certNo, '02', '1'], // 5 women only
        ['刘洋', people[2].certNo, '01', '1'], // 6 not insured
        ['李强', people[3].certNo, '01', '1'], // 7 left
        ['张伟', people[0].certNo, '住院医疗互助', '1'], // 8 duplicate of 2
        ['路人', stranger, '01', '1'], // 9 not staff
        ['陈杰', `${people[4].certNo.slice(0, 17)}${people[4].certNo[17] === '0' ? '1' : '0'}`, '01', '1'], // 10 check character
        ['陈杰', people[4].certNo, '03', '5'], // 11 shares
        ['杨丽', people[5].certNo, '牙科', '1'], // 12 unknown product
        ['赵磊', neighbours[0].certNo, '01', '1'], // 13 not staff here (and declared next door)
      ]),
    );
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      periodYear: 2027,
      kind: 'new',
      applicationId: null,
      total: 12,
      valid: 3,
      invalid: 9,
      fileName: '申报名单.csv',
    });
    batchId = res.data.batchId;
    const reasons = Object.fromEntries(res.data.invalidRows.map((r: { rowNo: number; reason: string }) => [r.rowNo, r.reason]));
    expect(reasons).toEqual({
      5: '不符合“女职工特殊疾病互助”的参加条件（限女职工）',
      6: '未办理医保参保登记，不能参加互助',
      7: '已于2026-09-30从本单位减员，不能申报',
      8: '与第2行重复（同一人员同一互助项目）',
      9: '不是本单位在册职工，请先在“互助人员管理”中添加',
      10: '身份证号码不正确（请核对位数、出生日期和末位校验码）',
      11: '份数应为1至2的整数',
      12: '互助项目“牙科”不存在，可填写：01 住院医疗互助、02 女职工特殊疾病互助、03 重大疾病互助',
      13: '不是本单位在册职工，请先在“互助人员管理”中添加',
    });
    expect(res.data.invalidRows[0].certNo).toMatch(/^\d{4}\*{10}\d{3}[\dX]$/);
    expect(await counts()).toEqual(before);
  });

  it('downloads the error report with the reasons (plain or sealed body)', async () => {
    for (const sealed of [false, true]) {
      const res = await hall.download(ApiPath.applyImportErrors, { batchId }, clerk, sealed);
      expect(res.status).toBe(200);
      const rows = await sheetOf(res.bytes);
      expect(rows[0]).toEqual(['行号', '姓名', '身份证号码', '互助项目', '份数', '错误原因']);
      expect(rows).toHaveLength(10);
      expect(rows[1]).toEqual(['5', '张伟', people[0].certNo, '02', '1', '不符合“女职工特殊疾病互助”的参加条件（限女职工）']);
    }
  });

  it('refuses another unit’s batch, for the report and the confirmation', async () => {
    const report = await hall.download(ApiPath.applyImportErrors, { batchId }, neighbour);
    expect(report.answer).toMatchObject({ code: Code.FAIL, message: '导入批次不存在或已失效，请重新导入' });
    expect(await hall.post(ApiPath.applyImportConfirm, { batchId }, neighbour)).toMatchObject({
      code: Code.FAIL,
      message: '导入批次不存在或已失效，请重新导入',
    });
    expect((await hall.post(ApiPath.applyImportConfirm, { batchId: 'nope' }, clerk)).message).toBe('导入批次不存在或已失效，请重新导入');
  });

  it('a failure in the middle of the confirmation leaves nothing written', async () => {
    const before = await counts();
    await hall.db.execute(
      sql.raw(`CREATE FUNCTION test_fail_confirm() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'simulated crash'; END $$`),
    );
    await hall.db.execute(
      sql.raw('CREATE TRIGGER test_fail_confirm BEFORE UPDATE ON import_batches FOR EACH ROW EXECUTE FUNCTION test_fail_confirm()'),
    );
    try {
      const res = await hall.post(ApiPath.applyImportConfirm, { batchId }, clerk);
      expect(res.code).toBe(500);
    } finally {
      await hall.db.execute(sql.raw('DROP TRIGGER test_fail_confirm ON import_batches'));
      await hall.db.execute(sql.raw('DROP FUNCTION test_fail_confirm()'));
    }
    expect(await counts()).toEqual(before);
    const [batch] = await hall.db.select().from(importBatches).where(eq(importBatches.id, batchId));
    expect(batch).toMatchObject({ state: 'preview', applicationId: null });
  });

  it('confirms: a draft with the valid lines and its amounts, in one go; not twice', async () => {
    const res = await hall.post(ApiPath.applyImportConfirm, { batchId }, clerk);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ added: 3, skipped: 0, headcount: 2, amountFen: 2 * 6000 + 6000 + 2000 });
    const detail = await hall.post(ApiPath.applyDetail, { id: res.data.applicationId }, clerk);
    expect(detail.data.application).toMatchObject({ state: 'draft', kind: 'new', no: res.data.no, headcount: 2, amountFen: 20000 });
    expect(detail.data.events[0].note).toBe('Excel导入新建（申报名单.csv）');
    expect(detail.data.lines.totlCnt).toBe(3);
    const [batch] = await hall.db.select().from(importBatches).where(eq(importBatches.id, batchId));
    expect(batch).toMatchObject({ state: 'confirmed', applicationId: res.data.applicationId });
    expect((await hall.post(ApiPath.applyImportConfirm, { batchId }, clerk)).message).toBe('该批次已确认导入，请勿重复确认');
    // The imported draft is submitted like any other.
    expect((await hall.post(ApiPath.applySubmit, { id: res.data.applicationId }, clerk)).data.state).toBe('submitted');
  });
});

describe('importing into an existing draft', () => {
  it('adds an Excel file to the draft named, and marks who is already in it', async () => {
    const app = (await hall.post(ApiPath.applyCreate, { periodYear: 2027, kind: 'new' }, clerk)).data;
    const file = await xlsx([
      ['陈杰', people[4].certNo, '03', '2'],
      ['杨丽', people[5].certNo, '02', ''],
    ]);
    const res = await importFile(clerk, { periodYear: '2027', kind: 'new', applicationId: String(app.id) }, file);
    expect(res.data).toMatchObject({ total: 2, valid: 2, applicationId: app.id });
    const done = await hall.post(ApiPath.applyImportConfirm, { batchId: res.data.batchId }, clerk);
    expect(done.data).toMatchObject({ applicationId: app.id, added: 2, headcount: 2, amountFen: 14000 });
    const again = await importFile(clerk, { periodYear: '2027', kind: 'new', applicationId: String(app.id) }, file);
    expect(again.data.invalidRows.map((r: { reason: string }) => r.reason)).toEqual([
      '已在本申请中，无需重复导入',
      '已在本申请中，无需重复导入',
    ]);
    expect((await hall.post(ApiPath.applyImportConfirm, { batchId: again.data.batchId }, clerk)).message).toBe(
      '没有可导入的有效行，请按错误报告修改后重新导入',
    );
  });

  it('skips at confirmation what changed since the preview (declared meanwhile, left)', async () => {
    const [a, b] = await addStaff(hall.db, unitId, [
      { name: '孙明', gender: '1' },
      { name: '周敏', gender: '2' },
    ]);
    const res = await importFile(
      clerk,
      { periodYear: '2027', kind: 'new' },
      csv([
        ['孙明', a.certNo, '01', '1'],
        ['周敏', b.certNo, '01', '1'],
      ]),
    );
    expect(res.data.valid).toBe(2);
    const other = (await hall.post(ApiPath.applyCreate, { periodYear: 2027, kind: 'new' }, clerk)).data;
    await hall.post(ApiPath.applyAddLines, { id: other.id, staffIds: [a.staffId], products: [{ code: '01', shares: 1 }] }, clerk);
    await leave(hall.db, b.staffId, '2026-11-21');
    const done = await hall.post(ApiPath.applyImportConfirm, { batchId: res.data.batchId }, clerk);
    expect(done.data).toMatchObject({ added: 0, skipped: 2, headcount: 0 });
  });
});

describe('refusals', () => {
  it('refuses a missing file, bad fields, an unknown format, missing columns, an empty file', async () => {
    expect((await importFile(clerk, { periodYear: '2027', kind: 'new' })).message).toBe('请选择要导入的文件');
    expect((await importFile(clerk, { kind: 'new' }, csv([]))).message).toBe('请选择互助期');
    expect((await importFile(clerk, { periodYear: '2026', kind: 'new' }, csv([]))).message).toBe(
      '2026年度新参申请的办理时间为 2025-11-01 至 2025-12-31，当前不在办理期内',
    );
    expect((await importFile(clerk, { periodYear: '2027', kind: 'new' }, { name: 'a.pdf', bytes: Buffer.from('%PDF-1.4') })).message).toBe(
      '仅支持 Excel（.xlsx）或 CSV 文件，请下载导入模板填写',
    );
    expect(
      (await importFile(clerk, { periodYear: '2027', kind: 'new' }, { name: 'a.csv', bytes: Buffer.from('姓名,身份证\n张伟,1\n') }))
        .message,
    ).toBe('导入文件缺少“身份证号码”“互助项目”列，请使用导入模板');
    expect((await importFile(clerk, { periodYear: '2027', kind: 'new' }, csv([]))).message).toBe(
      '导入文件中没有人员数据，请在模板的标题行下方填写',
    );
    expect(
      (await importFile(clerk, { periodYear: '2027', kind: 'new' }, { name: 'a.xlsx', bytes: Buffer.from('not a zip at all') })).message,
    ).toBe('文件无法读取，请下载导入模板填写后另存为 .xlsx 或 .csv 再导入');
    const filler = Buffer.alloc(10 * 1024 * 1024, `${' '.repeat(99)}\n`); // blank lines (one line of 10 MB is refused as such)
    const big = {
      name: 'big.csv',
      bytes: Buffer.concat([Buffer.from('姓名,身份证号码,互助项目,份数\n张伟,'), filler, Buffer.from(',01,1\n')]),
    };
    expect((await importFile(clerk, { periodYear: '2027', kind: 'new' }, big)).message).toBe('文件大小不能超过10MB');
    const left = await hall.db.select({ n: count() }).from(importBatches).where(eq(importBatches.state, 'preview'));
    expect(Number(left[0].n)).toBeLessThan(10); // refused imports leave no batch behind
  });

  it('refuses another unit’s application id, and a submitted one', async () => {
    const theirs = (await hall.post(ApiPath.applyCreate, { periodYear: 2027, kind: 'new' }, neighbour)).data;
    const rows = csv([['张伟', people[0].certNo, '03', '1']]);
    expect((await importFile(clerk, { periodYear: '2027', kind: 'new', applicationId: String(theirs.id) }, rows)).message).toBe(
      '申请不存在或无权查看',
    );
    const [submittedApp] = await hall.db
      .select({ id: applications.id })
      .from(applications)
      .where(sql`${applications.unitId} = ${unitId} and ${applications.state} = 'submitted'`);
    expect((await importFile(clerk, { periodYear: '2027', kind: 'new', applicationId: String(submittedApp.id) }, rows)).message).toBe(
      '只有待提交或已退回的申请可以修改人员明细',
    );
  });

  it('refuses a unit without insurance registration', async () => {
    const res = await importFile(await token('qydw92102'), { periodYear: '2027', kind: 'new' }, csv([]));
    expect(res.message).toBe('您的单位尚未办理医保参保登记，暂不能使用本功能');
  });
});

describe('progress', () => {
  it('answers the rows read of an upload being checked (named in the form, as the portal sends it), to its own unit only', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const rows = Array.from({ length: 3000 }, (_, n) => ['路人', newCertNo('1'), '01', String((n % 2) + 1)]);
    const body = multipart({ periodYear: '2027', kind: 'new', uploadId: 'upload-apply-1' }, csv(rows));
    const cut = body.payload.length - 40_000; // the rest of the file is still on its way
    const stream = Readable.from(
      (async function* () {
        yield body.payload.subarray(0, cut);
        await held;
        yield body.payload.subarray(cut);
      })(),
    );
    const sent = hall.app.inject({
      method: 'POST',
      url: hall.config.basePath + ApiPath.applyImport,
      headers: { authorization: clerk, 'x-hall-protocol': '1', 'content-type': body.contentType },
      payload: stream,
    });
    const progress = async (t: string) => (await hall.post(ApiPath.staffImportProgress, { uploadId: 'upload-apply-1' }, t)).data;
    for (let tries = 0; (await progress(clerk)).rows === 0 && tries < 400; tries++) await new Promise((r) => setTimeout(r, 50));
    expect((await progress(clerk)).rows).toBeGreaterThan(1000);
    expect(await progress(neighbour)).toEqual({ rows: 0 }); // another unit's upload id is none of its own
    release();
    expect(open(JSON.parse((await sent).body).data, hall.config.envelopeKey)).toMatchObject({ total: 3000, invalid: 3000 });
    expect(await progress(clerk)).toEqual({ rows: 0 }); // read and checked: forgotten
  });
});
