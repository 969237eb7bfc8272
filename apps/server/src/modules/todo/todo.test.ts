import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, Code, type TodoItem } from '@hall/shared';
import { applications, importBatches, periods, persons, staff, units } from '../../db/schema';
import { createTestHall, type TestHall } from '../../test/harness';
import { idCard } from '../../test/fixtures';
import { createUnitAccount } from '../accounts/accounts.service';

/**
 * The to-do list is derived from state: these tests write applications, imports and staff
 * directly (the applications API is another module's) and read what the list makes of them.
 * Units of their own, so the demo seed's applications never count here.
 */
let hall: TestHall;
const ids: Record<string, number> = {};
const year: Record<number, number> = {};
const PASSWORD = 'Todo@2026x';

const login = async (uact: string) => (await hall.loginUnit(uact, PASSWORD)).data.accessToken as string;
const todo = async (token: string) => {
  const res = await hall.post(ApiPath.todoList, {}, token);
  expect(res.code, res.message).toBe(0);
  return res.data.list as TodoItem[];
};
const kinds = (list: TodoItem[]) => list.map((i) => i.kind);

async function application(unit: string, periodYear: number, state: string, extra: Partial<typeof applications.$inferInsert> = {}) {
  const now = hall.clock.now();
  const [row] = await hall.db
    .insert(applications)
    .values({ unitId: ids[unit], periodId: year[periodYear], kind: 'new', state, createdAt: now, updatedAt: now, ...extra })
    .returning({ id: applications.id });
  return row.id;
}

async function batch(unit: string, kind: 'roster' | 'apply', state: string, expiresInMs: number, createdAgoMs = 0) {
  const now = hall.clock.now();
  const id = randomUUID();
  await hall.db.insert(importBatches).values({
    id,
    unitId: ids[unit],
    kind,
    fileName: 'x.xlsx',
    total: 10,
    valid: 8,
    state,
    createdAt: new Date(now.getTime() - createdAgoMs),
    expiresAt: new Date(now.getTime() + expiresInMs),
  });
  return id;
}

beforeAll(async () => {
  hall = await createTestHall();
  const ctx = hall.app.hall;
  await createUnitAccount(ctx, 'test', {
    uact: 'tdgh92001',
    name: '待办测试联合工会',
    level: 1,
    uniType: '92',
    insured: true,
    password: PASSWORD,
  });
  for (const uact of ['tdqy92001', 'tdqy92002']) {
    await createUnitAccount(ctx, 'test', {
      uact,
      name: `待办测试企业${uact}`,
      level: 2,
      parentUact: 'tdgh92001',
      insured: true,
      password: PASSWORD,
    });
  }
  for (const row of await hall.db.select({ id: units.id, uact: units.uact }).from(units)) ids[row.uact] = row.id;
  for (const row of await hall.db.select({ id: periods.id, year: periods.year }).from(periods)) year[row.year] = row.id;
});
afterAll(() => hall.close());

describe('todo/getList for a unit', () => {
  it('a new unit with nothing yet is asked to maintain its staff', async () => {
    const list = await todo(await login('tdqy92001'));
    expect(kinds(list)).toEqual(['noStaff']);
    expect(list[0]).toMatchObject({ title: '维护互助人员', route: '/mutual-aid-staff-management', count: 1, at: null, urgent: false });
  });

  it('lists drafts, returned (with the reason), unpaid (overdue flagged) and pending imports, urgent first; scoped to the unit', async () => {
    const now = hall.clock.now();
    const [person] = await hall.db
      .insert(persons)
      .values({ certNo: idCard('43010219900101123'), name: '待办职工', insured: true, createdAt: now })
      .returning({ id: persons.id });
    await hall.db
      .insert(staff)
      .values({ unitId: ids.tdqy92001, personId: person.id, joinedOn: '2026-01-01', createdAt: now, updatedAt: now });

    await application('tdqy92001', 2027, 'draft');
    await application('tdqy92001', 2027, 'draft');
    await application('tdqy92001', 2024, 'draft'); // a closed period's draft waits on nobody
    const back = await application('tdqy92001', 2027, 'returned', { reason: '人员份数填写有误', reviewUnitId: ids.tdgh92001 });
    await application('tdqy92001', 2027, 'unpaid', { amountFen: 12_000, headcount: 2, reviewedAt: now });
    await application('tdqy92001', 2026, 'unpaid', { amountFen: 6_000, headcount: 1, reviewedAt: now }); // deadline 2025-12-31: overdue
    await application('tdqy92001', 2027, 'paid');
    await batch('tdqy92001', 'roster', 'preview', 3_000_000, 600_000);
    const newestRoster = await batch('tdqy92001', 'roster', 'preview', 3_600_000);
    await batch('tdqy92001', 'apply', 'preview', -1000); // expired
    await batch('tdqy92001', 'roster', 'confirmed', 3_600_000);
    // Another enterprise's things never show.
    await application('tdqy92002', 2027, 'draft');
    await application('tdqy92002', 2027, 'unpaid', { amountFen: 99_900 });
    await batch('tdqy92002', 'apply', 'preview', 3_600_000);

    const list = await todo(await login('tdqy92001'));
    expect(kinds(list)).toEqual(['unpaid', 'returned', 'draft', 'rosterImport']);
    const [unpaid, returned, draft, roster] = list;
    expect(unpaid).toMatchObject({ title: '逾期未缴费的互助申请', count: 2, route: '/payment', urgent: true });
    expect(unpaid.detail).toContain('合计 ¥180.00');
    expect(unpaid.detail).toContain('其中1份已超过缴费截止日期');
    expect(returned).toMatchObject({ count: 1, route: '/apply-query?state=returned', urgent: true });
    expect(returned.detail).toContain(`SQ2027${String(back).padStart(6, '0')}`);
    expect(returned.detail).toContain('原因：人员份数填写有误');
    expect(draft).toMatchObject({ kind: 'draft', title: '待提交的互助申请', count: 2, route: '/apply-query?state=draft', urgent: false });
    expect(draft.at).toBe(now.toISOString());
    // The newest pending batch's preview opens from it, with 确认导入 (issue 17).
    expect(roster).toMatchObject({ count: 2, route: `/mutual-aid-staff-management?batch=${newestRoster}` });

    const other = await todo(await login('tdqy92002'));
    expect(kinds(other)).toEqual(['unpaid', 'draft', 'applyImport', 'noStaff']);
    expect(other[0]).toMatchObject({ title: '待缴费的互助申请', count: 1, urgent: false });
    expect(other[0].detail).toContain('合计 ¥999.00');
    expect(other[0].detail).toContain('请于 2026-12-31 前');
    expect(other[2]).toMatchObject({ route: '/apply-query' });
  });

  it('a 92 union sees its members’ submitted applications waiting for its review, and no one else does', async () => {
    await application('tdqy92001', 2027, 'submitted', { reviewUnitId: ids.tdgh92001, submittedAt: hall.clock.now() });
    await application('tdqy92002', 2027, 'submitted', { reviewUnitId: ids.tdgh92001, submittedAt: hall.clock.now() });
    await application('tdqy92002', 2027, 'unpaid', { reviewUnitId: ids.tdgh92001 }); // already reviewed
    const list = await todo(await login('tdgh92001'));
    const review = list.find((i) => i.kind === 'review');
    expect(review).toMatchObject({ title: '待审核的企业互助申请', count: 2, route: '/apply-examine' });
    expect(review!.detail).toContain('最早一份提交于 2026-11-22');
    // The demo union 92 counts its own members' applications only.
    const demoWaiting = await hall.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.reviewUnitId, ids.lhgh92001), eq(applications.state, 'submitted')));
    const demo = await todo((await hall.loginUnit('lhgh92001')).data.accessToken);
    expect(demo.find((i) => i.kind === 'review')?.count ?? 0).toBe(demoWaiting.length);
    expect((await todo(await login('tdqy92001'))).some((i) => i.kind === 'review')).toBe(false);
  });

  it('time moves: past the payment deadline every unpaid application is overdue', async () => {
    hall.clock.advance(new Date('2027-01-02T02:00:00Z').getTime() - hall.clock.now().getTime());
    const list = await todo(await login('tdqy92002'));
    expect(list[0]).toMatchObject({ kind: 'unpaid', urgent: true, count: 2 });
    expect(list[0].detail).toContain('其中2份已超过缴费截止日期');
  });

  it('an uninsured unit is told to register with medical insurance, and nothing else', async () => {
    const list = await todo((await hall.loginUnit('qydw92102')).data.accessToken);
    expect(kinds(list)).toEqual(['notInsured']);
    expect(list[0]).toMatchObject({ title: '办理医保参保登记', urgent: true, route: '/gateRule' });
    expect(list[0].detail).toContain('您的单位尚未办理医保参保登记');
    expect(list[0].detail).toContain('医保局的参保登记数据由长沙市总工会在收到后导入大厅');
  });
});

describe('todo/getList for a person', () => {
  it('an insured person has nothing waiting; an uninsured one is told to register', async () => {
    expect(await todo((await hall.loginPersonal('430102198503150022')).data.accessToken)).toEqual([]);
    const list = await todo((await hall.loginPersonal('430105199211080011')).data.accessToken);
    expect(kinds(list)).toEqual(['notInsured']);
    expect(list[0].detail).toContain('您尚未办理医保参保登记');
  });

  it('needs a login', async () => {
    expect((await hall.post(ApiPath.todoList, {})).code).toBe(Code.NO_TOKEN);
  });
});
