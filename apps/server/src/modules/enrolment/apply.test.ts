import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ApiPath, Code, NOT_INSURED_MESSAGES } from '@hall/shared';
import { applicationEvents, applicationLines, applications, mailMessages } from '../../db/schema';
import { addStaff, createUnit, leave, type TestStaff } from '../../test/apply-fixtures';
import { createTestHall, type TestHall } from '../../test/harness';

/*
 * Applications of a unit (/apply-query): periods, drafts, lines, submit, cancel, the lists and
 * their scope. The test clock is 2026-11-22 09:00 Beijing: 2027 is enrolling, 2026 in force.
 */

let hall: TestHall;
let member: string; // level-2 enterprise under the demo 92 union: its union reviews
let solo: string; // independent union (99): no review
let other: string; // another enterprise, for scope tests
let memberStaff: TestStaff[];
let soloStaff: TestStaff[];
let otherStaff: TestStaff[];

const MISSING = '申请不存在或无权查看';
const token = async (uact: string) => (await hall.loginUnit(uact)).data.accessToken as string;
const create = async (tk: string, periodYear: number, kind = 'new') => hall.post(ApiPath.applyCreate, { periodYear, kind }, tk);
const add = (tk: string, id: number, staff: TestStaff[], products: Array<{ code: string; shares: number }>) =>
  hall.post(ApiPath.applyAddLines, { id, staffIds: staff.map((s) => s.staffId), products }, tk);
const mailOf = async (uact: string) =>
  hall.db.select().from(mailMessages).where(eq(mailMessages.recipientKey, uact)).orderBy(mailMessages.id);

beforeAll(async () => {
  hall = await createTestHall();
  const memberId = await createUnit(hall.db, { uact: 'qydwtest01', name: '测试星光科技有限公司', level: 2, parent: 'lhgh92001' });
  const soloId = await createUnit(hall.db, { uact: 'dlghtest01', name: '测试第二医院工会', level: 1, uniType: '99' });
  const otherId = await createUnit(hall.db, { uact: 'qydwtest02', name: '测试远山贸易有限公司', level: 2, parent: 'lhgh92001' });
  memberStaff = await addStaff(hall.db, memberId, [
    { name: '张伟', gender: '1' },
    { name: '王静', gender: '2' },
    { name: '刘洋', gender: '1', insured: false },
    { name: '李强', gender: '1' },
  ]);
  soloStaff = await addStaff(hall.db, soloId, [
    { name: '陈杰', gender: '1' },
    { name: '杨丽', gender: '2' },
  ]);
  otherStaff = await addStaff(hall.db, otherId, [{ name: '赵磊', gender: '1' }]);
  member = await token('qydwtest01');
  solo = await token('dlghtest01');
  other = await token('qydwtest02');
});
afterAll(() => hall.close());

describe('periodList', () => {
  it('answers every period with its phase today and its products, to any logged-in user', async () => {
    const person = (await hall.loginPersonal('430102198503150022')).data.accessToken;
    const res = await hall.post(ApiPath.periodList, {}, person);
    expect(res.code).toBe(0);
    expect(res.data.today).toBe('2026-11-22');
    const byYear = Object.fromEntries(res.data.list.map((p: { year: number }) => [p.year, p]));
    expect(byYear[2027]).toMatchObject({
      phase: 'enrolling',
      phaseLabel: '申报中',
      canApplyNew: true,
      canApplyAdd: false,
      enrolEnd: '2026-12-31',
    });
    expect(byYear[2026]).toMatchObject({ phase: 'inForce', phaseLabel: '生效中', canApplyNew: false, canApplyAdd: true });
    expect(byYear[2025]).toMatchObject({ phase: 'closed', canApplyNew: false, canApplyAdd: false });
    expect(byYear[2027].products).toEqual([
      { code: '01', name: '住院医疗互助', rateFen: 6000, maxShares: 3, eligibility: 'all', eligibilityLabel: '全体职工' },
      { code: '02', name: '女职工特殊疾病互助', rateFen: 2000, maxShares: 1, eligibility: 'female', eligibilityLabel: '限女职工' },
      { code: '03', name: '重大疾病互助', rateFen: 6000, maxShares: 2, eligibility: 'all', eligibilityLabel: '全体职工' },
    ]);
    expect((await hall.post(ApiPath.periodList, {})).code).toBe(Code.NO_TOKEN);
  });
});

describe('create', () => {
  it('makes a draft: new inside the enrolment window, add while the period is in force', async () => {
    const res = await create(member, 2027);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      state: 'draft',
      stateLabel: '待提交',
      kind: 'new',
      kindLabel: '新参',
      periodYear: 2027,
      headcount: 0,
      amountFen: 0,
      needsReview: true,
      unitName: '测试星光科技有限公司',
    });
    expect(res.data.no).toBe(`SQ2027${String(res.data.id).padStart(6, '0')}`);
    const events = await hall.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, res.data.id));
    expect(events).toMatchObject([{ fromState: null, toState: 'draft', actorKind: 'unit', actorName: '测试星光科技有限公司' }]);
    expect((await create(member, 2026, 'add')).data).toMatchObject({ kind: 'add', periodYear: 2026, state: 'draft' });
    expect((await create(solo, 2027)).data.needsReview).toBe(false);
  });

  it('refuses outside the window or an unknown period', async () => {
    expect(await create(member, 2026, 'new')).toMatchObject({
      code: Code.FAIL,
      message: '2026年度新参申请的办理时间为 2025-11-01 至 2025-12-31，当前不在办理期内',
    });
    expect(await create(member, 2027, 'add')).toMatchObject({
      code: Code.FAIL,
      message: '2027年度增员申请仅在互助期内（2027-01-01 至 2027-12-31）办理',
    });
    expect((await create(member, 2031)).message).toBe('2031年度互助期不存在');
    expect((await create(member, 2027, 'other')).message).toBe('请选择申请类型（新参或增员）');
  });

  it('refuses a unit without insurance registration and personal users', async () => {
    const uninsured = await token('qydw92102');
    expect(await create(uninsured, 2027)).toMatchObject({ code: Code.FAIL, message: NOT_INSURED_MESSAGES.unit });
    const person = (await hall.loginPersonal('430102198503150022')).data.accessToken;
    expect((await create(person, 2027)).message).toBe('该功能仅限单位用户使用');
  });
});

describe('lines', () => {
  it('adds staff × products × shares, leaves out what cannot be, and recomputes the amount', async () => {
    const app = (await create(member, 2027)).data;
    const res = await add(member, app.id, memberStaff.slice(0, 3), [
      { code: '01', shares: 2 },
      { code: '02', shares: 1 },
    ]);
    expect(res.code).toBe(0);
    // 张伟 01; 王静 01 + 02; 刘洋 not insured; 张伟 not a woman.
    expect(res.data).toMatchObject({ added: 3, removed: 0, headcount: 2, amountFen: 2 * 12000 + 2000 });
    expect(res.data.skipped).toEqual(
      expect.arrayContaining([
        { staffId: memberStaff[0].staffId, name: '张伟', productCode: '02', reason: '不符合“女职工特殊疾病互助”的参加条件（限女职工）' },
        { staffId: memberStaff[2].staffId, name: '刘洋', productCode: '01', reason: '未办理医保参保登记，不能参加互助' },
      ]),
    );
    // Again: already in this application.
    const again = await add(member, app.id, memberStaff.slice(0, 1), [{ code: '01', shares: 1 }]);
    expect(again.data).toMatchObject({ added: 0, skipped: [{ reason: '已在本申请中' }] });
    // Another draft of the same unit and period: already declared in the period.
    const second = (await create(member, 2027)).data;
    const elsewhere = await add(member, second.id, memberStaff.slice(0, 1), [{ code: '01', shares: 1 }]);
    expect(elsewhere.data).toMatchObject({ added: 0, skipped: [{ reason: '已在本互助期申报或参加该项目' }] });

    const detail = await hall.post(ApiPath.applyDetail, { id: app.id }, member);
    expect(detail.data.application).toMatchObject({
      headcount: 2,
      amountFen: 26000,
      canEdit: true,
      canSubmit: true,
      canCancel: true,
      canReview: false,
    });
    expect(detail.data.products).toEqual([
      { code: '01', name: '住院医疗互助', headcount: 2, shares: 4, amountFen: 24000 },
      { code: '02', name: '女职工特殊疾病互助', headcount: 1, shares: 1, amountFen: 2000 },
    ]);
    expect(detail.data.lines.totlCnt).toBe(3);
    const line = detail.data.lines.list[0];
    expect(line).toMatchObject({ personName: '张伟', productCode: '01', productName: '住院医疗互助', shares: 2, amountFen: 12000 });
    expect(line.certNo).toBe(`${memberStaff[0].certNo.slice(0, 4)}**********${memberStaff[0].certNo.slice(-4)}`);
    const found = await hall.post(ApiPath.applyDetail, { id: app.id, keyword: '王静' }, member);
    expect(found.data.lines.totlCnt).toBe(2);

    // Remove 王静's lines: amounts follow.
    const ids = found.data.lines.list.map((l: { id: number }) => l.id);
    const removed = await hall.post(ApiPath.applyRemoveLines, { id: app.id, lineIds: ids }, member);
    expect(removed.data).toMatchObject({ removed: 2, headcount: 1, amountFen: 12000 });
    expect((await hall.post(ApiPath.applyRemoveLines, { id: app.id, lineIds: ids }, member)).message).toBe(
      '所选明细不存在或已移除，请刷新后重试',
    );
  });

  it('refuses shares above the maximum, unknown products, and people who are not current staff', async () => {
    const app = (await create(member, 2027)).data;
    expect((await add(member, app.id, memberStaff.slice(3), [{ code: '03', shares: 3 }])).message).toBe('“重大疾病互助”每人最多2份');
    expect((await add(member, app.id, memberStaff.slice(3), [{ code: '09', shares: 1 }])).message).toBe('互助项目“09”不属于2027年度互助期');
    const foreign = await add(member, app.id, otherStaff, [{ code: '01', shares: 1 }]);
    expect(foreign.message).toBe('所选人员中有人不是本单位在册职工（可能已减员），请刷新人员名单后重试');
    const [gone] = await addStaff(hall.db, (await unitId('qydwtest01'))!, [{ name: '黄婷', gender: '2' }]);
    await leave(hall.db, gone.staffId, '2026-10-31');
    expect((await add(member, app.id, [gone], [{ code: '01', shares: 1 }])).code).toBe(Code.FAIL);
    expect((await hall.post(ApiPath.applyDetail, { id: app.id }, member)).data.lines.totlCnt).toBe(0);
  });

  it('lists current staff to pick from, with what each already holds in the period', async () => {
    const app = (await create(member, 2027)).data;
    await add(member, app.id, memberStaff.slice(3, 4), [{ code: '03', shares: 1 }]);
    const res = await hall.post(ApiPath.applyStaffOptions, { id: app.id, pageSize: 50 }, member);
    expect(res.code).toBe(0);
    const byName = Object.fromEntries(res.data.list.map((s: { name: string }) => [s.name, s]));
    expect(byName.李强).toMatchObject({ inThis: ['03'], elsewhere: [], insured: true, gender: '1' });
    expect(byName.张伟).toMatchObject({ inThis: [], elsewhere: ['01'] });
    expect(byName.刘洋.insured).toBe(false);
    expect(byName.黄婷).toBeUndefined(); // left the unit
    expect(res.data.list.every((s: { certNo: string }) => s.certNo.includes('****'))).toBe(true);
    const search = await hall.post(ApiPath.applyStaffOptions, { id: app.id, keyword: '王' }, member);
    expect(search.data.list.map((s: { name: string }) => s.name)).toEqual(['王静']);
  });
});

async function unitId(uact: string) {
  const rows = await hall.db.execute(sql`select id from units where uact = ${uact}`);
  return (rows as unknown as { rows: Array<{ id: number }> }).rows[0]?.id;
}

describe('submit', () => {
  it('refuses an application without lines', async () => {
    const app = (await create(member, 2027)).data;
    expect((await hall.post(ApiPath.applySubmit, { id: app.id }, member)).message).toBe('申请中还没有人员，请先添加人员或导入名单');
  });

  it('a member of a 92 union waits for the union (已提交), and the union is told', async () => {
    const [person] = await addStaff(hall.db, (await unitId('qydwtest01'))!, [{ name: '周鹏', gender: '1' }]);
    const app = (await create(member, 2027)).data;
    await add(member, app.id, [person], [{ code: '01', shares: 1 }]);
    const before = (await mailOf('lhgh92001')).length;
    const res = await hall.post(ApiPath.applySubmit, { id: app.id }, member);
    expect(res.data).toMatchObject({ state: 'submitted', stateLabel: '已提交', needsReview: true });
    expect(res.data.submittedAt).toBe(hall.clock.now().toISOString());
    const unionMail = (await mailOf('lhgh92001')).slice(before);
    expect(unionMail).toMatchObject([{ title: `待审核：测试星光科技有限公司的互助申请 ${app.no}` }]);
    expect(unionMail[0].content).toContain('1人，应缴 ¥60.00');
    const own = await mailOf('qydwtest01');
    expect(own.at(-1)).toMatchObject({ title: `互助申请 ${app.no} 已提交` });
    // Submitted: no more changes, no second submit.
    expect((await hall.post(ApiPath.applySubmit, { id: app.id }, member)).message).toBe('只有待提交或已退回的申请可以提交');
    expect((await add(member, app.id, memberStaff.slice(3), [{ code: '01', shares: 1 }])).message).toBe(
      '只有待提交或已退回的申请可以修改人员明细',
    );
    const detail = await hall.post(ApiPath.applyDetail, { id: app.id }, member);
    expect(detail.data.application).toMatchObject({
      canEdit: false,
      canSubmit: false,
      canCancel: true,
      reviewUnitName: '长沙市高新区联合基层工会',
    });
  });

  it('any other unit goes on to 待缴费 in the same step, with two history rows and one mail', async () => {
    const app = (await create(solo, 2027)).data;
    await add(solo, app.id, soloStaff, [
      { code: '01', shares: 1 },
      { code: '02', shares: 1 },
    ]);
    const before = (await mailOf('dlghtest01')).length;
    const res = await hall.post(ApiPath.applySubmit, { id: app.id }, solo);
    expect(res.data).toMatchObject({ state: 'unpaid', stateLabel: '待缴费', headcount: 2, amountFen: 14000 });
    const events = (await hall.post(ApiPath.applyDetail, { id: app.id }, solo)).data.events;
    expect(events.map((e: { toState: string }) => e.toState)).toEqual(['draft', 'submitted', 'unpaid']);
    expect(events[2]).toMatchObject({ actorKind: 'system', fromLabel: '已提交', toLabel: '待缴费' });
    const mail = (await mailOf('dlghtest01')).slice(before);
    expect(mail.map((m) => m.title)).toEqual([`互助申请 ${app.no} 待缴费`]);
    expect(mail[0].content).toContain('请于 2026-12-31 前按缴费通知单缴费');
  });

  it('of two parallel submits only one wins', async () => {
    const [person] = await addStaff(hall.db, (await unitId('dlghtest01'))!, [{ name: '吴倩', gender: '2' }]);
    const app = (await create(solo, 2027)).data;
    await add(solo, app.id, [person], [{ code: '01', shares: 1 }]);
    const answers = await Promise.all([1, 2].map(() => hall.post(ApiPath.applySubmit, { id: app.id }, solo)));
    expect(answers.map((a) => a.code).sort()).toEqual([0, Code.FAIL]);
    const events = await hall.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, app.id));
    expect(events.filter((e) => e.toState === 'submitted')).toHaveLength(1);
  });

  it('refuses once the window has closed', async () => {
    const [person] = await addStaff(hall.db, (await unitId('dlghtest01'))!, [{ name: '孙明', gender: '1' }]);
    const app = (await create(solo, 2027)).data;
    await add(solo, app.id, [person], [{ code: '01', shares: 1 }]);
    hall.clock.advance(40 * 86_400_000); // 2027-01-01
    try {
      const res = await hall.post(ApiPath.applySubmit, { id: app.id }, await token('dlghtest01'));
      expect(res.message).toBe('2027年度新参申请的办理时间为 2026-11-01 至 2026-12-31，当前不在办理期内');
    } finally {
      hall.clock.advance(-40 * 86_400_000);
    }
    solo = await token('dlghtest01');
  });
});

describe('cancel', () => {
  it('cancels before payment with a note; the lines stop counting and the person can be declared again', async () => {
    const [person] = await addStaff(hall.db, (await unitId('qydwtest01'))!, [{ name: '郑爽', gender: '2' }]);
    const app = (await create(member, 2027)).data;
    await add(member, app.id, [person], [{ code: '02', shares: 1 }]);
    await hall.post(ApiPath.applySubmit, { id: app.id }, member);
    const before = (await mailOf('lhgh92001')).length;
    const res = await hall.post(ApiPath.applyCancel, { id: app.id, note: '人员有误，重新申报' }, member);
    expect(res.data).toMatchObject({ state: 'cancelled', stateLabel: '已撤销', reason: '人员有误，重新申报' });
    const lines = await hall.db.select().from(applicationLines).where(eq(applicationLines.applicationId, app.id));
    expect(lines.every((l) => !l.live)).toBe(true);
    expect((await mailOf('lhgh92001')).slice(before).map((m) => m.title)).toEqual([`互助申请 ${app.no} 已撤销`]);
    expect((await mailOf('qydwtest01')).at(-1)).toMatchObject({ title: `互助申请 ${app.no} 已撤销` });
    const next = (await create(member, 2027)).data;
    expect((await add(member, next.id, [person], [{ code: '02', shares: 1 }])).data.added).toBe(1);
    // Cancelled stays cancelled.
    expect((await hall.post(ApiPath.applyCancel, { id: app.id }, member)).message).toBe(
      '该申请当前状态不能撤销（已缴费或已撤销的申请不能撤销）',
    );
  });

  it('refuses a paid application', async () => {
    const app = (await create(member, 2027)).data;
    await hall.db.update(applications).set({ state: 'paid' }).where(eq(applications.id, app.id));
    expect((await hall.post(ApiPath.applyCancel, { id: app.id }, member)).message).toBe(
      '该申请当前状态不能撤销（已缴费或已撤销的申请不能撤销）',
    );
  });
});

describe('the list', () => {
  it('pages the unit’s own applications, newest first, with filters; effective = paid and the period begun', async () => {
    const fresh = await createUnit(hall.db, { uact: 'qydwtest03', name: '测试新河食品有限公司', level: 2, parent: 'lhgh92001' });
    const tk = await token('qydwtest03');
    const a = (await create(tk, 2027)).data;
    const b = (await create(tk, 2026, 'add')).data;
    const c = (await create(tk, 2027)).data;
    await hall.db.update(applications).set({ state: 'paid' }).where(eq(applications.id, b.id));
    await hall.db.update(applications).set({ state: 'paid' }).where(eq(applications.id, c.id));
    const all = await hall.post(ApiPath.applyList, {}, tk);
    expect(all.data).toMatchObject({ totlCnt: 3, pageNum: 1, pageSize: 10 });
    expect(all.data.list.map((i: { id: number }) => i.id)).toEqual([c.id, b.id, a.id]);
    expect(all.data.list.map((i: { stateLabel: string }) => i.stateLabel)).toEqual(['已缴费', '已生效', '待提交']);
    const ids = async (q: object) => (await hall.post(ApiPath.applyList, q, tk)).data.list.map((i: { id: number }) => i.id);
    expect(await ids({ state: 'effective' })).toEqual([b.id]);
    expect(await ids({ state: 'paid' })).toEqual([c.id]);
    expect(await ids({ state: 'draft', periodYear: 2027 })).toEqual([a.id]);
    expect(await ids({ kind: 'add' })).toEqual([b.id]);
    expect(await ids({ periodYear: '', state: '', kind: '' })).toHaveLength(3);
    expect(await ids({ pageNum: 2, pageSize: 2 })).toEqual([a.id]);
    expect((await hall.post(ApiPath.applyList, { state: 'nonsense' }, tk)).message).toBe('申请状态不正确');
    expect(fresh).toBeGreaterThan(0);
  });
});

describe('scope', () => {
  it('refuses every call on another unit’s application as if it did not exist', async () => {
    const theirs = (await create(other, 2027)).data;
    await add(other, theirs.id, otherStaff, [{ code: '01', shares: 1 }]);
    const line = (await hall.post(ApiPath.applyDetail, { id: theirs.id }, other)).data.lines.list[0].id;
    const calls: Array<[string, object]> = [
      [ApiPath.applyDetail, { id: theirs.id }],
      [ApiPath.applyStaffOptions, { id: theirs.id }],
      [ApiPath.applyAddLines, { id: theirs.id, staffIds: [memberStaff[3].staffId], products: [{ code: '03', shares: 1 }] }],
      [ApiPath.applyRemoveLines, { id: theirs.id, lineIds: [line] }],
      [ApiPath.applySubmit, { id: theirs.id }],
      [ApiPath.applyCancel, { id: theirs.id }],
    ];
    for (const [path, payload] of calls)
      expect(await hall.post(path, payload, member), path).toMatchObject({ code: Code.FAIL, message: MISSING });
    // A line of theirs in one's own application is no line of it.
    const mine = (await create(member, 2027)).data;
    expect((await hall.post(ApiPath.applyRemoveLines, { id: mine.id, lineIds: [line] }, member)).message).toBe(
      '所选明细不存在或已移除，请刷新后重试',
    );
    const after = (await hall.post(ApiPath.applyDetail, { id: theirs.id }, other)).data.application;
    expect(after).toMatchObject({ state: 'draft', headcount: 1 });
    expect((await hall.post(ApiPath.applyDetail, { id: 'abc' }, member)).message).toBe(MISSING);
    const mineList = (await hall.post(ApiPath.applyList, { pageSize: 100 }, member)).data.list.map((i: { id: number }) => i.id);
    expect(mineList).not.toContain(theirs.id);
  });
});
