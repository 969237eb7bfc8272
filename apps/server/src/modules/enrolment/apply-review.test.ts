import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ApiPath, Code } from '@hall/shared';
import { applicationEvents, mailMessages } from '../../db/schema';
import { addStaff, createUnit, type TestStaff } from '../../test/apply-fixtures';
import { createTestHall, type TestHall } from '../../test/harness';

/*
 * The 92 union's review (/apply-examine): its members' submitted applications only, approve,
 * return with a reason, batch approval; another union's or a non-member's refused.
 */

let hall: TestHall;
let union: string;
let otherUnion: string;
let enterprise: string;
let foreignMember: string;
let people: TestStaff[];
let foreignPeople: TestStaff[];
let n = 0;

const MISSING = '申请不存在或无权查看';
const token = async (uact: string) => (await hall.loginUnit(uact)).data.accessToken as string;

/** A submitted application of a member with one new person. */
async function submitted(tk: string, unitUact: string, staffList?: TestStaff[]) {
  const list = staffList ?? (await addStaff(hall.db, await unitIdOf(unitUact), [{ name: `职工${++n}`, gender: '1' }]));
  const app = (await hall.post(ApiPath.applyCreate, { periodYear: 2027, kind: 'new' }, tk)).data;
  await hall.post(ApiPath.applyAddLines, { id: app.id, staffIds: list.map((s) => s.staffId), products: [{ code: '01', shares: 1 }] }, tk);
  const res = await hall.post(ApiPath.applySubmit, { id: app.id }, tk);
  expect(res.data.state).toBe('submitted');
  return res.data as { id: number; no: string };
}

const unitIds = new Map<string, number>();
const unitIdOf = async (uact: string) => unitIds.get(uact)!;

beforeAll(async () => {
  hall = await createTestHall();
  // A 92 union of the test's own, without insurance registration (review does not need it).
  unitIds.set(
    'lhghtest01',
    await createUnit(hall.db, { uact: 'lhghtest01', name: '测试联合基层工会', level: 1, uniType: '92', insured: false }),
  );
  unitIds.set('qydwtest11', await createUnit(hall.db, { uact: 'qydwtest11', name: '测试甲企业', level: 2, parent: 'lhghtest01' }));
  unitIds.set('lhghtest02', await createUnit(hall.db, { uact: 'lhghtest02', name: '另一联合基层工会', level: 1, uniType: '92' }));
  unitIds.set('qydwtest21', await createUnit(hall.db, { uact: 'qydwtest21', name: '测试乙企业', level: 2, parent: 'lhghtest02' }));
  people = await addStaff(hall.db, unitIds.get('qydwtest11')!, [
    { name: '张伟', gender: '1' },
    { name: '王静', gender: '2' },
  ]);
  foreignPeople = await addStaff(hall.db, unitIds.get('qydwtest21')!, [{ name: '赵磊', gender: '1' }]);
  union = await token('lhghtest01');
  otherUnion = await token('lhghtest02');
  enterprise = await token('qydwtest11');
  foreignMember = await token('qydwtest21');
});
afterAll(() => hall.close());

describe('the review list', () => {
  it('shows the members’ submitted applications, waiting ones first, never their drafts nor other unions’', async () => {
    const draft = (await hall.post(ApiPath.applyCreate, { periodYear: 2027, kind: 'new' }, enterprise)).data;
    const first = await submitted(enterprise, 'qydwtest11', people.slice(0, 1));
    const second = await submitted(enterprise, 'qydwtest11');
    const approved = await submitted(enterprise, 'qydwtest11');
    expect((await hall.post(ApiPath.examineApprove, { id: approved.id }, union)).code).toBe(0);
    const theirs = await submitted(foreignMember, 'qydwtest21', foreignPeople);

    const res = await hall.post(ApiPath.examineList, {}, union);
    expect(res.code).toBe(0);
    const ids = res.data.list.map((i: { id: number }) => i.id);
    expect(ids).toEqual([first.id, second.id, approved.id]);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(theirs.id);
    expect(res.data.list[0]).toMatchObject({ unitName: '测试甲企业', headcount: 1, amountFen: 6000, stateLabel: '已提交' });
    const pending = await hall.post(ApiPath.examineList, { state: 'submitted', empName: '甲', periodYear: 2027 }, union);
    expect(pending.data.list.map((i: { id: number }) => i.id)).toEqual([first.id, second.id]);
    expect((await hall.post(ApiPath.examineList, { empName: '乙' }, union)).data.totlCnt).toBe(0);
    expect((await hall.post(ApiPath.examineList, { state: 'unpaid' }, union)).data.list.map((i: { id: number }) => i.id)).toEqual([
      approved.id,
    ]);
  });

  it('is for 92 unions only', async () => {
    for (const uact of ['hygh93001', 'dlgh99001', 'qydwtest11']) {
      const res = await hall.post(ApiPath.examineList, {}, await token(uact));
      expect(res, uact).toMatchObject({ code: Code.FAIL, message: '申请审核仅限联合基层工会使用' });
    }
    enterprise = await token('qydwtest11'); // one session per account: the loop's login replaced it
  });
});

describe('approve and return', () => {
  it('approves: 已提交 → 待缴费, the unit is told, the history names the union', async () => {
    const app = await submitted(enterprise, 'qydwtest11');
    const detail = await hall.post(ApiPath.examineDetail, { id: app.id }, union);
    expect(detail.data.application).toMatchObject({ canReview: true, canEdit: false, canCancel: false, unitName: '测试甲企业' });
    expect(detail.data.lines.totlCnt).toBe(1);
    const res = await hall.post(ApiPath.examineApprove, { id: app.id }, union);
    expect(res.data).toMatchObject({ state: 'unpaid', stateLabel: '待缴费' });
    expect(res.data.reviewedAt).toBe(hall.clock.now().toISOString());
    const events = await hall.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, app.id));
    expect(events.at(-1)).toMatchObject({ actorKind: 'union', actorName: '测试联合基层工会', fromState: 'submitted', toState: 'unpaid' });
    const mail = await hall.db.select().from(mailMessages).where(eq(mailMessages.recipientKey, 'qydwtest11'));
    expect(mail.at(-1)).toMatchObject({ title: `互助申请 ${app.no} 待缴费` });
    expect((await hall.post(ApiPath.examineApprove, { id: app.id }, union)).message).toBe(
      '该申请已处理或已撤销（当前不是待审核状态），请刷新后查看',
    );
  });

  it('returns with a required reason; the unit changes it and submits again', async () => {
    const app = await submitted(enterprise, 'qydwtest11');
    expect((await hall.post(ApiPath.examineReturn, { id: app.id, reason: '  ' }, union)).message).toBe('请输入退回原因');
    const res = await hall.post(ApiPath.examineReturn, { id: app.id, reason: '请补充王静的女职工项目' }, union);
    expect(res.data).toMatchObject({ state: 'returned', stateLabel: '已退回', reason: '请补充王静的女职工项目' });
    const mail = await hall.db.select().from(mailMessages).where(eq(mailMessages.recipientKey, 'qydwtest11'));
    expect(mail.at(-1)!.content).toContain('原因：请补充王静的女职工项目');
    const own = await hall.post(ApiPath.applyDetail, { id: app.id }, enterprise);
    expect(own.data.application).toMatchObject({ state: 'returned', canEdit: true, canSubmit: true, reason: '请补充王静的女职工项目' });
    expect(
      (
        await hall.post(
          ApiPath.applyAddLines,
          { id: app.id, staffIds: [people[1].staffId], products: [{ code: '02', shares: 1 }] },
          enterprise,
        )
      ).data.added,
    ).toBe(1);
    expect((await hall.post(ApiPath.applySubmit, { id: app.id }, enterprise)).data.state).toBe('submitted');
    expect((await hall.post(ApiPath.examineApprove, { id: app.id }, union)).data.state).toBe('unpaid');
  });

  it('of two parallel approvals only one wins', async () => {
    const app = await submitted(enterprise, 'qydwtest11');
    const answers = await Promise.all([1, 2].map(() => hall.post(ApiPath.examineApprove, { id: app.id }, union)));
    expect(answers.map((a) => a.code).sort()).toEqual([0, Code.FAIL]);
    const events = await hall.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, app.id));
    expect(events.filter((e) => e.toState === 'unpaid')).toHaveLength(1);
  });

  it('refuses another union’s application, and a member’s draft, as if they did not exist', async () => {
    const theirs = await submitted(foreignMember, 'qydwtest21');
    const draft = (await hall.post(ApiPath.applyCreate, { periodYear: 2027, kind: 'new' }, enterprise)).data;
    for (const id of [theirs.id, draft.id]) {
      for (const [path, payload] of [
        [ApiPath.examineDetail, { id }],
        [ApiPath.examineApprove, { id }],
        [ApiPath.examineReturn, { id, reason: '不合格' }],
      ] as const) {
        expect(await hall.post(path, payload, union), path).toMatchObject({ code: Code.FAIL, message: MISSING });
      }
    }
    expect((await hall.post(ApiPath.examineDetail, { id: theirs.id }, otherUnion)).code).toBe(0);
    // A unit cannot review its own application through the union's calls either.
    expect((await hall.post(ApiPath.examineApprove, { id: draft.id }, enterprise)).message).toBe('申请审核仅限联合基层工会使用');
    // The other union sees its own member's application (and only through its scope).
    expect((await hall.post(ApiPath.examineDetail, { id: draft.id }, otherUnion)).message).toBe(MISSING);
  });
});

describe('batch approval', () => {
  it('approves each waiting application on its own and says which failed and why', async () => {
    const a = await submitted(enterprise, 'qydwtest11');
    const b = await submitted(enterprise, 'qydwtest11');
    const done = await submitted(enterprise, 'qydwtest11');
    await hall.post(ApiPath.examineReturn, { id: done.id, reason: '重新核对' }, union);
    const theirs = await submitted(foreignMember, 'qydwtest21');
    const res = await hall.post(ApiPath.examineBatchApprove, { ids: [a.id, b.id, done.id, theirs.id, a.id] }, union);
    expect(res.code).toBe(0);
    expect(res.data.approved).toBe(2);
    expect(res.data.failed).toEqual([
      { id: done.id, no: done.no, reason: '该申请已处理或已撤销（当前不是待审核状态），请刷新后查看' },
      { id: theirs.id, no: '', reason: MISSING },
    ]);
    const states = await Promise.all(
      [a, b, theirs].map(
        async (x) => (await hall.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, x.id))).at(-1)!.toState,
      ),
    );
    expect(states).toEqual(['unpaid', 'unpaid', 'submitted']);
    expect((await hall.post(ApiPath.examineBatchApprove, { ids: [] }, union)).message).toBe('请选择要审核的申请');
  });
});
