import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, Code, NOT_INSURED_MESSAGES, open, STAFF_MESSAGES } from '@hall/shared';
import { auditLog, persons, staff, units } from '../../db/schema';
import { readTable } from '../../lib/table-file';
import { createTestHall, type TestHall } from '../../test/harness';
import { certNoOf, nameOf, registerPersons } from '../../test/staff-fixtures';
import { StagedChunk, batchExists, createBatch, insertRows, sweepExpired } from './roster.repository';
import { ROSTER_BATCH_TTL_MS, ROSTER_FILE_MAX_BYTES, ROSTER_TOO_LARGE } from './roster.service';
import { PAGE_REACH_MESSAGE } from './staff.service';

let hall: TestHall;
let token: string; // qydw92101 (insured, level 2 under 92)
let otherToken: string; // hygh93001
let personToken: string;
let unitId: number;

beforeAll(async () => {
  hall = await createTestHall();
  token = (await hall.loginUnit('qydw92101')).data.accessToken;
  otherToken = (await hall.loginUnit('hygh93001')).data.accessToken;
  personToken = (await hall.loginPersonal('430102198503150022')).data.accessToken;
  [{ id: unitId }] = await hall.db.select({ id: units.id }).from(units).where(eq(units.uact, 'qydw92101'));
  // People the bureau knows: 0-49 active; 50 registered but inactive.
  await registerPersons(hall.db, [
    ...Array.from({ length: 50 }, (_, n) => ({ certNo: certNoOf(n), name: nameOf(n) })),
    { certNo: certNoOf(50), name: nameOf(50), active: false },
  ]);
});
afterAll(() => hall.close());

const add = (n: number, t = token, extra: Record<string, unknown> = {}) =>
  hall.post(ApiPath.staffAdd, { name: nameOf(n), certNo: certNoOf(n), psnType: '1', joinedOn: '2025-01-01', ...extra }, t);
const page = (payload: Record<string, unknown> = {}, t = token) => hall.post(ApiPath.staffPage, payload, t);

async function staffRows(n: number) {
  return hall.db
    .select({ id: staff.id, unitId: staff.unitId, leftOn: staff.leftOn })
    .from(staff)
    .innerJoin(persons, eq(persons.id, staff.personId))
    .where(eq(persons.certNo, certNoOf(n)));
}

/** A multipart upload to the roster import, as the portal sends it. */
async function importFile(name: string, bytes: Buffer, t = token) {
  const boundary = '----roster' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const res = await hall.app.inject({
    method: 'POST',
    url: hall.config.basePath + ApiPath.staffImport,
    headers: { 'x-hall-protocol': '1', authorization: t, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  const parsed = JSON.parse(res.body);
  return { ...parsed, data: parsed.data === undefined ? undefined : open(parsed.data, hall.config.envelopeKey) };
}

const HEADER = '姓名,身份证号码,人员类别,联系电话,开户银行,银行卡号,入职日期';
const csv = (...lines: string[]) => Buffer.from('\uFEFF' + [HEADER, ...lines].join('\r\n'), 'utf8');
const line = (n: number, extra: Partial<Record<'name' | 'type' | 'phone' | 'bank' | 'card' | 'date', string>> = {}) =>
  [
    extra.name ?? nameOf(n),
    certNoOf(n),
    extra.type ?? '在职职工',
    extra.phone ?? '',
    extra.bank ?? '',
    extra.card ?? '',
    extra.date ?? '2025-06-01',
  ].join(',');

async function tableOf(bytes: Buffer) {
  const rows: string[][] = [];
  for await (const r of readTable(Readable.from(bytes), 'xlsx')) rows.push(r.cells);
  return rows;
}

describe('who may call', () => {
  it('the not-insured unit is refused (needInsured), and so is a personal user', async () => {
    const uninsured = (await hall.loginUnit('qydw92102')).data.accessToken;
    expect(await page({}, uninsured)).toMatchObject({ code: Code.FAIL, message: NOT_INSURED_MESSAGES.unit });
    expect((await add(1, uninsured)).message).toBe(NOT_INSURED_MESSAGES.unit);
    expect((await importFile('a.csv', csv(line(1)), uninsured)).message).toBe(NOT_INSURED_MESSAGES.unit);
    expect(await page({}, personToken)).toMatchObject({ code: Code.FAIL, message: '该功能仅限单位用户使用' });
    expect((await hall.post(ApiPath.staffPage, {})).code).toBe(Code.NO_TOKEN);
  });
});

describe('getPageList', () => {
  it("lists the unit's own staff, masked, with gender and birth date from the ID number", async () => {
    const res = await page();
    expect(res.code).toBe(0);
    expect(res.data.totlCnt).toBe(7); // 6 generated + 李华
    const li = res.data.list.find((r: { name: string }) => r.name === '李华');
    expect(li).toMatchObject({
      certNo: '4301**********0022',
      gender: '2',
      genderLabel: '女',
      birthDate: '1985-03-15',
      psnType: '1',
      psnTypeLabel: '在职职工',
      state: 'current',
      joinedOn: '2019-07-01',
      leftOn: null,
    });
    const other = await page({}, otherToken);
    const ids = new Set(res.data.list.map((r: { id: string }) => r.id));
    expect(other.data.list.some((r: { id: string }) => ids.has(r.id))).toBe(false);
  });

  it('filters by name prefix, exact ID number, type, state and joining dates', async () => {
    expect((await page({ name: '李' })).data.list.map((r: { name: string }) => r.name)).toContain('李华');
    expect((await page({ name: '华' })).data.list.map((r: { name: string }) => r.name)).not.toContain('李华');
    expect((await page({ name: '%' })).data.totlCnt).toBe(0);
    expect((await page({ certNo: '430102198503150022' })).data.totlCnt).toBe(1);
    expect((await page({ certNo: '4301021985031500' })).data.totlCnt).toBe(0);
    expect((await page({ psnType: '2' })).data.totlCnt).toBe(1);
    expect((await page({ psnType: '退休职工' })).data.totlCnt).toBe(1);
    expect((await page({ state: 'left' })).data.totlCnt).toBe(0);
    expect((await page({ joinedFrom: '2019-07-01', joinedTo: '2019-07-01' })).data.totlCnt).toBe(1);
    expect((await page({ joinedFrom: '2020-13-01' })).code).toBe(Code.FAIL);
    // Another unit's person by exact ID number: nothing.
    const theirs = await hall.post(ApiPath.staffPage, {}, otherToken);
    expect(theirs.data.totlCnt).toBeGreaterThan(0);
  });
});

describe('addStaff', () => {
  it('adds a registered person: a new persons row (insured, from the registry), never persons.phone', async () => {
    const res = await add(1, token, { phone: '13807310011', bankName: '工商银行', bankCard: '6222 0200 0000 1111', psnType: '困难职工' });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ name: nameOf(1), psnType: '4', phone: '138****0011', bankCard: '6222 **** 1111', state: 'current' });
    expect(res.data.certNo).toBe(`${certNoOf(1).slice(0, 4)}**********${certNoOf(1).slice(-4)}`);
    const [p] = await hall.db
      .select()
      .from(persons)
      .where(eq(persons.certNo, certNoOf(1)));
    expect(p).toMatchObject({ insured: true, phone: null, bankCard: '6222020000001111', gender: '1' });
  });

  it('refuses the uninsured (unknown or inactive), saying what to do', async () => {
    const unknown = await hall.post(ApiPath.staffAdd, { name: '王五', certNo: certNoOf(900), psnType: '1', joinedOn: '2025-01-01' }, token);
    expect(unknown).toMatchObject({ code: Code.FAIL, message: STAFF_MESSAGES.notInsured });
    expect(unknown.message).toContain('医疗保障经办机构');
    expect((await add(50)).message).toBe(STAFF_MESSAGES.notInsured);
    expect(await staffRows(900)).toEqual([]);
    // 刘洋 is a person the hall holds as not insured.
    expect(
      (await hall.post(ApiPath.staffAdd, { name: '刘洋', certNo: '430105199211080011', psnType: '1', joinedOn: '2025-01-01' }, token))
        .message,
    ).toBe(STAFF_MESSAGES.notInsured);
  });

  it('refuses another name than the registered one', async () => {
    expect((await add(2, token, { name: '冒名' })).message).toBe(STAFF_MESSAGES.nameMismatch);
    expect(await staffRows(2)).toEqual([]);
  });

  it('refuses someone open at another unit, without naming it; the same unit twice', async () => {
    expect((await add(3, otherToken)).code).toBe(0);
    const res = await add(3);
    expect(res).toMatchObject({ code: Code.FAIL, message: '该人员目前在其他单位在职，需原单位办理减员后才能加入' });
    expect(await staffRows(3)).toHaveLength(1);
    expect((await add(1)).message).toBe(STAFF_MESSAGES.alreadyHere);
  });

  it('refuses bad fields: ID number, type, dates, card without bank', async () => {
    expect((await add(4, token, { certNo: '430104197001010041' })).message).toBe('请输入正确的身份证号码');
    expect((await add(4, token, { psnType: '9' })).message).toBe(STAFF_MESSAGES.psnType);
    expect((await add(4, token, { joinedOn: '2026-11-23' })).message).toBe(STAFF_MESSAGES.joinFuture);
    expect((await add(4, token, { joinedOn: '1960-01-01' })).message).toBe(STAFF_MESSAGES.joinBeforeBirth);
    expect((await add(4, token, { bankCard: '6222020000001111' })).message).toBe(STAFF_MESSAGES.bankName);
    expect((await add(4, token, { phone: '123' })).message).toBe('请输入正确的联系电话');
    expect(await staffRows(4)).toEqual([]);
  });
});

describe('queryDataById, updateStaff, leaveStaff', () => {
  let id: string;
  let theirs: string;
  beforeAll(async () => {
    id = (await add(5, token, { phone: '0731-88886666' })).data.id;
    theirs = (await add(6, otherToken)).data.id;
  });

  it('answers own staff with the phone as entered; another unit’s id is refused and audited', async () => {
    expect((await hall.post(ApiPath.staffById, { id }, token)).data).toMatchObject({ id, phone: '0731-88886666' });
    expect(await hall.post(ApiPath.staffById, { id: theirs }, token)).toMatchObject({ code: Code.FAIL, message: STAFF_MESSAGES.notFound });
    expect((await hall.post(ApiPath.staffById, { id: 'abc' }, token)).code).toBe(Code.FAIL);
    const refusals = await hall.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'permission-refused'), eq(auditLog.actorKey, 'qydw92101')));
    expect(refusals.some((r) => (r.detail as { call?: string }).call === 'staffById')).toBe(true);
  });

  it('edits type, phone, bank and joining date; a changed card is audited (masked)', async () => {
    const res = await hall.post(
      ApiPath.staffUpdate,
      { id, psnType: '3', phone: '13900000001', bankName: '建设银行', bankCard: '6217000000002222', joinedOn: '2024-05-01' },
      token,
    );
    expect(res.data).toMatchObject({
      psnType: '3',
      psnTypeLabel: '劳动模范',
      phone: '13900000001',
      bankCard: '6217 **** 2222',
      joinedOn: '2024-05-01',
    });
    const [row] = await hall.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff-change'), eq(auditLog.actorKey, 'qydw92101')))
      .orderBy(auditLog.id)
      .limit(100)
      .then((rows) => rows.filter((r) => (r.detail as { field?: string }).field === 'bank'));
    expect(row.detail).toMatchObject({ to: '6217 **** 2222' });
    expect(JSON.stringify(row.detail)).not.toContain('6217000000002222');
    // Without a card the card on record stays.
    const kept = await hall.post(ApiPath.staffUpdate, { id, psnType: '3', bankName: '建设银行', joinedOn: '2024-05-01' }, token);
    expect(kept.data.bankCard).toBe('6217 **** 2222');
  });

  it("refuses another unit's id and bad dates, changing nothing", async () => {
    const res = await hall.post(ApiPath.staffUpdate, { id: theirs, psnType: '2', joinedOn: '2024-01-01' }, token);
    expect(res).toMatchObject({ code: Code.FAIL, message: STAFF_MESSAGES.notFound });
    expect((await hall.post(ApiPath.staffById, { id: theirs }, otherToken)).data.psnType).toBe('1');
    expect((await hall.post(ApiPath.staffUpdate, { id, psnType: '1', joinedOn: '2027-01-01' }, token)).message).toBe(
      STAFF_MESSAGES.joinFuture,
    );
  });

  it('leaves with a date and reason; checks the dates; a left row is not edited or left again', async () => {
    expect((await hall.post(ApiPath.staffLeave, { id: theirs, leftOn: '2026-10-31', leaveReason: '调离' }, token)).message).toBe(
      STAFF_MESSAGES.notFound,
    );
    expect((await hall.post(ApiPath.staffLeave, { id, leftOn: '2024-04-30', leaveReason: '调离' }, token)).message).toBe(
      STAFF_MESSAGES.leaveBeforeJoin,
    );
    expect((await hall.post(ApiPath.staffLeave, { id, leftOn: '2026-11-23', leaveReason: '调离' }, token)).message).toBe(
      STAFF_MESSAGES.leaveFuture,
    );
    expect((await hall.post(ApiPath.staffLeave, { id, leftOn: '2026-10-31', leaveReason: '' }, token)).message).toBe(
      STAFF_MESSAGES.leaveReason,
    );
    const res = await hall.post(ApiPath.staffLeave, { id, leftOn: '2026-10-31', leaveReason: '调离本单位' }, token);
    expect(res.data).toMatchObject({ state: 'left', leftOn: '2026-10-31', leaveReason: '调离本单位' });
    expect((await hall.post(ApiPath.staffLeave, { id, leftOn: '2026-11-01', leaveReason: '再次' }, token)).message).toBe(
      STAFF_MESSAGES.alreadyLeft,
    );
    expect((await hall.post(ApiPath.staffUpdate, { id, psnType: '1', joinedOn: '2024-05-01' }, token)).message).toBe(
      STAFF_MESSAGES.alreadyLeft,
    );
    expect((await page({ state: 'left' })).data.list.map((r: { id: string }) => r.id)).toContain(id);
  });

  it('a person who left may join another unit; re-joining the first unit reopens the same row', async () => {
    expect((await add(5, otherToken)).code).toBe(0);
    const otherId = (await page({ certNo: certNoOf(5) }, otherToken)).data.list[0].id;
    expect((await hall.post(ApiPath.staffLeave, { id: otherId, leftOn: '2026-11-20', leaveReason: '离职' }, otherToken)).code).toBe(0);
    const back = await add(5, token, { joinedOn: '2026-11-21' });
    expect(back.data).toMatchObject({ id, state: 'current', joinedOn: '2026-11-21', leftOn: null, leaveReason: null });
    expect((await staffRows(5)).filter((r) => r.unitId === unitId)).toHaveLength(1);
  });
});

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
    await createBatch(hall.db, { id, unitId, fileName: 'texts.csv' }, hall.clock.now());
    const chunk = new StagedChunk(id);
    for (const [i, text] of texts.entries()) {
      const row = { name: text, certNo: text, psnType: text, phone: null, bankName: text, bankCard: null, joinedOn: null };
      chunk.push(row, i + 2, i % 2 ? text : null);
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
    const over = Buffer.alloc(ROSTER_FILE_MAX_BYTES + 1, 0x20);
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
    expect(String(report.headers['content-disposition'])).toContain(encodeURIComponent('名单_错误报告.xlsx'));

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
    personToken = (await hall.loginPersonal('430102198503150022')).data.accessToken;
    expect((await hall.post(ApiPath.staffImportConfirm, { batchId: second.data.batchId }, token)).message).toBe(STAFF_MESSAGES.batchGone);
    expect((await hall.post(ApiPath.staffImportConfirm, { batchId: 'nonsense' }, token)).message).toBe(STAFF_MESSAGES.batchGone);
    expect(await staffRows(18)).toEqual([]);
    expect(await staffRows(19)).toEqual([]);
  });

  it('another import does not sweep a batch still being staged, only one past its hour', async () => {
    const now = hall.clock.now();
    const id = crypto.randomUUID();
    await createBatch(hall.db, { id, unitId, fileName: 'staging.xlsx' }, now); // not confirmable while staged
    const exists = async () => (await batchExists(hall.db, id)) !== undefined;
    hall.clock.advance(5 * 60_000);
    expect((await importFile('f.csv', csv(line(20)), otherToken)).code).toBe(0); // sweeps at its start
    expect(await exists()).toBe(true);
    await sweepExpired(hall.db, new Date(now.getTime() + 61 * 60_000), ROSTER_BATCH_TTL_MS);
    expect(await exists()).toBe(false);
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

describe('paging a large unit', () => {
  it('first, last and keyset pages agree with a plain walk; deep offsets are refused', async () => {
    const people = Array.from({ length: 1100 }, (_, i) => ({ certNo: certNoOf(5000 + i), name: nameOf(5000 + i) }));
    await registerPersons(hall.db, people);
    const big = (await hall.loginUnit('fhgh93101')).data.accessToken;
    const before = (await page({}, big)).data.totlCnt;
    const file = csv(...people.map((_, i) => line(5000 + i)));
    const preview = await importFile('big.csv', file, big);
    expect(preview.data.valid).toBe(1100);
    expect((await hall.post(ApiPath.staffImportConfirm, { batchId: preview.data.batchId }, big)).code).toBe(0);
    const total = (await page({ pageSize: 100 }, big)).data.totlCnt;
    expect(total).toBe(before + 1100);
    const all: string[] = [];
    for (let p = 1; p <= 12; p++) all.push(...(await page({ pageSize: 100, pageNum: p }, big)).data.list.map((r: { id: string }) => r.id));
    expect(new Set(all).size).toBe(total);
    expect(all.map(Number)).toEqual([...all.map(Number)].sort((a, b) => b - a));
    const last = await page({ pageSize: 100, pageNum: 12 }, big);
    expect(last.data.list.map((r: { id: string }) => r.id)).toEqual(all.slice(1100));
    const next = await page({ pageSize: 100, pageNum: 6, afterId: all[499] }, big);
    expect(next.data.list.map((r: { id: string }) => r.id)).toEqual(all.slice(500, 600));
    const prev = await page({ pageSize: 100, pageNum: 5, beforeId: all[500] }, big);
    expect(prev.data.list.map((r: { id: string }) => r.id)).toEqual(all.slice(400, 500));
    // One a page: the first and the last 500 pages by offset from the nearer end, the rest by keyset.
    expect((await page({ pageSize: 1, pageNum: total }, big)).data.list[0].id).toBe(all[total - 1]);
    expect((await page({ pageSize: 1, pageNum: 500 }, big)).data.list[0].id).toBe(all[499]);
    expect((await page({ pageSize: 1, pageNum: 501 }, big)).message).toBe(PAGE_REACH_MESSAGE);
    expect((await page({ pageSize: 1, pageNum: 501, afterId: all[499] }, big)).data.list[0].id).toBe(all[500]);
    expect((await page({ pageSize: 1, pageNum: total - 500 }, big)).message).toBe(PAGE_REACH_MESSAGE);
    expect((await page({ pageSize: 1, pageNum: total - 499 }, big)).data.list[0].id).toBe(all[total - 500]);
    expect((await page({ pageSize: 100, pageNum: 99 }, big)).data.pageNum).toBe(12);
  });
});

describe('exportList', () => {
  it('exports the filtered list, ID numbers masked, and audits it', async () => {
    const res = await hall.download(ApiPath.staffExport, { state: 'current', name: '李' }, token);
    expect(res.status).toBe(200);
    const rows = await tableOf(res.bytes);
    expect(rows[0].slice(0, 3)).toEqual(['姓名', '身份证号码', '性别']);
    const li = rows.find((r) => r[0] === '李华')!;
    expect(li[1]).toBe('4301**********0022');
    expect(rows.every((r) => !r.includes('430102198503150022'))).toBe(true);
    expect(rows.slice(1).every((r) => r[0].startsWith('李'))).toBe(true);
    const audits = await hall.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'download'), eq(auditLog.actorKey, 'qydw92101')));
    expect(audits.some((a) => (a.detail as { call?: string }).call === 'staffExport')).toBe(true);
    expect((await hall.download(ApiPath.staffExport, {}, personToken)).answer?.message).toBe('该功能仅限单位用户使用');
  });
});

describe('a roster over the count cap (issue 11)', () => {
  it('counts up to 10,000, says there are more, and pages from the newest (no end is known)', async () => {
    const [{ id: other }] = await hall.db.select({ id: units.id }).from(units).where(eq(units.uact, 'hygh93001'));
    await hall.db.execute(
      sql`insert into persons (cert_no, name, insured, created_at) select 'CAP' || g, '职工' || g, true, now() from generate_series(1, 10005) g`,
    );
    await hall.db.execute(sql`insert into staff (unit_id, person_id, joined_on, created_at, updated_at)
      select ${other}, id, '2025-01-01', now(), now() from persons where cert_no like 'CAP%'`);
    const res = await page({ pageNum: 60, pageSize: 100 }, otherToken);
    expect(res.data).toMatchObject({ totlCnt: 10_000, totlCntCapped: true, pageNum: 60 });
    const newest = await hall.db.execute(sql`select id from staff where unit_id = ${other} order by id desc offset 5900 limit 100`);
    expect(res.data.list.map((r: { id: string }) => Number(r.id))).toEqual(
      (newest as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id)),
    );
  });
});
