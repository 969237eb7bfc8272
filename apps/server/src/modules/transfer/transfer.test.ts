import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, OpsPath, PersonalPath } from '@hall/shared';
import { commands } from '../../cli/commands';
import { coverages, persons, staff } from '../../db/schema';
import { addStaff, type TestStaff } from '../../test/apply-fixtures';
import { cover } from '../../test/claim-fixtures';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../../test/harness';
import { unitId } from '../../test/payable-fixtures';
import { fileOf, settlementCsv } from '../../test/settlement-fixtures';
import { loadSettlements } from '../settlement/settlement.service';
import { rows } from '../../test/refusal';
import { makeOperator } from '../../test/operator-tools';

/*
 * Coverage transfer between units (关系转出 → 关系转入 → operator), 异地就医备案 and the insured
 * status query: the state machine, the move (no gap, no double cover, no new waiting period),
 * participation at both units, and every id of another unit refused.
 */

let hall: TestHall;
const token: Record<string, string> = {};
let op: string;
let x: TestStaff;
let y: TestStaff;
let z: TestStaff;
const B_USCC = '81430100MA4L1030FP';
const PASSWORD = 'Op@2026pass';

const post = (path: string, body: Record<string, unknown>, who: string) => hall.post(path, body, token[who] ?? who);

beforeAll(async () => {
  hall = await createTestHall();
  for (const [who, uact] of [
    ['A', 'qydw92101'],
    ['B', 'fhgh93101'],
    ['C', 'dlgh99001'],
  ])
    token[who] = (await hall.loginUnit(uact)).data.accessToken;
  token.P = (await hall.loginPersonal('430102198503150022')).data.accessToken;
  await makeOperator(hall, { login: 'tr.op', name: '转移审核员', password: PASSWORD, role: 'reviewer' });
  op = (
    await hall.post('/ops/api/login', { username: 'tr.op', password: PASSWORD, captchaId: await hall.captcha(), captchaCode: TEST_CAPTCHA })
  ).data.accessToken;
  [x, y] = await addStaff(hall.db, await unitId(hall.db, 'qydw92101'), [
    { name: '赵转移', gender: '2' },
    { name: '钱未保', gender: '1' },
  ]);
  [z] = await addStaff(hall.db, await unitId(hall.db, 'dlgh99001'), [{ name: '孙第三', gender: '1' }]);
  await cover(hall.db, {
    uact: 'qydw92101',
    personId: x.personId,
    year: 2026,
    products: [{ code: '01', shares: 2 }, { code: '02' }],
    coveredFrom: '2026-03-01',
  });
  await cover(hall.db, { uact: 'qydw92101', personId: x.personId, year: 2025, products: [{ code: '01' }] });
  await cover(hall.db, { uact: 'dlgh99001', personId: z.personId, year: 2026, products: [{ code: '01' }] });
});
afterAll(() => hall.close());

describe('关系转出 / 关系转入', () => {
  let id: number;

  it('refuses personal accounts, and unit accounts on the operator API', async () => {
    expect((await post(PersonalPath.transferOutApply, { staffId: x.staffId }, 'P')).message).toBe('该功能仅限单位用户使用');
    expect((await post(PersonalPath.transferList, { direction: 'out' }, 'P')).message).toBe('该功能仅限单位用户使用');
    expect((await post(PersonalPath.insuredStatusList, {}, 'P')).message).toBe('该功能仅限单位用户使用');
    expect((await post(OpsPath.opsTransferConfirm, { id: 1 }, 'A')).code).not.toBe(0);
    // An uninsured unit cannot file or receive (the transfer layout has no guard: the services check).
    const uninsured = (await hall.loginUnit('qydw92102')).data.accessToken;
    for (const path of [PersonalPath.transferOutApply, PersonalPath.transferReceive])
      expect((await hall.post(path, { id: 1, staffId: 1, toUscc: B_USCC, transferDate: '2026-11-25' }, uninsured)).message).toBe(
        '您的单位尚未办理医保参保登记，暂不能使用本功能',
      );
  });

  it('checks what the old unit files', async () => {
    const base = { staffId: x.staffId, toUscc: B_USCC, transferDate: '2026-11-25' };
    expect((await post(PersonalPath.transferOutApply, { ...base, staffId: z.staffId }, 'A')).message).toBe('转出人员不存在或已减员');
    expect((await post(PersonalPath.transferOutApply, { ...base, toUscc: '91430100MA4L1010D5' }, 'A')).message).toBe(
      '转入单位不能是本单位',
    );
    expect((await post(PersonalPath.transferOutApply, { ...base, toUscc: '91430100MA4L1020EX' }, 'A')).message).toBe(
      '转入单位未办理医保参保登记，不能办理关系转入',
    );
    expect((await post(PersonalPath.transferOutApply, { ...base, toUscc: '91430100MA4L9999XX' }, 'A')).message).toBe(
      '未找到该统一社会信用代码的单位，请核对',
    );
    expect((await post(PersonalPath.transferOutApply, { ...base, transferDate: '2027-01-02' }, 'A')).message).toBe(
      '转移日期须在本互助期内（2026-01-01 至 2026-12-31）',
    );
    expect((await post(PersonalPath.transferOutApply, { ...base, staffId: y.staffId }, 'A')).message).toBe(
      '该人员本互助期在本单位没有医疗互助保障，无需办理关系转移（可直接减员）',
    );
    const search = await post(PersonalPath.transferUnitSearch, { keyword: '建工' }, 'A');
    expect(search.data.list).toEqual([{ empName: expect.stringContaining('建工集团分会'), uscc: B_USCC, insured: true }]);
    const options = await post(PersonalPath.transferStaffOptions, {}, 'A');
    expect(options.data.list.map((o: { staffId: number }) => o.staffId)).toContain(x.staffId);
    expect(options.data.list.map((o: { staffId: number }) => o.staffId)).not.toContain(y.staffId);
  });

  it('files, and a second open transfer of the person is refused', async () => {
    const r = await post(
      PersonalPath.transferOutApply,
      { staffId: x.staffId, toUscc: B_USCC, transferDate: '2026-11-25', reason: '调动' },
      'A',
    );
    expect(r.code, r.message).toBe(0);
    expect(r.data).toMatchObject({ state: 'receiving', stateLabel: '待转入确认', canCancel: true, canReceive: false, toUscc: B_USCC });
    expect(r.data.certNo).not.toBe(x.certNo);
    id = r.data.id;
    expect(
      (await post(PersonalPath.transferOutApply, { staffId: x.staffId, toUscc: B_USCC, transferDate: '2026-11-26' }, 'A')).message,
    ).toBe('该人员已有办理中的关系转移');
    // Both units see it, each on its side; the third unit sees nothing.
    const out = await post(PersonalPath.transferList, { direction: 'out' }, 'A');
    expect(out.data.list.map((t: { id: number }) => t.id)).toEqual([id]);
    const into = await post(PersonalPath.transferList, { direction: 'into' }, 'B');
    expect(into.data.list[0]).toMatchObject({ id, canReceive: true, canCancel: false });
    expect((await post(PersonalPath.transferList, { direction: 'into' }, 'C')).data.totlCnt).toBe(0);
    expect((await post(PersonalPath.transferList, { direction: 'out' }, 'C')).data.totlCnt).toBe(0);
    // The new unit's to-do names it.
    const todo = await post(ApiPath.todoList, {}, 'B');
    expect(todo.data.list.map((i: { kind: string }) => i.kind)).toContain('transferInto');
  });

  it("refuses another unit's id on every move", async () => {
    expect((await post(PersonalPath.transferReceive, { id }, 'C')).message).toBe('关系转移申请不存在');
    expect((await post(PersonalPath.transferReceive, { id }, 'A')).message).toBe('关系转移申请不存在');
    expect((await post(PersonalPath.transferReturn, { id, reason: 'x' }, 'C')).message).toBe('关系转移申请不存在');
    expect((await post(PersonalPath.transferOutCancel, { id }, 'B')).message).toBe('关系转移申请不存在');
    expect((await post(PersonalPath.transferOutCancel, { id }, 'C')).message).toBe('关系转移申请不存在');
    expect((await hall.post(OpsPath.opsTransferConfirm, { id }, op)).message).toBe('只有待审核的关系转移可以确认');
  });

  it('the new unit receives; the old unit can no longer withdraw', async () => {
    const r = await post(PersonalPath.transferReceive, { id }, 'B');
    expect(r.data).toMatchObject({ state: 'reviewing', stateLabel: '待审核' });
    expect((await post(PersonalPath.transferOutCancel, { id }, 'A')).message).toBe('转入单位已处理该申请，不能撤销');
  });

  it('the operator confirms: coverages move without gap, double cover or new waiting; staff rows close and open', async () => {
    const before = await hall.db.select().from(coverages).where(eq(coverages.personId, x.personId));
    // Two stays of the year: before the transfer day (stays with the old unit) and after (follows the cover).
    const [{ certNo }] = await rows(hall.db, sql`select cert_no as "certNo" from persons where id = ${x.personId}`);
    await loadSettlements(
      hall.app.hall,
      '赵敏',
      fileOf(
        's.csv',
        settlementCsv([
          { no: 'JS-TR1', certNo: String(certNo), admitted: '2026-06-01', discharged: '2026-06-10', selfPolicy: '3000' },
          { no: 'JS-TR2', certNo: String(certNo), admitted: '2026-11-25', discharged: '2026-11-26', selfPolicy: '3000' },
        ]),
      ),
    );
    const unitOf = async () =>
      Object.fromEntries(
        (
          await rows(
            hall.db,
            sql`select s.settlement_no as no, u.uact from treatments t join settlements s on s.id = t.settlement_id
              join units u on u.id = t.unit_id where t.person_id = ${x.personId} and t.product_code = '01'`,
          )
        ).map((r) => [r.no, r.uact]),
      );
    expect(await unitOf()).toEqual({ 'JS-TR1': 'qydw92101', 'JS-TR2': 'qydw92101' });
    const listed = await hall.post(OpsPath.opsTransferList, {}, op);
    expect(listed.data.list.map((t: { id: number }) => t.id)).toContain(id);
    const r = await hall.post(OpsPath.opsTransferConfirm, { id }, op);
    expect(r.code, r.message).toBe(0);
    expect(r.data).toMatchObject({ state: 'done', stateLabel: '已完成', fromUact: 'qydw92101', toUact: 'fhgh93101' });
    const after = await hall.db.select().from(coverages).where(eq(coverages.personId, x.personId));
    const b = await unitId(hall.db, 'fhgh93101');
    const a = await unitId(hall.db, 'qydw92101');
    expect(after).toHaveLength(before.length);
    for (const c of after) {
      const was = before.find((o) => o.id === c.id)!;
      expect(c.coveredFrom).toBe(was.coveredFrom);
      expect(c.shares).toBe(was.shares);
      // 2026 moved, 2025 (ended) stays with the old unit.
      expect(c.unitId).toBe(c.coveredFrom.startsWith('2026') ? b : a);
    }
    const rowsOfX = await hall.db.select().from(staff).where(eq(staff.personId, x.personId));
    expect(rowsOfX.find((s) => s.unitId === a)).toMatchObject({ leftOn: '2026-11-24', leaveReason: '关系转出' });
    expect(rowsOfX.find((s) => s.unitId === b)).toMatchObject({ joinedOn: '2026-11-25', leftOn: null });
    // Mail to both units.
    const mail = await rows(hall.db, sql`select recipient_key from mail_messages where title = '医疗互助关系转移已完成'`);
    expect(mail.map((m) => m.recipient_key).sort()).toEqual(['fhgh93101', 'qydw92101']);
    expect((await hall.post(OpsPath.opsTransferConfirm, { id }, op)).message).toBe('只有待审核的关系转移可以确认');
    expect(await unitOf()).toEqual({ 'JS-TR1': 'qydw92101', 'JS-TR2': 'fhgh93101' });
  });

  it('the detail answers the transfer with its history (filed, received, confirmed: when, who, from, to); an unknown id is refused', async () => {
    const r = await hall.post(OpsPath.opsTransferDetail, { id }, op);
    expect(r.code, r.message).toBe(0);
    expect(r.data).toMatchObject({ id, state: 'done', personName: '赵转移', fromUact: 'qydw92101', toUact: 'fhgh93101' });
    expect(r.data.certNo).toContain('*');
    const steps = r.data.history.map((e: Record<string, unknown>) => [e.actorKind, e.fromLabel, e.toLabel]);
    expect(steps).toEqual([
      ['unit', null, '待转入确认'],
      ['unit', '待转入确认', '待审核'],
      ['operator', '待审核', '已完成'],
    ]);
    expect(r.data.history.map((e: { actorName: string }) => e.actorName)).toEqual([r.data.fromUnitName, r.data.toUnitName, '转移审核员']);
    expect((await hall.post(OpsPath.opsTransferDetail, { id: 999_999 }, op)).message).toBe('关系转移申请不存在');
    expect((await hall.post(OpsPath.opsTransferDetail, { id: 0 }, op)).message).toBe('编号不正确');
  });

  it('participation shows the person at both units for the period', async () => {
    const list = async (who: string) =>
      (await post(ApiPath.joinMedSituationList, { year: 2026, name: '赵转移', pageNum: 1, pageSize: 20 }, who)).data.list as Array<{
        productCode: string;
        state: string;
        left: boolean;
        shares: number | null;
        coveredFrom: string | null;
      }>;
    const old = await list('A');
    const nu = await list('B');
    expect(old.find((r) => r.productCode === '01')).toMatchObject({ state: 'covered', left: true, shares: 2, coveredFrom: '2026-03-01' });
    expect(nu.find((r) => r.productCode === '01')).toMatchObject({ state: 'covered', left: false, shares: 2, coveredFrom: '2026-03-01' });
    const totals = async (who: string) =>
      (await post(ApiPath.joinMedSituationTotal, { year: 2026 }, who)).data.products[0].covered as number;
    expect(await totals('A')).toBeGreaterThanOrEqual(1);
    expect(await totals('B')).toBeGreaterThanOrEqual(1);
    expect((await list('C')).length).toBe(0);
  });

  it('return and cancel', async () => {
    // Back again from B to A, returned by A (the new unit), then filed again and withdrawn.
    const bStaff = (
      await hall.db
        .select()
        .from(staff)
        .where(and(eq(staff.personId, x.personId), sql`${staff.leftOn} is null`))
    )[0];
    const r = await post(
      PersonalPath.transferOutApply,
      { staffId: bStaff.id, toUscc: '91430100MA4L1010D5', transferDate: '2026-12-01' },
      'B',
    );
    expect(r.code, r.message).toBe(0);
    expect((await post(PersonalPath.transferReturn, { id: r.data.id, reason: '' }, 'A')).message).toBe('请输入退回原因');
    const back = await post(PersonalPath.transferReturn, { id: r.data.id, reason: '人员未到岗' }, 'A');
    expect(back.data).toMatchObject({ state: 'returned', stateLabel: '已退回', returnReason: '人员未到岗' });
    const again = await post(
      PersonalPath.transferOutApply,
      { staffId: bStaff.id, toUscc: '91430100MA4L1010D5', transferDate: '2026-12-01' },
      'B',
    );
    const cancelled = await post(PersonalPath.transferOutCancel, { id: again.data.id }, 'B');
    expect(cancelled.data).toMatchObject({ state: 'cancelled', stateLabel: '已撤销' });
    const byCli = await commands['transfer-list'].run(hall.app.hall, { state: 'done' }, 'admin');
    expect(byCli).toContain('赵转移');
  });
});

describe('异地就医备案', () => {
  const form = {
    regionCode: '110105',
    regionName: '北京市朝阳区',
    hospitalName: '北京协和医院',
    fromDate: '2026-12-01',
    toDate: '2027-02-28',
    reason: '转诊',
  };
  let id: number;

  it('a unit files for its staff; another unit’s staff id is refused', async () => {
    expect((await post(PersonalPath.filingApply, { ...form, staffId: x.staffId }, 'A')).message).toBe('备案人员不存在或已减员');
    expect((await post(PersonalPath.filingApply, { ...form, staffId: z.staffId, toDate: '2026-11-30' }, 'C')).message).toBe(
      '开始日期不能晚于结束日期',
    );
    const r = await post(PersonalPath.filingApply, { ...form, staffId: z.staffId }, 'C');
    expect(r.code, r.message).toBe(0);
    expect(r.data).toMatchObject({ state: 'submitted', stateLabel: '已提交', filedBy: 'unit', regionName: '北京市朝阳区' });
    id = r.data.id;
    expect((await post(PersonalPath.filingApply, { ...form, staffId: z.staffId }, 'C')).message).toBe('该人员在此期间已有异地就医备案');
    expect((await post(PersonalPath.filingList, { state: 'submitted' }, 'C')).data.list.map((f: { id: number }) => f.id)).toEqual([id]);
    expect((await post(PersonalPath.filingList, {}, 'A')).data.list.map((f: { id: number }) => f.id)).not.toContain(id);
    expect((await post(PersonalPath.filingList, {}, 'P')).data.list.map((f: { id: number }) => f.id)).not.toContain(id);
  });

  it('the operator confirms or returns it (API and CLI)', async () => {
    const r = await hall.post(OpsPath.opsFilingConfirm, { id }, op);
    expect(r.data).toMatchObject({ state: 'filed', stateLabel: '已备案', uact: 'dlgh99001' });
    expect((await hall.post(OpsPath.opsFilingConfirm, { id }, op)).message).toBe('该备案为“已备案”，不能再处理');
    const lihua = (await hall.db.select().from(persons).where(eq(persons.certNo, '430102198503150022')))[0];
    await cover(hall.db, { uact: 'qydw92101', personId: lihua.id, year: 2026, products: [{ code: '01' }] });
    const own = await post(
      PersonalPath.filingApply,
      { ...form, hospitalName: '上海瑞金医院', regionCode: '310101', regionName: '上海市黄浦区' },
      'P',
    );
    expect(own.code, own.message).toBe(0);
    expect(own.data).toMatchObject({ filedBy: 'personal', unitName: expect.stringContaining('星辰科技') });
    const out = await commands['filing-return'].run(hall.app.hall, { id: String(own.data.id), reason: '材料不全' }, 'admin');
    expect(out).toContain('已退回');
    expect((await post(PersonalPath.filingList, {}, 'P')).data.list[0]).toMatchObject({ state: 'returned', returnReason: '材料不全' });
  });

  it('the detail answers the filing with its history: filed by the unit or the person, decided by the operator with the reason', async () => {
    const byUnit = await hall.post(OpsPath.opsFilingDetail, { id }, op);
    expect(byUnit.code, byUnit.message).toBe(0);
    expect(byUnit.data).toMatchObject({ id, state: 'filed', uact: 'dlgh99001' });
    expect(byUnit.data.history.map((e: Record<string, unknown>) => [e.actorKind, e.actorName, e.fromLabel, e.toLabel])).toEqual([
      ['unit', byUnit.data.unitName, null, '已提交'],
      ['operator', '转移审核员', '已提交', '已备案'],
    ]);
    const own = (await post(PersonalPath.filingList, {}, 'P')).data.list[0];
    const byPerson = await hall.post(OpsPath.opsFilingDetail, { id: own.id }, op);
    expect(byPerson.data.history.map((e: Record<string, unknown>) => [e.actorKind, e.actorName, e.toLabel, e.note])).toEqual([
      ['personal', own.personName, '已提交', null],
      ['operator', expect.any(String), '已退回', '材料不全'],
    ]);
    expect((await hall.post(OpsPath.opsFilingDetail, { id: 999_999 }, op)).message).toBe('异地就医备案不存在');
  });
});

describe('医保参保状态查询', () => {
  it("lists the unit's current staff with their registry status, filtered", async () => {
    const all = await post(PersonalPath.insuredStatusList, { pageNum: 1, pageSize: 10 }, 'A');
    expect(all.code, all.message).toBe(0);
    expect(all.data.totlCnt).toBeGreaterThan(0);
    const none = await post(PersonalPath.insuredStatusList, { status: 'none', name: '钱未保' }, 'A');
    expect(none.data.list).toEqual([expect.objectContaining({ name: '钱未保', status: 'none', statusLabel: '未登记' })]);
    expect((await post(PersonalPath.insuredStatusList, { name: '孙第三' }, 'A')).data.totlCnt).toBe(0);
    const file = await hall.download(PersonalPath.insuredStatusExport, {}, token.A);
    expect(file.status).toBe(200);
  });
});
