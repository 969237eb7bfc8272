import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, Code, NOT_INSURED_MESSAGES } from '@hall/shared';
import { auditLog, units } from '../../db/schema';
import type { TestHall } from '../../test/harness';
import { certNoOf, nameOf, registerPersons } from '../../test/staff-fixtures';
import { createStaffHall, csv, importRoster, line, tableOf } from '../../test/staff-hall';
import { PAGE_REACH_MESSAGE } from './staff.service';

/*
 * The staff list (getPageList, exportList) and who may call the staff module at all: filters,
 * masking, paging a large unit and the capped count of a very large one.
 */

let hall: TestHall;
let token: string; // qydw92101 (insured, level 2 under 92)
let otherToken: string; // hygh93001
let personToken: string;

beforeAll(async () => {
  ({ hall, token, otherToken, personToken } = await createStaffHall());
});
afterAll(() => hall.close());

const add = (n: number, t = token, extra: Record<string, unknown> = {}) =>
  hall.post(ApiPath.staffAdd, { name: nameOf(n), certNo: certNoOf(n), psnType: '1', joinedOn: '2025-01-01', ...extra }, t);
const page = (payload: Record<string, unknown> = {}, t = token) => hall.post(ApiPath.staffPage, payload, t);
const importFile = (name: string, bytes: Buffer, t = token) => importRoster(hall, name, bytes, t);

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
