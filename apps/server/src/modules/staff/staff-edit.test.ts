import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, Code, STAFF_MESSAGES } from '@hall/shared';
import { auditLog, persons } from '../../db/schema';
import type { TestHall } from '../../test/harness';
import { certNoOf, nameOf } from '../../test/staff-fixtures';
import { createStaffHall, staffRowsOf } from '../../test/staff-hall';

/*
 * One person at a time: adding them to a unit's staff (the registry decides who is insured), then
 * reading, editing and leaving; a unit never reaches another unit's staff.
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
