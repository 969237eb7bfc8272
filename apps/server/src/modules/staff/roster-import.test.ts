import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, Code, STAFF_MESSAGES } from '@hall/shared';
import { persons } from '../../db/schema';
import type { TestHall } from '../../test/harness';
import { certNoOf, nameOf } from '../../test/staff-fixtures';
import { createStaffHall, csv, HEADER, importRoster, line, staffRowsOf, tableOf } from '../../test/staff-hall';
import { StagedChunk, batchExists, createBatch, insertRows, sweepExpired } from '../../lib/staged-import.repository';
import { Readable } from 'node:stream';
import type { HallContext } from '../../types';
import { importRoster as stageRoster, ROSTER_BATCH_TTL_MS, ROSTER_FILE_MAX_BYTES, ROSTER_TOO_LARGE } from './roster.service';

/*
 * The roster import: a preview that checks every row and writes nothing, an error report, and a
 * confirmation that writes the valid rows once. The tests build on each other's rows, in order.
 */

let hall: TestHall;
let token: string; // qydw92101 (insured, level 2 under 92)
let otherToken: string; // hygh93001
let unitId: number;

beforeAll(async () => {
  ({ hall, token, otherToken, unitId } = await createStaffHall());
});
afterAll(() => hall.close());

const add = (n: number, t = token, extra: Record<string, unknown> = {}) =>
  hall.post(ApiPath.staffAdd, { name: nameOf(n), certNo: certNoOf(n), psnType: '1', joinedOn: '2025-01-01', ...extra }, t);
const page = (payload: Record<string, unknown> = {}, t = token) => hall.post(ApiPath.staffPage, payload, t);
const staffRows = (n: number) => staffRowsOf(hall.db, n);
// Bound here so the default is the file's current token (the expiry test logs in again).
const importFile = (name: string, bytes: Buffer, t = token) => importRoster(hall, name, bytes, t);

describe('roster import', () => {
  it('downloads the template: the columns and an example row that the import skips', async () => {
    const res = await hall.download(ApiPath.staffTemplate, {}, token);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('互助人员导入模板'));
    const rows = await tableOf(res.bytes);
    expect(rows[0]).toEqual(['姓名', '身份证号码', '人员类别', '联系电话', '开户银行', '银行卡号', '入职日期']);
    expect(rows[1][2]).toContain('退休职工、劳动模范、困难职工');
    expect((await importFile('模板.xlsx', res.bytes)).message).toBe(STAFF_MESSAGES.noRows);
  });

  it('refuses other types, unreadable files and missing columns', async () => {
    expect((await importFile('a.txt', csv(line(10)))).message).toBe(STAFF_MESSAGES.fileType);
    expect((await importFile('a.xlsx', Buffer.from('not a workbook'))).message).toBe(STAFF_MESSAGES.badFile);
    expect((await importFile('a.csv', Buffer.from('姓名,身份证号码\n张三,1'))).message).toBe(
      STAFF_MESSAGES.missingColumns(['人员类别', '入职日期']),
    );
  });

  it('stages any text a clerk may write (the chunks go as COPY lines)', async () => {
    const texts = ['王"五', 'a\\b', 'tab\there', 'two\nlines\r', '\\N', 'NULL', '{x,y}', ' 空 格 ', '中文'];
    const id = crypto.randomUUID();
    await createBatch(hall.db, { id, kind: 'roster', unitId, fileName: 'texts.csv' }, hall.clock.now());
    const chunk = new StagedChunk(id);
    for (const [i, text] of texts.entries()) {
      const row = { name: text, certNo: text, psnType: text, phone: null, bankName: text, bankCard: null, joinedOn: null };
      chunk.push({ ...row, rowNo: i + 2, error: i % 2 ? text : null });
    }
    await insertRows(hall.db, chunk);
    const result = await hall.db.execute(
      sql`select name, cert_no, psn_type, phone, bank_name, bank_card, joined_on, error from import_rows where batch_id = ${id}::uuid order by row_no`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual(
      texts.map((text, i) => ({
        name: text,
        cert_no: text,
        psn_type: text,
        phone: null,
        bank_name: text,
        bank_card: null,
        joined_on: null,
        error: i % 2 ? text : null,
      })),
    );
  });

  it('takes a roster larger than other uploads (up to 40 MB); refuses one byte more, saying so', async () => {
    // 11 MB of blank lines after the header: read to the end (not refused for its size), no rows.
    const blank = Buffer.concat([csv(), Buffer.from(`\r\n${' '.repeat(1000)}`.repeat(11 * 1100))]);
    expect(blank.length).toBeGreaterThan(11 * 1024 * 1024);
    expect((await importFile('big.csv', blank)).message).toBe(STAFF_MESSAGES.noRows);
    // Blank lines (a line is at most CSV_LINE_MAX_CHARS: one line of 40 MB is refused as such).
    const over = Buffer.alloc(ROSTER_FILE_MAX_BYTES + 1, `${' '.repeat(1023)}\n`);
    for (const name of ['big.xlsx', 'big.csv']) expect([name, (await importFile(name, over)).message]).toEqual([name, ROSTER_TOO_LARGE]);
    expect((await importFile('big.csv', over.subarray(1))).message).toBe(STAFF_MESSAGES.noRows); // 40 MB exactly: read
  });

  it('previews every row check, writes nothing, and confirms the valid rows in one go, once', async () => {
    await add(20, otherToken); // open at another unit
    const file = csv(
      line(10, { phone: '13807310010', bank: '农业银行', card: '6228480000001010' }),
      line(11, { type: '退休', date: '2025/1/2' }),
      line(12, { name: '冒名' }), // name mismatch
      line(10), // duplicate of row 2
      line(20), // open at another unit
      line(50), // registry inactive
      [nameOf(30), '430104197001010041', '在职', '', '', '', '2025-06-01'].join(','), // bad check character
      line(13, { type: '临时工', date: '2027-01-01' }),
      '',
      line(14),
      line(11, { type: '临时工' }), // its own error and a duplicate of row 3
    );
    const preview = await importFile('名单.csv', file);
    expect(preview.code).toBe(0);
    expect(preview.data).toMatchObject({ fileName: '名单.csv', total: 10, valid: 3, invalid: 7 });
    expect(preview.data.invalidRows).toEqual([
      { rowNo: 4, name: '冒名', certNo: certNoOf(12), reason: STAFF_MESSAGES.nameMismatch },
      { rowNo: 5, name: nameOf(10), certNo: certNoOf(10), reason: '与第2行的身份证号码重复' },
      { rowNo: 6, name: nameOf(20), certNo: certNoOf(20), reason: STAFF_MESSAGES.openElsewhere },
      { rowNo: 7, name: nameOf(50), certNo: certNoOf(50), reason: STAFF_MESSAGES.notInsured },
      { rowNo: 8, name: nameOf(30), certNo: '430104197001010041', reason: '身份证号码不正确（请核对位数、出生日期和末位校验码）' },
      { rowNo: 9, name: nameOf(13), certNo: certNoOf(13), reason: `${STAFF_MESSAGES.psnType}；${STAFF_MESSAGES.joinFuture}` },
      { rowNo: 12, name: nameOf(11), certNo: certNoOf(11), reason: `${STAFF_MESSAGES.psnType}；与第3行的身份证号码重复` },
    ]);
    expect(await staffRows(10)).toEqual([]);

    // The report: the invalid rows as written, with 错误原因.
    const report = await hall.download(ApiPath.staffImportReport, { batchId: preview.data.batchId }, token);
    const rows = await tableOf(report.bytes);
    expect(rows[0]).toEqual(['行号', '姓名', '身份证号码', '人员类别', '联系电话', '开户银行', '银行卡号', '入职日期', '错误原因']);
    expect(rows).toHaveLength(8);
    expect(rows[6]).toEqual([
      '9',
      nameOf(13),
      certNoOf(13),
      '临时工',
      '',
      '',
      '',
      '2027-01-01',
      `${STAFF_MESSAGES.psnType}；${STAFF_MESSAGES.joinFuture}`,
    ]);
    expect(String(report.headers['content-disposition'])).toContain(encodeURIComponent('职工名单导入错误报告-名单.xlsx'));

    // Another unit can neither confirm, discard nor read it.
    const batchId = preview.data.batchId;
    for (const path of [ApiPath.staffImportConfirm, ApiPath.staffImportDiscard]) {
      expect((await hall.post(path, { batchId }, otherToken)).message).toBe(STAFF_MESSAGES.batchGone);
    }
    const theirReport = await hall.download(ApiPath.staffImportReport, { batchId }, otherToken);
    expect(theirReport.answer?.message).toBe(STAFF_MESSAGES.batchGone);

    const done = await hall.post(ApiPath.staffImportConfirm, { batchId }, token);
    expect(done.data).toEqual({ imported: 3, added: 3, updated: 0 });
    const [p10] = await hall.db
      .select()
      .from(persons)
      .where(eq(persons.certNo, certNoOf(10)));
    expect(p10).toMatchObject({ insured: true, phone: null, bankName: '农业银行', bankCard: '6228480000001010', gender: '2' });
    const listed = await page({ certNo: certNoOf(11) });
    expect(listed.data.list[0]).toMatchObject({ psnType: '2', joinedOn: '2025-01-02' });
    expect(listed.data.list[0].phone).toBe('');

    const again = await hall.post(ApiPath.staffImportConfirm, { batchId }, token);
    expect(again).toMatchObject({ code: Code.FAIL, message: STAFF_MESSAGES.batchGone });
    expect(await staffRows(10)).toHaveLength(1);
    expect((await hall.post(ApiPath.staffImportDiscard, { batchId }, token)).message).toBe(STAFF_MESSAGES.batchGone);
  });

  it('two confirmations at once write once', async () => {
    const preview = await importFile('b.csv', csv(line(15), line(16)));
    const [a, b] = await Promise.all([
      hall.post(ApiPath.staffImportConfirm, { batchId: preview.data.batchId }, token),
      hall.post(ApiPath.staffImportConfirm, { batchId: preview.data.batchId }, token),
    ]);
    expect([a.code, b.code].sort()).toEqual([0, Code.FAIL]);
    expect(await staffRows(15)).toHaveLength(1);
  });

  it('reopens a preview still waiting (the to-do’s 去确认); not another unit’s, nor one confirmed or discarded', async () => {
    const bad = [nameOf(31), '430104197001010041', '在职', '', '', '', '2025-06-01'].join(',');
    const first = await importFile('f.csv', csv(line(14), bad));
    const batchId = first.data.batchId;
    const reopened = await hall.post(ApiPath.staffImportPreview, { batchId }, token);
    expect(reopened.code, reopened.message).toBe(0);
    expect(reopened.data).toEqual(first.data);
    expect(reopened.data).toMatchObject({ total: 2, valid: 1, invalid: 1 });
    expect(reopened.data.invalidRows.map((r: { rowNo: number }) => r.rowNo)).toEqual([3]);
    expect((await hall.post(ApiPath.staffImportPreview, { batchId }, otherToken)).message).toBe(STAFF_MESSAGES.batchGone);
    expect((await hall.post(ApiPath.staffImportDiscard, { batchId }, token)).code).toBe(0);
    expect((await hall.post(ApiPath.staffImportPreview, { batchId }, token)).message).toBe(STAFF_MESSAGES.batchGone);

    const second = await importFile('g.csv', csv(line(14)));
    expect((await hall.post(ApiPath.staffImportPreview, { batchId: second.data.batchId }, token)).data).toEqual(second.data);
    expect((await hall.post(ApiPath.staffImportConfirm, { batchId: second.data.batchId }, token)).code).toBe(0);
    expect((await hall.post(ApiPath.staffImportPreview, { batchId: second.data.batchId }, token)).message).toBe(STAFF_MESSAGES.batchGone);
  });

  it('updates and re-opens this unit’s own staff; checks again at confirmation', async () => {
    // 11 is here (imported above); 15 leaves, then comes back by roster; 17 joins another unit after the preview.
    const id15 = (await page({ certNo: certNoOf(15) })).data.list[0].id;
    await hall.post(ApiPath.staffLeave, { id: id15, leftOn: '2026-11-01', leaveReason: '离职' }, token);
    const preview = await importFile('c.csv', csv(line(11, { type: '劳模' }), line(15), line(17)));
    expect(preview.data).toMatchObject({ total: 3, valid: 3 });
    expect((await add(17, otherToken)).code).toBe(0);
    const done = await hall.post(ApiPath.staffImportConfirm, { batchId: preview.data.batchId }, token);
    expect(done.data).toEqual({ imported: 2, added: 0, updated: 2 });
    expect((await page({ certNo: certNoOf(11) })).data.list[0].psnType).toBe('3');
    expect((await page({ certNo: certNoOf(15) })).data.list[0]).toMatchObject({ id: id15, state: 'current', leftOn: null });
    expect((await staffRows(17)).map((r) => r.unitId)).not.toContain(unitId);
  });

  it('a discarded or expired preview cannot be confirmed', async () => {
    const first = await importFile('d.csv', csv(line(18)));
    expect((await hall.post(ApiPath.staffImportDiscard, { batchId: first.data.batchId }, token)).code).toBe(0);
    expect((await hall.post(ApiPath.staffImportConfirm, { batchId: first.data.batchId }, token)).message).toBe(STAFF_MESSAGES.batchGone);
    const second = await importFile('e.csv', csv(line(19)));
    hall.clock.advance(61 * 60_000);
    token = (await hall.loginUnit('qydw92101')).data.accessToken;
    otherToken = (await hall.loginUnit('hygh93001')).data.accessToken;
    expect((await hall.post(ApiPath.staffImportConfirm, { batchId: second.data.batchId }, token)).message).toBe(STAFF_MESSAGES.batchGone);
    expect((await hall.post(ApiPath.staffImportConfirm, { batchId: 'nonsense' }, token)).message).toBe(STAFF_MESSAGES.batchGone);
    expect(await staffRows(18)).toEqual([]);
    expect(await staffRows(19)).toEqual([]);
  });

  it('another import does not sweep a batch still being staged, only one past its hour', async () => {
    const now = hall.clock.now();
    const id = crypto.randomUUID();
    await createBatch(hall.db, { id, kind: 'roster', unitId, fileName: 'staging.xlsx' }, now); // not confirmable while staged
    const exists = async () => (await batchExists(hall.db, id)) !== undefined;
    hall.clock.advance(5 * 60_000);
    expect((await importFile('f.csv', csv(line(20)), otherToken)).code).toBe(0); // sweeps at its start
    expect(await exists()).toBe(true);
    await sweepExpired(hall.db, 'roster', new Date(now.getTime() + 61 * 60_000), ROSTER_BATCH_TTL_MS);
    expect(await exists()).toBe(false);
  });

  it('answers the rows read of an upload being checked, to its own unit only (the progress call)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stream = Readable.from(
      (async function* () {
        // More than the reader holds to tell UTF-8 from GBK, so that these rows are read at once.
        yield csv(...Array.from({ length: 3000 }, (_, n) => line(n)), '');
        await held; // the rest of the file is still on its way
      })(),
    );
    const ctx = { db: hall.db, clock: hall.clock, config: hall.config } as unknown as HallContext;
    const caller = { accountId: 0, sessionId: 't', loginType: 'unit', loginName: 'qydw92101', unit: { id: unitId } } as never;
    const staging = stageRoster(ctx, caller, { fileName: 'slow.csv', stream, truncated: () => false, uploadId: 'upload-0001' });
    const progress = async (t: string) => (await hall.post(ApiPath.staffImportProgress, { uploadId: 'upload-0001' }, t)).data;
    for (let tries = 0; (await progress(token)).rows < 3000 && tries < 400; tries++) await new Promise((r) => setTimeout(r, 50));
    expect(await progress(token)).toEqual({ rows: 3000 });
    expect(await progress(otherToken)).toEqual({ rows: 0 }); // another unit's upload id is none of its own
    release();
    expect((await staging).total).toBe(3000);
    expect(await progress(token)).toEqual({ rows: 0 }); // read and checked: forgotten
  });

  it('reads an Excel roster (dates as Excel days too)', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('名单');
    sheet.addRow(HEADER.split(','));
    sheet.addRow([nameOf(21), certNoOf(21), '在职职工', '', '', '', new Date(Date.UTC(2025, 2, 1))]);
    sheet.addRow([nameOf(22), certNoOf(22), '1', '13800000022', '', '', '2025-03-02']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const preview = await importFile('名单.xlsx', bytes);
    expect(preview.data).toMatchObject({ total: 2, valid: 2, invalid: 0 });
    expect((await hall.post(ApiPath.staffImportConfirm, { batchId: preview.data.batchId }, token)).data.added).toBe(2);
    expect((await page({ certNo: certNoOf(21) })).data.list[0].joinedOn).toBe('2025-03-01');
  });
});
