import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, BenefitPath, CLAIM_MISSING, CLAIM_TYPES, type ClaimType, Code } from '@hall/shared';
import { auditLog, claimEvents, claims, mailMessages, staff } from '../../db/schema';
import { addStaff, createUnit, type TestStaff } from '../../test/apply-fixtures';
import { cover, personByCert, SCAN, setPsnType, settle } from '../../test/claim-fixtures';
import { type Answer, createTestHall, type TestHall } from '../../test/harness';
import { unitId } from '../../test/payable-fixtures';
import { approveClaim, payClaims, refuseClaim } from './claim-operator.service';
import { MESSAGES } from './claim-rules';

/*
 * Subsidy claims end to end over HTTP: the amount of each type (through the shared benefit
 * functions), each submission rule, attachments, the state machine by role, the queries and their
 * scoping, and every id route called with another unit's and another person's id.
 */

let hall: TestHall;
const token: Record<string, string> = {};
let f: TestStaff; // 周芳, female, qydw92101 (under the 92 union): 01 × 2, 02, 03 in 2026; 01 in 2024
let m: TestStaff; // 钱军, male, 困难职工, qydw92101: 01, 02, 03 from 2026-04-01 (waiting period)
let g: TestStaff; // 孙丽, fhgh93101 (under a 93 union: no union review): 01, 03 in 2026
let lihua: number; // 李华 (personal account), qydw92101: 01, 02 in 2026
let wangfang: number; // 王芳 (personal account), fhgh93101: 01 in 2026

const LIHUA = '430102198503150022';
const WANGFANG = '430103199007120044';

const stay = (over: Record<string, unknown> = {}) => ({
  admittedOn: '2026-06-01',
  dischargedOn: '2026-06-11',
  hospitalName: '中南大学湘雅医院',
  diagnosisCode: 'C50.9',
  diagnosisName: '乳腺癌',
  ...over,
});

const post = (path: string, body: unknown, who: string) => hall.post(path, body, token[who]);
const unitSave = (body: Record<string, unknown>, who = 'A') => post(BenefitPath.claimSave, body, who);
const personalSave = (body: Record<string, unknown>, who = 'P1') => post(BenefitPath.claimSavePersonal, body, who);

/** Uploads a scan as `who` and attaches it to the claim for each kind. */
async function attach(who: string, claimId: number, kinds: readonly string[], personal = false) {
  let last: Answer | undefined;
  for (const kind of kinds) {
    const up = await hall.upload({ name: `${kind}.pdf`, bytes: SCAN }, token[who]);
    expect(up.code, up.message).toBe(0);
    last = await post(personal ? BenefitPath.claimAttachPersonal : BenefitPath.claimAttach, { claimId, kind, fileId: up.data.fileId }, who);
    expect(last.code, last.message).toBe(0);
  }
  return last!;
}

/** A unit's claim saved and with every required attachment, ready to submit. */
async function ready(type: ClaimType, body: Record<string, unknown>, who = 'A') {
  const saved = await unitSave({ type, ...body }, who);
  expect(saved.code, saved.message).toBe(0);
  await attach(who, saved.data.claim.id, CLAIM_TYPES[type].required);
  return saved.data.claim.id as number;
}

const stateOf = async (id: number) => (await hall.db.select().from(claims).where(eq(claims.id, id)))[0];

beforeAll(async () => {
  hall = await createTestHall();
  for (const [who, uact] of [
    ['A', 'qydw92101'],
    ['B', 'fhgh93101'],
    ['U', 'lhgh92001'],
    ['O', 'dlgh99001'],
  ])
    token[who] = (await hall.loginUnit(uact)).data.accessToken;
  token.P1 = (await hall.loginPersonal(LIHUA)).data.accessToken;
  token.P2 = (await hall.loginPersonal(WANGFANG)).data.accessToken;
  const a = await unitId(hall.db, 'qydw92101');
  const b = await unitId(hall.db, 'fhgh93101');
  [f, m] = await addStaff(hall.db, a, [
    { name: '周芳', gender: '2' },
    { name: '钱军', gender: '1' },
  ]);
  [g] = await addStaff(hall.db, b, [{ name: '孙丽', gender: '2' }]);
  await setPsnType(hall.db, m.staffId, '4');
  lihua = await personByCert(hall.db, LIHUA);
  wangfang = await personByCert(hall.db, WANGFANG);
  await cover(hall.db, {
    uact: 'qydw92101',
    personId: f.personId,
    year: 2026,
    products: [{ code: '01', shares: 2 }, { code: '02' }, { code: '03' }],
  });
  await cover(hall.db, { uact: 'qydw92101', personId: f.personId, year: 2024, products: [{ code: '01' }] });
  await cover(hall.db, {
    uact: 'qydw92101',
    personId: m.personId,
    year: 2026,
    products: [{ code: '01' }, { code: '02' }, { code: '03' }],
    coveredFrom: '2026-04-01',
  });
  await cover(hall.db, { uact: 'fhgh93101', personId: g.personId, year: 2026, products: [{ code: '01' }, { code: '03' }] });
  await cover(hall.db, { uact: 'qydw92101', personId: lihua, year: 2026, products: [{ code: '01' }, { code: '02' }] });
  await cover(hall.db, { uact: 'fhgh93101', personId: wangfang, year: 2026, products: [{ code: '01' }] });
});
afterAll(() => hall.close());

describe('the amount of each type (preview, through the shared functions)', () => {
  const preview = (body: Record<string, unknown>) => post(BenefitPath.claimPreview, body, 'A');

  it('重大疾病: the lump sum × shares', async () => {
    const r = await preview({ type: 'major_disease', staffId: f.staffId, ...stay() });
    expect(r.data).toMatchObject({ amountFen: 1_500_000, periodYear: 2026, productName: '重大疾病互助', problems: [] });
  });

  it('女职工特殊疾病: the lump sum, women only, on the list', async () => {
    expect((await preview({ type: 'female_disease', staffId: f.staffId, ...stay() })).data).toMatchObject({
      amountFen: 2_000_000,
      problems: [],
    });
    const male = await preview({ type: 'female_disease', staffId: m.staffId, ...stay({ diagnosisCode: 'C53', admittedOn: '2026-05-01' }) });
    expect(male.data.problems).toContain(MESSAGES.female);
  });

  it('住院生活补助: days × daily × shares, within the days of the year', async () => {
    const r = await preview({ type: 'hospital_allowance', staffId: f.staffId, ...stay({ diagnosisCode: '', diagnosisName: '肺炎' }) });
    expect(r.data).toMatchObject({ days: 10, amountFen: 10 * 5_000 * 2, problems: [] });
    // 70 days asked, 60 a year at most.
    const long = await preview({
      type: 'hospital_allowance',
      staffId: f.staffId,
      ...stay({ admittedOn: '2026-03-01', dischargedOn: '2026-05-10', diagnosisCode: '', diagnosisName: '骨折' }),
    });
    expect(long.data).toMatchObject({ days: 70, amountFen: 60 * 5_000 * 2 });
  });

  it('困难职工补助: the period’s fixed amount, for 困难职工 only', async () => {
    expect((await preview({ type: 'hardship', staffId: m.staffId })).data).toMatchObject({ amountFen: 200_000, problems: [] });
    expect((await preview({ type: 'hardship', staffId: f.staffId })).data.problems).toContain(MESSAGES.hardshipOnly);
  });

  it('手工报销: the banded rule on the invoices, sharing the deductible with the settlements of the year', async () => {
    const manual = (over: Record<string, unknown>) =>
      preview({ type: 'manual', staffId: f.staffId, ...stay({ diagnosisCode: '', diagnosisName: '肺炎', invoiceFen: 600_000, ...over }) });
    // ¥6,000 − ¥1,000 deductible = ¥5,000 at 45 %, × 2 shares.
    expect((await manual({})).data).toMatchObject({ amountFen: 450_000, problems: [] });
    // A settlement earlier in the year used the deductible (¥2,000: ¥1,000 counted): ¥6,000 more spans the 45 % and 50 % bands.
    await settle(hall.db, { personId: f.personId, admittedOn: '2026-02-01', dischargedOn: '2026-02-10', selfPolicyFen: 200_000 });
    expect((await manual({})).data.amountFen).toBe(((500_000 - 100_000) * 0.45 + 200_000 * 0.5) * 2);
    // The bureau's file has this stay: refused.
    expect((await manual({ admittedOn: '2026-02-05', dischargedOn: '2026-02-12' })).data.problems).toContain(MESSAGES.settled);
  });

  it('says what is missing before anything can be computed', async () => {
    const r = await preview({ type: 'major_disease', staffId: f.staffId });
    expect(r.data).toMatchObject({ amountFen: 0, periodYear: null });
    expect(r.data.problems).toEqual(expect.arrayContaining(['请填写入院日期', '请填写出院日期', '请从疾病目录中选择诊断']));
  });
});

describe('rules at submission', () => {
  it('needs the required attachments', async () => {
    const saved = await unitSave({
      type: 'major_disease',
      staffId: f.staffId,
      ...stay({ admittedOn: '2026-07-01', dischargedOn: '2026-07-05' }),
    });
    expect(saved.data.required.map((r: { present: boolean }) => r.present)).toEqual([false, false, false, false]);
    const res = await post(BenefitPath.claimSubmit, { id: saved.data.claim.id }, 'A');
    expect(res).toMatchObject({ code: Code.FAIL, message: '请上传身份证、诊断证明、出院小结、银行卡' });
    await attach('A', saved.data.claim.id, ['id_card', 'diagnosis']);
    expect((await post(BenefitPath.claimSubmit, { id: saved.data.claim.id }, 'A')).message).toBe('请上传出院小结、银行卡');
    expect((await stateOf(saved.data.claim.id)).state).toBe('draft');
    await post(BenefitPath.claimDelete, { id: saved.data.claim.id }, 'A');
  });

  it('needs cover of the product in the stay’s period (by this unit)', async () => {
    const other = (await addStaff(hall.db, await unitId(hall.db, 'qydw92101'), [{ name: '无保障', gender: '1' }]))[0];
    expect(await unitSave({ type: 'major_disease', staffId: other.staffId, ...stay() })).toMatchObject({
      code: Code.FAIL,
      message: '该职工2026年度未参加“重大疾病互助”，不能申请重大疾病补助',
    });
    // 孙丽 is fhgh93101's: not qydw92101's staff.
    expect((await unitSave({ type: 'major_disease', staffId: g.staffId, ...stay() })).message).toBe(
      '所选人员不是本单位在册职工（可能已减员），请重新选择',
    );
    expect((await unitSave({ type: 'hospital_allowance', staffId: f.staffId, ...stay({ dischargedOn: '2026-12-30' }) })).message).toBe(
      '出院日期不能晚于今天（出院后方可申请）',
    );
  });

  it('refuses a stay admitted in the waiting period', async () => {
    const id = await ready('major_disease', {
      staffId: m.staffId,
      ...stay({ admittedOn: '2026-03-20', dischargedOn: '2026-04-10', diagnosisCode: 'I21' }),
    });
    expect((await post(BenefitPath.claimSubmit, { id }, 'A')).message).toBe(
      '入院日期在等待期内（“重大疾病互助”保障自 2026-04-01 起），不能申请重大疾病补助',
    );
    await post(BenefitPath.claimDelete, { id }, 'A');
  });

  it('women only for 02, a diagnosis on the list for 01/02', async () => {
    const id = await ready('female_disease', { staffId: m.staffId, ...stay({ admittedOn: '2026-05-01', diagnosisCode: 'C53' }) });
    expect((await post(BenefitPath.claimSubmit, { id }, 'A')).message).toBe(MESSAGES.female);
    const off = await ready('major_disease', {
      staffId: m.staffId,
      ...stay({ admittedOn: '2026-05-02', diagnosisCode: 'J18.9', diagnosisName: '肺炎' }),
    });
    expect((await post(BenefitPath.claimSubmit, { id: off }, 'A')).message).toBe('诊断“J18.9”不在互助重大疾病目录内');
    for (const x of [id, off]) await post(BenefitPath.claimDelete, { id: x }, 'A');
  });

  it('no later than two years after discharge, by the server’s clock', async () => {
    const id = await ready('hospital_allowance', {
      staffId: f.staffId,
      ...stay({ admittedOn: '2024-11-20', dischargedOn: '2024-11-30', diagnosisCode: '', diagnosisName: '肺炎' }),
    });
    // On the last day it could still go (the amount is computed); nine days later it cannot.
    expect(
      (
        await post(
          BenefitPath.claimPreview,
          {
            type: 'hospital_allowance',
            staffId: f.staffId,
            ...stay({ admittedOn: '2024-11-20', dischargedOn: '2024-11-30', diagnosisCode: '', diagnosisName: '肺炎' }),
          },
          'A',
        )
      ).data.problems,
    ).toEqual([]);
    hall.clock.advance(9 * 86_400_000); // 2026-12-01
    try {
      const late = (await hall.loginUnit('qydw92101')).data.accessToken;
      const message = '出院已超过两年，不能申请补助（申请期限至2026-11-30）';
      expect((await hall.post(BenefitPath.claimSubmit, { id }, late)).message).toBe(message);
      expect((await stateOf(id)).state).toBe('draft');
      // Nor is such a stay kept as a draft, new or changed.
      const lateStay = stay({ admittedOn: '2024-11-21', dischargedOn: '2024-11-30', diagnosisCode: '', diagnosisName: '肺炎' });
      const again = await hall.post(BenefitPath.claimSave, { type: 'hospital_allowance', staffId: f.staffId, ...lateStay }, late);
      expect(again.message).toBe(message);
      expect(
        (await hall.post(BenefitPath.claimSave, { id, type: 'hospital_allowance', staffId: f.staffId, ...lateStay }, late)).message,
      ).toBe(message);
      expect((await stateOf(id)).admittedOn).toBe('2024-11-20');
      await hall.post(BenefitPath.claimDelete, { id }, late);
    } finally {
      hall.clock.advance(-9 * 86_400_000);
      // One session per account: the test's own login took the unit's over.
      token.A = (await hall.loginUnit('qydw92101')).data.accessToken;
    }
  });

  it('one benefit per stay and type; a refused claim does not count', async () => {
    const body = { staffId: g.staffId, ...stay({ admittedOn: '2026-08-01', dischargedOn: '2026-08-09', diagnosisCode: 'I63' }) };
    const id = await ready('major_disease', body, 'B');
    expect((await unitSave({ type: 'major_disease', ...body }, 'B')).message).toBe(MESSAGES.duplicateStay);
    expect((await post(BenefitPath.claimSubmit, { id }, 'B')).data.claim.state).toBe('city_review');
    // The lump sum is once a period (cap = one lump sum): another stay gets nothing.
    const second = await ready('major_disease', { ...body, admittedOn: '2026-09-01', dischargedOn: '2026-09-03' }, 'B');
    expect((await post(BenefitPath.claimSubmit, { id: second }, 'B')).message).toBe('本互助期重大疾病补助已达给付上限，不能再申请');
    await post(BenefitPath.claimDelete, { id: second }, 'B');
    await refuseClaim(hall.app.hall, '审核员', { claim: String(id), reason: '诊断证明与住院病历不符' });
    const again = await unitSave({ type: 'major_disease', ...body }, 'B');
    expect(again.code, again.message).toBe(0);
    await post(BenefitPath.claimDelete, { id: again.data.claim.id }, 'B');
  });

  it('困难职工补助 once a period', async () => {
    const id = await ready('hardship', { staffId: m.staffId });
    expect((await post(BenefitPath.claimSubmit, { id }, 'A')).data.claim).toMatchObject({ state: 'union_review', amountFen: 200_000 });
    expect((await unitSave({ type: 'hardship', staffId: m.staffId })).message).toBe(MESSAGES.duplicateHardship);
  });
});

describe('the state machine, by role', () => {
  let unitClaim: number; // qydw92101 for 周芳: union review, then the city
  let workerClaim: number; // 李华's own: unit, union, city

  it('a unit’s claim under a 92 union: union_review → city_review → approved → paid', async () => {
    unitClaim = await ready('female_disease', { staffId: f.staffId, ...stay({ bankCard: '6222021234567890123', bankName: '工商银行' }) });
    const submitted = await post(BenefitPath.claimSubmit, { id: unitClaim }, 'A');
    expect(submitted.data.claim).toMatchObject({
      state: 'union_review',
      amountFen: 2_000_000,
      reviewUnitName: expect.stringContaining('联合基层工会'),
    });
    // The union is told; the unit is told it waits.
    const unionMail = await hall.db.select().from(mailMessages).where(eq(mailMessages.recipientKey, 'lhgh92001'));
    expect(unionMail.some((x) => x.title === '待审核：长沙市星辰科技有限公司的补助申请')).toBe(true);
    // Only the union acts now: the unit cannot approve its own, the operator not yet.
    expect((await post(BenefitPath.claimUnitApprove, { id: unitClaim }, 'A')).code).toBe(Code.FAIL);
    await expect(approveClaim(hall.app.hall, '审核员', { claim: String(unitClaim) })).rejects.toThrow('只有待市总审核的申请可以审核');
    expect((await post(BenefitPath.claimUnionApprove, { id: unitClaim }, 'U')).data.claim.state).toBe('city_review');
    expect((await post(BenefitPath.claimUnionApprove, { id: unitClaim }, 'U')).message).toContain('当前不是待您审核的状态');
    await approveClaim(hall.app.hall, '审核员', { claim: String(unitClaim) });
    const paid = await payClaims(hall.app.hall, '财务员');
    expect(paid.paid.map((p) => p.claimNo)).toContain((await stateOf(unitClaim)).claimNo);
    expect(await stateOf(unitClaim)).toMatchObject({ state: 'paid', amountFen: 2_000_000 });
    const events = await hall.db.select().from(claimEvents).where(eq(claimEvents.claimId, unitClaim)).orderBy(claimEvents.id);
    expect(events.map((e) => `${e.fromState ?? '-'}>${e.toState}:${e.actorKind}`)).toEqual([
      '->draft:unit',
      'draft>union_review:unit',
      'union_review>city_review:union',
      'city_review>approved:operator',
      'approved>paid:operator',
    ]);
    const audits = await hall.db.select().from(auditLog).where(eq(auditLog.action, 'claim'));
    expect(audits.filter((x) => (x.detail as { claimId: number }).claimId === unitClaim)).toHaveLength(4);
  });

  it('a unit under a 93 union goes to the city union at once', async () => {
    const id = await ready('hospital_allowance', { staffId: g.staffId, ...stay({ diagnosisCode: '', diagnosisName: '肺炎' }) }, 'B');
    expect((await post(BenefitPath.claimSubmit, { id }, 'B')).data.claim).toMatchObject({
      state: 'city_review',
      reviewUnitName: null,
      days: 10,
      amountFen: 50_000,
    });
  });

  it('a worker’s claim: unit review, union review, returned to the worker, edited and resubmitted', async () => {
    const saved = await personalSave({ type: 'female_disease', ...stay({ diagnosisCode: 'D05', diagnosisName: '乳腺原位癌' }) });
    expect(saved.data.claim).toMatchObject({ filedBy: 'personal', state: 'draft', canEdit: true, unitName: '长沙市星辰科技有限公司' });
    workerClaim = saved.data.claim.id;
    // A worker's draft is theirs alone.
    expect((await post(BenefitPath.claimDetail, { id: workerClaim }, 'A')).message).toBe(CLAIM_MISSING);
    await attach('P1', workerClaim, CLAIM_TYPES.female_disease.required, true);
    expect((await post(BenefitPath.claimSubmitPersonal, { id: workerClaim }, 'P1')).data.claim.state).toBe('unit_review');
    const detail = await post(BenefitPath.claimDetail, { id: workerClaim }, 'A');
    expect(detail.data.claim).toMatchObject({ canReview: true, canEdit: false });
    // Not yet the union's turn, and the worker cannot submit again.
    expect((await post(BenefitPath.claimUnionApprove, { id: workerClaim }, 'U')).message).toContain('当前不是待您审核的状态');
    expect((await post(BenefitPath.claimSubmitPersonal, { id: workerClaim }, 'P1')).message).toBe('只有草稿或退回补正的申请可以提交');
    expect((await post(BenefitPath.claimUnitApprove, { id: workerClaim }, 'A')).data.claim.state).toBe('union_review');
    const returned = await post(BenefitPath.claimUnionReturn, { id: workerClaim, reason: '诊断证明不清晰，请重新扫描' }, 'U');
    expect(returned.data.claim).toMatchObject({ state: 'returned', reason: '诊断证明不清晰，请重新扫描' });
    const mine = await hall.db.select().from(mailMessages).where(eq(mailMessages.recipientKey, LIHUA));
    expect(mine.some((x) => x.content.includes('需补正：诊断证明不清晰，请重新扫描'))).toBe(true);
    // The worker fixes it and submits again: back to the unit.
    const edit = await personalSave({
      id: workerClaim,
      type: 'female_disease',
      ...stay({ diagnosisCode: 'D05', diagnosisName: '乳腺原位癌', note: '已重新扫描' }),
    });
    expect(edit.data.claim).toMatchObject({ state: 'returned', note: '已重新扫描' });
    expect((await post(BenefitPath.claimSubmitPersonal, { id: workerClaim }, 'P1')).data.claim).toMatchObject({
      state: 'unit_review',
      reason: null,
    });
    expect((await post(BenefitPath.claimUnitReturn, { id: workerClaim, reason: '请补充银行卡照片' }, 'A')).data.claim.state).toBe(
      'returned',
    );
  });

  it('the worker hears of a claim the unit filed for them', async () => {
    const id = await ready('hospital_allowance', {
      staffId: await staffOfPerson('qydw92101', lihua),
      ...stay({ admittedOn: '2026-10-01', dischargedOn: '2026-10-04', diagnosisCode: '', diagnosisName: '阑尾炎' }),
    });
    await post(BenefitPath.claimSubmit, { id }, 'A');
    const mine = await hall.db.select().from(mailMessages).where(eq(mailMessages.recipientKey, LIHUA));
    expect(mine.some((x) => x.content.startsWith('单位为您申请的住院生活补助已提交'))).toBe(true);
    // And sees it in their records once submitted.
    const list = await post(BenefitPath.claimListPersonal, {}, 'P1');
    expect(list.data.list.map((c: { id: number }) => c.id)).toContain(id);
  });

  it('refuses the wrong role and the wrong union', async () => {
    expect((await post(BenefitPath.claimSave, { type: 'hardship', staffId: 1 }, 'P1')).message).toBe('该功能仅限单位用户使用');
    expect((await post(BenefitPath.claimSavePersonal, { type: 'hardship' }, 'A')).message).toBe('该功能仅限个人用户使用');
    expect((await post(BenefitPath.claimUnionList, {}, 'B')).message).toBe('补助审核仅限联合基层工会使用');
    await createUnit(hall.db, { uact: 'lhgh92009', name: '另一联合基层工会', level: 1, uniType: '92' });
    const other = (await hall.loginUnit('lhgh92009')).data.accessToken;
    expect((await hall.post(BenefitPath.claimUnionDetail, { id: unitClaim }, other)).message).toBe(CLAIM_MISSING);
    expect((await hall.post(BenefitPath.claimUnionList, { state: 'paid' }, other)).data.totlCnt).toBe(0);
  });
});

/** The staff id of a person on a unit's roster. */
async function staffOfPerson(uact: string, personId: number) {
  const [row] = await hall.db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.unitId, await unitId(hall.db, uact)), eq(staff.personId, personId)));
  return row.id;
}

describe('attachments', () => {
  let id: number;
  beforeAll(async () => {
    id = (
      await unitSave({
        type: 'manual',
        staffId: f.staffId,
        ...stay({ admittedOn: '2026-09-10', dischargedOn: '2026-09-15', diagnosisCode: '', diagnosisName: '胆结石', invoiceFen: 300_000 }),
      })
    ).data.claim.id;
  });

  it('takes only the caller’s own upload, images or PDF', async () => {
    const theirs = await hall.upload({ name: 'x.pdf', bytes: SCAN }, token.B);
    expect((await post(BenefitPath.claimAttach, { claimId: id, kind: 'invoice', fileId: theirs.data.fileId }, 'A')).message).toBe(
      '文件不存在或不是您上传的，请重新上传',
    );
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
    const image = await hall.upload({ name: '发票.png', bytes: png }, token.A);
    expect(
      (await post(BenefitPath.claimAttach, { claimId: id, kind: 'invoice', fileId: image.data.fileId }, 'A')).data.attachments,
    ).toHaveLength(1);
    const { powerOfAttorney } = await import('../registration/power-of-attorney');
    const docx = await hall.upload({ name: 'a.docx', bytes: await powerOfAttorney({ empName: 'x' }, '长沙市', hall.clock.now()) }, token.A);
    expect((await post(BenefitPath.claimAttach, { claimId: id, kind: 'other', fileId: docx.data.fileId }, 'A')).message).toBe(
      '申请材料仅限 PDF、JPG、PNG 格式的扫描件或照片',
    );
  });

  it('replaces and removes while editable, and marks the required kinds', async () => {
    const before = (await post(BenefitPath.claimDetail, { id }, 'A')).data;
    const invoice = before.attachments.find((a: { kind: string }) => a.kind === 'invoice');
    const up = await hall.upload({ name: '发票（新）.pdf', bytes: SCAN }, token.A);
    const replaced = await post(
      BenefitPath.claimAttach,
      { claimId: id, kind: 'invoice', fileId: up.data.fileId, replaceId: invoice.id },
      'A',
    );
    expect(replaced.data.attachments.map((a: { name: string }) => a.name)).toEqual(['发票（新）.pdf']);
    const added = await attach('A', id, ['id_card']);
    const card = added.data.attachments.find((a: { kind: string }) => a.kind === 'id_card');
    expect((await post(BenefitPath.claimDetach, { claimId: id, attachmentId: card.id }, 'A')).data.attachments).toHaveLength(1);
    expect((await post(BenefitPath.claimDetach, { claimId: id, attachmentId: card.id }, 'A')).message).toBe(
      '材料不存在或已删除，请刷新后重试',
    );
    const required = (await post(BenefitPath.claimDetail, { id }, 'A')).data.required;
    expect(required.filter((r: { present: boolean }) => r.present).map((r: { kind: string }) => r.kind)).toEqual(['invoice']);
  });

  it('is frozen once submitted', async () => {
    await attach('A', id, ['id_card', 'discharge_summary', 'settlement_slip', 'bank_card']);
    expect((await post(BenefitPath.claimSubmit, { id }, 'A')).data.claim.state).toBe('union_review');
    const up = await hall.upload({ name: 'late.pdf', bytes: SCAN }, token.A);
    expect((await post(BenefitPath.claimAttach, { claimId: id, kind: 'other', fileId: up.data.fileId }, 'A')).message).toBe(
      '只有草稿或退回补正的申请可以修改材料',
    );
  });

  it('downloads for the unit, the reviewing union and the worker, never for another unit or person', async () => {
    const workerOwn = (
      await post(
        BenefitPath.claimDetailPersonal,
        {
          id: (
            await hall.db
              .select()
              .from(claims)
              .where(and(eq(claims.personId, lihua), eq(claims.filedBy, 'personal')))
              .orderBy(claims.id)
          )[0].id,
        },
        'P1',
      )
    ).data;
    const fileOfWorker = workerOwn.attachments[0].fileId;
    const fileOfUnit = (await post(BenefitPath.claimDetail, { id }, 'A')).data.attachments[0].fileId;
    const download = (fileId: string, who: string) => hall.download(ApiPath.fileDownload, { fileId }, token[who]);
    expect((await download(fileOfUnit, 'A')).status).toBe(200);
    expect((await download(fileOfUnit, 'U')).answer).toBeUndefined();
    expect((await download(fileOfUnit, 'B')).answer?.code).toBe(Code.FAIL);
    expect((await download(fileOfUnit, 'O')).answer?.code).toBe(Code.FAIL);
    expect((await download(fileOfUnit, 'P2')).answer?.code).toBe(Code.FAIL);
    // The worker's upload: the unit reviewing it and the union may read it; another person may not.
    expect((await download(fileOfWorker, 'A')).answer).toBeUndefined();
    expect((await download(fileOfWorker, 'U')).answer).toBeUndefined();
    expect((await download(fileOfWorker, 'P2')).answer?.code).toBe(Code.FAIL);
    expect((await download(fileOfWorker, 'B')).answer?.code).toBe(Code.FAIL);
  });

  it('a draft’s attachments stay with its filer', async () => {
    const draft = (
      await personalSave({
        type: 'hospital_allowance',
        ...stay({ admittedOn: '2026-11-01', dischargedOn: '2026-11-03', diagnosisCode: '', diagnosisName: '感冒' }),
      })
    ).data.claim.id;
    const listed = await attach('P1', draft, ['id_card'], true);
    const fileId = listed.data.attachments[0].fileId;
    expect((await hall.download(ApiPath.fileDownload, { fileId }, token.A)).answer?.code).toBe(Code.FAIL);
    expect((await hall.download(ApiPath.fileDownload, { fileId }, token.P1)).answer).toBeUndefined();
  });
});

describe('queries and scoping', () => {
  it('the unit’s list: its filings and its workers’ submitted claims, with filters', async () => {
    const all = (await post(BenefitPath.claimList, { pageSize: 100 }, 'A')).data;
    const rows = await hall.db
      .select()
      .from(claims)
      .where(eq(claims.unitId, await unitId(hall.db, 'qydw92101')));
    const visible = rows.filter((c) => c.filedBy === 'unit' || c.submittedAt !== null);
    expect(all.totlCnt).toBe(visible.length);
    expect(all.list.every((c: { certNo: string }) => c.certNo.includes('*'))).toBe(true);
    const byType = (await post(BenefitPath.claimList, { type: 'hardship' }, 'A')).data.list;
    expect(byType.map((c: { personName: string }) => c.personName)).toEqual(['钱军']);
    expect((await post(BenefitPath.claimList, { name: '周芳', state: 'paid' }, 'A')).data.totlCnt).toBe(1);
    expect((await post(BenefitPath.claimList, { filedBy: 'personal', state: 'returned' }, 'A')).data.list[0].personName).toBe('李华');
    expect((await post(BenefitPath.claimList, { dateFrom: '2030-01-01' }, 'A')).data.totlCnt).toBe(0);
    // Another unit sees none of these.
    const b = (await post(BenefitPath.claimList, { pageSize: 100 }, 'B')).data.list;
    expect(b.every((c: { unitName: string }) => c.unitName === '长沙市建工集团分会')).toBe(true);
  });

  it('exports the filtered list as Excel', async () => {
    const res = await hall.download(BenefitPath.claimExport, { type: 'female_disease' }, token.A);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    expect(res.bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('the worker’s list: their own claims only', async () => {
    const list = (await post(BenefitPath.claimListPersonal, { pageSize: 100 }, 'P1')).data.list;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c: { personName: string }) => c.personName === '李华')).toBe(true);
    expect((await post(BenefitPath.claimListPersonal, {}, 'P2')).data.totlCnt).toBe(0);
  });

  it('the union’s list: claims waiting for it, of its member enterprises', async () => {
    const list = (await post(BenefitPath.claimUnionList, {}, 'U')).data.list;
    expect(list.length).toBeGreaterThan(0);
    expect(
      list.every((c: { state: string; unitName: string }) => c.state === 'union_review' && c.unitName === '长沙市星辰科技有限公司'),
    ).toBe(true);
  });
});

describe('every id route with another unit’s and another person’s id', () => {
  let unitDraft: number;
  let workerDraft: number;
  let workerWaiting: number;
  beforeAll(async () => {
    unitDraft = (
      await unitSave({
        type: 'hospital_allowance',
        staffId: f.staffId,
        ...stay({ admittedOn: '2026-11-05', dischargedOn: '2026-11-06', diagnosisCode: '', diagnosisName: '感冒' }),
      })
    ).data.claim.id;
    workerDraft = (
      await hall.db
        .select()
        .from(claims)
        .where(and(eq(claims.personId, lihua), eq(claims.state, 'draft')))
    )[0].id;
    workerWaiting = (
      await hall.db
        .select()
        .from(claims)
        .where(and(eq(claims.personId, lihua), eq(claims.filedBy, 'personal')))
        .orderBy(claims.id)
    )[0].id;
  });

  it.each([
    [BenefitPath.claimDetail, (id: number) => ({ id })],
    [BenefitPath.claimSubmit, (id: number) => ({ id })],
    [BenefitPath.claimDelete, (id: number) => ({ id })],
    [BenefitPath.claimSave, (id: number) => ({ id, type: 'hardship', staffId: 1 })],
    [BenefitPath.claimAttach, (id: number) => ({ claimId: id, kind: 'other', fileId: '00000000-0000-4000-8000-000000000000' })],
    [BenefitPath.claimDetach, (id: number) => ({ claimId: id, attachmentId: 1 })],
    [BenefitPath.claimUnitApprove, (id: number) => ({ id })],
    [BenefitPath.claimUnitReturn, (id: number) => ({ id, reason: '—' })],
  ])('%s: another unit’s claim is answered as missing and audited', async (path, body) => {
    const before = await stateOf(unitDraft);
    expect(await post(path, body(unitDraft), 'B')).toMatchObject({ code: Code.FAIL, message: CLAIM_MISSING });
    expect(await post(path, body(workerWaiting), 'O')).toMatchObject({ code: Code.FAIL, message: CLAIM_MISSING });
    expect(await stateOf(unitDraft)).toEqual(before);
  });

  it.each([
    [BenefitPath.claimDetailPersonal, (id: number) => ({ id })],
    [BenefitPath.claimSubmitPersonal, (id: number) => ({ id })],
    [BenefitPath.claimDeletePersonal, (id: number) => ({ id })],
    [BenefitPath.claimSavePersonal, (id: number) => ({ id, type: 'hardship' })],
    [BenefitPath.claimAttachPersonal, (id: number) => ({ claimId: id, kind: 'other', fileId: '00000000-0000-4000-8000-000000000000' })],
    [BenefitPath.claimDetachPersonal, (id: number) => ({ claimId: id, attachmentId: 1 })],
  ])('%s: another person’s claim (and a unit’s draft) is answered as missing', async (path, body) => {
    expect(await post(path, body(workerDraft), 'P2')).toMatchObject({ code: Code.FAIL, message: CLAIM_MISSING });
    expect(await post(path, body(unitDraft), 'P1')).toMatchObject({ code: Code.FAIL, message: CLAIM_MISSING });
    expect((await stateOf(workerDraft)).state).toBe('draft');
  });

  it.each([BenefitPath.claimUnionDetail, BenefitPath.claimUnionApprove])(
    '%s: a draft or another union’s claim is missing for the union',
    async (path) => {
      expect((await post(path, { id: unitDraft }, 'U')).message).toBe(CLAIM_MISSING);
      const bClaim = (
        await hall.db
          .select()
          .from(claims)
          .where(eq(claims.unitId, await unitId(hall.db, 'fhgh93101')))
      )[0].id;
      expect((await post(path, { id: bClaim }, 'U')).message).toBe(CLAIM_MISSING);
    },
  );

  it('the probes are audited', async () => {
    const refusals = await hall.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'permission-refused'), eq(auditLog.actorKey, 'fhgh93101')));
    expect(refusals.length).toBeGreaterThan(5);
  });
});

describe('to-do', () => {
  it('the unit: its workers’ claims to review and its returned claims; the union: claims to review; the worker: returned', async () => {
    const kinds = async (who: string) => (await post(ApiPath.todoList, {}, who)).data.list.map((i: { kind: string }) => i.kind);
    // 李华's claim is returned (to the worker); put a fresh worker claim in unit review.
    const id = (
      await personalSave({
        type: 'hospital_allowance',
        ...stay({ admittedOn: '2026-07-20', dischargedOn: '2026-07-22', diagnosisCode: '', diagnosisName: '腰椎' }),
      })
    ).data.claim.id;
    await attach('P1', id, CLAIM_TYPES.hospital_allowance.required, true);
    await post(BenefitPath.claimSubmitPersonal, { id }, 'P1');
    expect(await kinds('A')).toContain('claimReview');
    expect(await kinds('U')).toContain('claimUnionReview');
    expect(await kinds('P1')).toContain('claimReturned');
    expect(await kinds('P2')).not.toContain('claimReturned');
    expect(await kinds('B')).not.toContain('claimReview');
  });
});
