import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { chinaDay, Code, FeaturePath, featureCalls, featureOffMessage, OpsFeaturePath, OpsPath } from '@hall/shared';
import { commands } from '../../cli/commands';
import { auditLog, evaluations, mailMessages, staff } from '../../db/schema';
import { makeClaim, makeTreatment } from '../../test/benefit-fixtures';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../../test/harness';
import { staffOf } from '../../test/payable-fixtures';
import { coverPerson } from '../../test/settlement-fixtures';
import { ALREADY_RATED, NOT_RATEABLE } from './evaluation.service';
import { makeOperator } from '../../test/operator-tools';

/**
 * Feature flags (defaults, the operator's CLI and API, audited) and the three features they gate:
 * 互助档案 scoped to the caller, 好差评 once per finished service by its party, the batch calls all
 * or nothing; each refused while its flag is off. Another unit's and another person's rows are
 * always present.
 */

let hall: TestHall;
let unit: string; // qydw92101 (李华's unit)
let otherUnit: string; // fhgh93101 (王芳's unit)
let li: string;
let wang: string;
let op: string;
const LI = '430102198503150022';
const WANG = '430103199007120044';
const PASSWORD = 'Oper@2026ab';
const ids = { liClaim: 0, liOpenClaim: 0, wangClaim: 0, unitApp: 0, otherApp: 0 };
let liPerson: { personId: number; staffId: number };
let wangPerson: { personId: number; staffId: number };

const run = (name: string, flags: Record<string, string | boolean>) => commands[name].run(hall.app.hall, flags, '运维员');
const flag = (name: string, on: boolean) => run('feature-flag-set', { name, ...(on ? { on: true } : { off: true }) });

/** A workbook's cell values, row by row (exceljs: numbers and dates as such). */
async function tableOf(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as never);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  hall = await createTestHall();
  const people = await staffOf(hall.db, 'qydw92101');
  const l = people.find((p) => p.name === '李华')!;
  liPerson = { personId: l.personId, staffId: l.staffId };
  const w = (await staffOf(hall.db, 'fhgh93101')).find((p) => p.name === '王芳')!;
  wangPerson = { personId: w.personId, staffId: w.staffId };
  for (const year of [2025, 2026]) await coverPerson(hall.db, { uact: 'qydw92101', year, personId: l.personId });
  await coverPerson(hall.db, { uact: 'fhgh93101', year: 2026, personId: w.personId, shares: 3 });
  await makeTreatment(hall.db, { personId: l.personId, uact: 'qydw92101', year: 2025, amountFen: 120_000, paidFen: 120_000 });
  await makeTreatment(hall.db, { personId: w.personId, uact: 'fhgh93101', year: 2026, amountFen: 990_000, paidFen: 990_000 });
  ids.liClaim = await makeClaim(hall.db, {
    personId: l.personId,
    uact: 'qydw92101',
    year: 2026,
    type: 'hospital_allowance',
    state: 'paid',
    amountFen: 50_000,
  });
  ids.liOpenClaim = await makeClaim(hall.db, {
    personId: l.personId,
    uact: 'qydw92101',
    year: 2026,
    type: 'major_disease',
    state: 'city_review',
    amountFen: 1_000_000,
  });
  ids.wangClaim = await makeClaim(hall.db, {
    personId: w.personId,
    uact: 'fhgh93101',
    year: 2026,
    type: 'hospital_allowance',
    state: 'paid',
    amountFen: 70_000,
  });
  const appOf = async (uact: string) =>
    Number(
      (
        (await hall.db.execute(
          sql`select a.id from applications a join units u on u.id = a.unit_id where u.uact = ${uact} and a.state = 'paid' order by a.id limit 1`,
        )) as unknown as { rows: Array<{ id: number }> }
      ).rows[0].id,
    );
  ids.unitApp = await appOf('qydw92101');
  ids.otherApp = await appOf('fhgh93101');
  unit = (await hall.loginUnit('qydw92101')).data.accessToken;
  otherUnit = (await hall.loginUnit('fhgh93101')).data.accessToken;
  li = (await hall.loginPersonal(LI)).data.accessToken;
  wang = (await hall.loginPersonal(WANG)).data.accessToken;
  await makeOperator(hall, { login: 'flags.op', name: '运维员', password: PASSWORD, role: 'admin' });
  op = (
    await hall.post(OpsPath.opsLogin, {
      username: 'flags.op',
      password: PASSWORD,
      captchaId: await hall.captcha(),
      captchaCode: TEST_CAPTCHA,
    })
  ).data.accessToken;
});

afterAll(async () => {
  await hall?.close();
});

describe('feature flags', () => {
  it('answer the defaults of spec §9 to any logged-in caller, and nothing without a login', async () => {
    for (const token of [unit, li]) {
      const res = await hall.call(featureCalls.featureFlags, undefined, token);
      expect(res.code, res.message).toBe(0);
      expect(res.data).toEqual({ batch: false, archives: true, evaluation: false });
    }
    expect((await hall.call(featureCalls.featureFlags, undefined)).code).toBe(Code.NO_TOKEN);
    expect(await run('feature-flag-list', {})).toMatch(/batch\s+批量操作.*关闭（默认关闭）/);
  });

  it('are set and unset by the operator (CLI and API), audited, and seen by the portal at once', async () => {
    expect(await flag('batch', true)).toBe('功能开关 batch（批量操作）已打开');
    expect((await hall.call(featureCalls.featureFlags, undefined, unit)).data.batch).toBe(true);
    const set = await hall.call(featureCalls.opsFeatureFlagSet, { name: 'archives', on: false }, op);
    expect(set.code, set.message).toBe(0);
    expect(set.data).toMatchObject({ name: 'archives', on: false, defaultOn: true, updatedBy: '运维员' });
    expect((await hall.call(featureCalls.featureFlags, undefined, li)).data).toEqual({ batch: true, archives: false, evaluation: false });
    const list = await hall.call(featureCalls.opsFeatureFlagList, undefined, op);
    expect(list.data.list.map((r) => `${r.name}:${r.on}`)).toEqual(['batch:true', 'archives:false', 'evaluation:false']);
    const audits = await hall.db.select().from(auditLog).where(eq(auditLog.action, 'operator'));
    const details = audits
      .map((a) => a.detail as { call?: string; flag?: string; to?: boolean })
      .filter((d) => d.call === 'featureFlagSet');
    expect(details).toEqual([
      expect.objectContaining({ flag: 'batch', from: false, to: true }),
      expect.objectContaining({ flag: 'archives', from: true, to: false }),
    ]);
    // Back to the defaults.
    await flag('batch', false);
    await flag('archives', true);
    expect((await hall.call(featureCalls.featureFlags, undefined, unit)).data).toEqual({ batch: false, archives: true, evaluation: false });
  });

  it('refuse a wrong name or a missing switch, and portal callers on the operator calls', async () => {
    await expect(run('feature-flag-set', { name: 'other', on: true })).rejects.toThrow(/开关名称只能是/);
    await expect(run('feature-flag-set', { name: 'batch' })).rejects.toThrow(/请说明打开还是关闭/);
    // A name the contract's type refuses: sent untyped, as a hand-made request would be.
    const bad = await hall.post(OpsFeaturePath.opsFeatureFlagSet, { name: 'other', on: true }, op);
    expect(bad.code).toBe(1);
    expect(bad.message).toMatch(/开关名称只能是/);
    for (const token of [unit, li]) {
      expect((await hall.call(featureCalls.opsFeatureFlagSet, { name: 'batch', on: true }, token)).code).not.toBe(0);
      expect((await hall.call(featureCalls.opsEvaluationList, {}, token)).code).not.toBe(0);
    }
    expect((await hall.call(featureCalls.featureFlags, undefined, unit)).data.batch).toBe(false);
  });
});

describe('互助档案 (archives, shown by default)', () => {
  it("shows the person's own years: cover, payments, treatments and paid claims, nobody else's", async () => {
    const res = await hall.call(featureCalls.archivePersonal, {}, li);
    expect(res.code, res.message).toBe(0);
    const a = res.data;
    expect(a.name).toBe('李华');
    expect(a.certNo).not.toContain('198503');
    expect(a.years.map((y: { year: number }) => y.year)).toEqual([2026, 2025]);
    const y2026 = a.years[0];
    expect(y2026.coverages).toEqual([expect.objectContaining({ productCode: '01', shares: 1, unitName: '长沙市星辰科技有限公司' })]);
    expect(y2026.claimCount).toBe(1);
    expect(y2026.claimPaidFen).toBe(50_000);
    expect(a.years[1].treatmentPaidFen).toBe(120_000);
    expect(a.payments.length).toBe(2);
    expect(a.totals.benefitPaidFen).toBe(170_000);
    // 王芳's treatment (990,000) and claim (70,000) are not there; the unpaid claim neither.
    expect(JSON.stringify(a)).not.toContain('990000');
    expect(a.claims).toHaveLength(1);
    const wangRes = await hall.call(featureCalls.archivePersonal, {}, wang);
    expect(wangRes.data.totals.benefitPaidFen).toBe(990_000 + 70_000);
    expect(wangRes.data.years[0].coverages[0].shares).toBe(3);
  });

  it("shows the unit's years from its own rows only", async () => {
    const res = await hall.call(featureCalls.archiveUnit, {}, unit);
    expect(res.code, res.message).toBe(0);
    const y2026 = res.data.years.find((y) => y.year === 2026)!;
    expect(y2026.headcount).toBeGreaterThanOrEqual(1);
    expect(y2026.claimPaidFen).toBe(50_000);
    expect(y2026.treatmentPaidFen).toBe(0);
    expect(res.data.years.find((y) => y.year === 2025)?.treatmentPaidFen).toBe(120_000);
    expect(res.data.totals.benefitPaidFen).toBe(170_000);
    const other = await hall.call(featureCalls.archiveUnit, {}, otherUnit);
    expect(other.data.totals.benefitPaidFen).toBe(990_000 + 70_000);
  });

  it('exports each as a workbook, audited', async () => {
    const personal = await hall.download(FeaturePath.archivePersonalExport, {}, li);
    expect(personal.status).toBe(200);
    const rows = await tableOf(personal.bytes);
    expect(rows[0]).toEqual(['互助年度', '类别', '内容', '日期', '金额（元）', '已发放（元）']);
    expect(rows.some((r) => r[1] === '补助' && r[4] === 500)).toBe(true);
    expect(rows.some((r) => r.join().includes('9900'))).toBe(false);
    const unitFile = await hall.download(FeaturePath.archiveUnitExport, {}, unit);
    const unitRows = await tableOf(unitFile.bytes);
    expect(unitRows.at(-1)?.[0]).toBe('合计');
    const audits = await hall.db.select().from(auditLog).where(eq(auditLog.action, 'download'));
    expect(audits.map((a) => (a.detail as { call?: string }).call)).toEqual(
      expect.arrayContaining(['archivePersonalExport', 'archiveUnitExport']),
    );
  });

  it('refuses the other login type, and everyone while the flag is off', async () => {
    expect((await hall.call(featureCalls.archiveUnit, {}, li)).code).not.toBe(0);
    expect((await hall.call(featureCalls.archivePersonal, {}, unit)).code).not.toBe(0);
    await flag('archives', false);
    for (const [path, token] of [
      [FeaturePath.archivePersonal, li],
      [FeaturePath.archiveUnit, unit],
    ] as const) {
      const res = await hall.post(path, {}, token);
      expect(res.code).toBe(1);
      expect(res.message).toBe(featureOffMessage('archives'));
    }
    const file = await hall.download(FeaturePath.archiveUnitExport, {}, unit);
    expect(file.answer?.message).toBe('互助档案功能暂未开放');
    await flag('archives', true);
  });
});

describe('好差评 (evaluation, hidden by default)', () => {
  // Untyped on purpose: the tests below send ratings the contract refuses.
  const rate = (body: Record<string, unknown>, token: string) => hall.post(FeaturePath.evaluationSubmit, body, token);

  it('is refused while the flag is off', async () => {
    const res = await rate({ kind: 'claim', id: ids.liClaim, rating: 5 }, li);
    expect(res.code).toBe(1);
    expect(res.message).toBe('好差评功能暂未开放');
    expect((await hall.call(featureCalls.evaluationQuery, { kind: 'claim', ids: [ids.liClaim] }, li)).message).toBe('好差评功能暂未开放');
    await flag('evaluation', true);
  });

  it('checks the form: a grade, a reason for 不满意 or worse, at most 500 characters', async () => {
    expect((await rate({ kind: 'claim', id: ids.liClaim }, li)).message).toBe('请选择评价等级');
    expect((await rate({ kind: 'claim', id: ids.liClaim, rating: 2 }, li)).message).toBe('评价为不满意时，请填写不满意原因');
    expect((await rate({ kind: 'claim', id: ids.liClaim, rating: 4, comment: '好'.repeat(501) }, li)).message).toBe(
      '评价内容不能超过500字',
    );
    expect(await hall.db.select().from(evaluations)).toEqual([]);
  });

  it('lets only the party who received a finished service rate it, once', async () => {
    // Another person's claim, a unit on a claim, a claim not yet paid.
    expect((await rate({ kind: 'claim', id: ids.liClaim, rating: 5 }, wang)).message).toBe(NOT_RATEABLE);
    expect((await rate({ kind: 'claim', id: ids.liClaim, rating: 5 }, unit)).message).toBe('补助由获得补助的职工本人评价');
    expect((await rate({ kind: 'claim', id: ids.liOpenClaim, rating: 5 }, li)).message).toBe('该补助尚未发放，发放后方可评价');
    const ok = await rate({ kind: 'claim', id: ids.liClaim, rating: 1, reason: '发放太慢', comment: '希望改进' }, li);
    expect(ok.code, ok.message).toBe(0);
    expect(ok.data).toMatchObject({ kind: 'claim', id: String(ids.liClaim), rating: 1, ratingLabel: '非常不满意', reason: '发放太慢' });
    expect((await rate({ kind: 'claim', id: ids.liClaim, rating: 5 }, li)).message).toBe(ALREADY_RATED);
    // Applications: by their unit only.
    expect((await rate({ kind: 'application', id: ids.unitApp, rating: 5 }, otherUnit)).message).toBe(NOT_RATEABLE);
    expect((await rate({ kind: 'application', id: ids.unitApp, rating: 5 }, li)).message).toBe('互助申请由申请单位评价');
    expect((await rate({ kind: 'application', id: ids.unitApp, rating: 4, comment: '办理顺利' }, unit)).code).toBe(0);
    expect((await rate({ kind: 'application', id: ids.otherApp, rating: 3 }, otherUnit)).code).toBe(0);
    const refusals = await hall.db.select().from(auditLog).where(eq(auditLog.action, 'permission-refused'));
    expect(refusals.some((r) => (r.detail as { call?: string }).call === 'evaluationSubmit')).toBe(true);
  });

  it("answers the caller's own ratings of a page of services, never another's", async () => {
    const mine = await hall.call(featureCalls.evaluationQuery, { kind: 'claim', ids: [ids.liClaim, ids.wangClaim] }, li);
    expect(mine.data.list.map((e: { id: string }) => e.id)).toEqual([String(ids.liClaim)]);
    const theirs = await hall.call(featureCalls.evaluationQuery, { kind: 'claim', ids: [ids.liClaim] }, wang);
    expect(theirs.data.list).toEqual([]);
    const apps = await hall.call(featureCalls.evaluationQuery, { kind: 'application', ids: [ids.unitApp, ids.otherApp] }, unit);
    expect(apps.data.list.map((e: { id: string }) => e.id)).toEqual([String(ids.unitApp)]);
  });

  it('lists the ratings with averages for the operator (API and CLI)', async () => {
    const res = await hall.call(featureCalls.opsEvaluationList, {}, op);
    expect(res.code, res.message).toBe(0);
    expect(res.data.summary.count).toBe(3);
    expect(res.data.summary.average).toBe(2.67);
    expect(res.data.summary.byKind).toEqual([
      { kind: 'application', label: '互助申请', count: 2, average: 3.5 },
      { kind: 'claim', label: '补助申请', count: 1, average: 1 },
    ]);
    expect(res.data.list.find((e: { kind: string }) => e.kind === 'claim')).toMatchObject({
      kindLabel: '补助申请',
      raterName: '李华',
      serviceNo: expect.stringMatching(/^BZ2026/),
    });
    const claimsOnly = await hall.call(featureCalls.opsEvaluationList, { kind: 'claim' }, op);
    expect(claimsOnly.data.summary.count).toBe(1);
    const text = await run('evaluation-list', {});
    expect(text).toContain('共 3 条评价，平均 2.67 分');
    expect(text).toContain('原因：发放太慢');
    await flag('evaluation', false);
  });
});

describe('批量操作 (batch, hidden by default)', () => {
  const mailIds = async (recipient: string) =>
    (
      await hall.db
        .select({ id: mailMessages.id, readFlag: mailMessages.readFlag })
        .from(mailMessages)
        .where(eq(mailMessages.recipientKey, recipient))
    ).map((r) => r);

  beforeAll(async () => {
    const now = hall.clock.now();
    for (const [kind, key] of [
      ['unit', 'qydw92101'],
      ['unit', 'fhgh93101'],
    ] as const)
      for (let i = 0; i < 3; i++)
        await hall.db
          .insert(mailMessages)
          .values({ recipientKind: kind, recipientKey: key, title: `测试消息${i}`, content: '内容', sender: '系统', createdAt: now });
  });

  it('is refused while the flag is off', async () => {
    const mine = (await mailIds('qydw92101')).map((m) => m.id);
    const res = await hall.call(featureCalls.mailBatch, { action: 'read', ids: mine }, unit);
    expect(res.message).toBe('批量操作功能暂未开放');
    const leave = await hall.post(
      FeaturePath.staffBatchLeave,
      { ids: [liPerson.staffId], leftOn: '2026-01-01', leaveReason: '调动' },
      unit,
    );
    expect(leave.message).toBe('批量操作功能暂未开放');
    await flag('batch', true);
  });

  it('marks several of the caller’s messages read at once, or none when one is not theirs', async () => {
    const mine = (await mailIds('qydw92101')).filter((m) => m.readFlag === '0').map((m) => m.id);
    const others = (await mailIds('fhgh93101')).length;
    const theirs = (await mailIds('fhgh93101'))[0].id;
    const refused = await hall.call(featureCalls.mailBatch, { action: 'read', ids: [...mine, theirs] }, unit);
    expect(refused.code).toBe(1);
    expect(refused.message).toBe(`以下消息不存在或无权操作：编号${theirs}；未做任何更改`);
    expect((await mailIds('qydw92101')).every((m) => m.readFlag === '0')).toBe(true);
    const ok = await hall.call(featureCalls.mailBatch, { action: 'read', ids: mine.slice(0, 2) }, unit);
    expect(ok.data).toEqual({ action: 'read', count: 2 });
    expect((await mailIds('qydw92101')).filter((m) => m.readFlag === '1')).toHaveLength(2);
    const del = await hall.call(featureCalls.mailBatch, { action: 'delete', ids: mine }, unit);
    expect(del.data.count).toBe(mine.length);
    expect(await mailIds('qydw92101')).toHaveLength(0);
    expect(await mailIds('fhgh93101')).toHaveLength(others);
  });

  it('makes several staff leave in one transaction, naming the rows that cannot', async () => {
    const people = await staffOf(hall.db, 'qydw92101');
    const two = people.filter((p) => p.name !== '李华').slice(0, 2);
    const today = chinaDay(hall.clock.now());
    const foreign = await hall.post(
      FeaturePath.staffBatchLeave,
      { ids: [two[0].staffId, wangPerson.staffId], leftOn: today, leaveReason: '调动' },
      unit,
    );
    expect(foreign.message).toBe(`以下人员不能减员：编号${wangPerson.staffId}（不是本单位的人员）；未做任何更改`);
    const future = await hall.post(
      FeaturePath.staffBatchLeave,
      { ids: two.map((p) => p.staffId), leftOn: '2999-01-01', leaveReason: '调动' },
      unit,
    );
    expect(future.message).toBe(
      `以下人员不能减员：${two[0].name}（减员日期不能晚于今天）、${two[1].name}（减员日期不能晚于今天）；未做任何更改`,
    );
    const open = await hall.db
      .select()
      .from(staff)
      .where(and(eq(staff.id, two[0].staffId)));
    expect(open[0].leftOn).toBeNull();
    const ok = await hall.call(featureCalls.staffBatchLeave, { ids: two.map((p) => p.staffId), leftOn: today, leaveReason: '调动' }, unit);
    expect(ok.code, ok.message).toBe(0);
    expect(ok.data).toEqual({ count: 2, names: expect.arrayContaining(two.map((p) => p.name)) });
    const again = await hall.post(
      FeaturePath.staffBatchLeave,
      { ids: [two[0].staffId, liPerson.staffId], leftOn: today, leaveReason: '调动' },
      unit,
    );
    expect(again.message).toBe(`以下人员不能减员：${two[0].name}（已减员）；未做任何更改`);
    // A person may not call it; another unit cannot touch these rows.
    expect(
      (await hall.call(featureCalls.staffBatchLeave, { ids: [liPerson.staffId], leftOn: today, leaveReason: '调动' }, li)).code,
    ).not.toBe(0);
    expect(
      (await hall.call(featureCalls.staffBatchLeave, { ids: [liPerson.staffId], leftOn: today, leaveReason: '调动' }, otherUnit)).message,
    ).toContain('不是本单位的人员');
    await flag('batch', false);
  });
});
