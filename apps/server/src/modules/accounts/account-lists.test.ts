import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERMISSION, OpsPath } from '@hall/shared';
import { accounts, units } from '../../db/schema';
import { createTestHall, type TestHall } from '../../test/harness';
import { makeOperator, OPERATOR_PASSWORD, operatorTools } from '../../test/operator-tools';

/*
 * The back office's account lists (账号管理): the unions with their units' states, the workers'
 * accounts (ID number and phone masked), one account's detail with its history; the auditor
 * reads them, the reviewer does not.
 */

let hall: TestHall;
let admin: string;
let auditor: string;
let reviewer: string;
const LI_HUA = '430102198503150022';
const call = (path: string, body: unknown, token = admin) => hall.post(path, body, token);

interface Row {
  unitId: number;
  accountId: number;
  uact: string;
  name: string;
  units: number;
  notifyState: string | null;
  authState: string | null;
}
const unions = async (body: Record<string, unknown>) =>
  (await call(OpsPath.opsUnionTree, body)).data as { list: Row[]; next: number | null };
const unionOf = async (uact: string) => (await unions({ keyword: uact })).list[0];
const unitsOf = async (unionId: number, after?: number) =>
  (await call(OpsPath.opsUnionUnits, { unionId, after })).data as { list: Row[]; next: number | null };

/** `n` level-2 units (with their accounts) under the union `parentId`, made straight in the tables. */
async function addUnits(parentId: number | null, n: number, prefix: string) {
  const now = hall.clock.now();
  const rows = await hall.db
    .insert(units)
    .values(
      Array.from({ length: n }, (_, i) => ({
        uact: `${prefix}${i}`,
        empName: `${prefix}单位${i}`,
        level: parentId === null ? 1 : 2,
        uniType: parentId === null ? '99' : null,
        parentId,
        notifyState: parentId === null ? null : '0',
        createdAt: now,
      })),
    )
    .returning({ id: units.id, uact: units.uact });
  await hall.db
    .insert(accounts)
    .values(rows.map((r) => ({ loginType: 'unit', loginName: r.uact, unitId: r.id, passwordHash: 'x', createdAt: now })));
}

beforeAll(async () => {
  hall = await createTestHall();
  const { opsToken } = operatorTools(() => hall);
  await makeOperator(hall, { login: 'admin.op', name: '管理员甲', password: OPERATOR_PASSWORD, role: 'admin' });
  await makeOperator(hall, { login: 'audit.op', name: '审计员乙', password: OPERATOR_PASSWORD, role: 'auditor' });
  await makeOperator(hall, { login: 'review.op', name: '审核员丙', password: OPERATOR_PASSWORD, role: 'reviewer' });
  admin = await opsToken('admin.op');
  auditor = await opsToken('audit.op');
  reviewer = await opsToken('review.op');
});
afterAll(() => hall.close());

describe('the unions', () => {
  it('lists the level-1 unions with their counts of units, filtered by type or name', async () => {
    const { list } = await unions({});
    expect(list.map((u) => u.uact)).toEqual(['lhgh92001', 'hygh93001', 'dlgh99001']);
    expect(list.find((u) => u.uact === 'lhgh92001')).toMatchObject({ uniType: '92', units: 2, status: 'active', lockedUntil: null });
    expect(list.find((u) => u.uact === 'dlgh99001')?.units).toBe(0);
    expect((await unions({ uniType: '93' })).list.map((u) => u.uact)).toEqual(['hygh93001']);
    expect((await unions({ keyword: '高新区' })).list.map((u) => u.uact)).toEqual(['lhgh92001']);
    expect((await call(OpsPath.opsUnionTree, { uniType: '91' })).message).toBe('工会类型只能是 92、93 或 99');
  });

  it('offers the districts the unions are in, by name, and filters by one', async () => {
    const { districts } = (await call(OpsPath.opsUnionTree, {})).data as { districts: { code: string; name: string }[] };
    const all = (await unions({})).list as (Row & { regionCode: string | null })[];
    expect(districts.map((d) => d.code)).toEqual([...new Set(all.map((u) => u.regionCode).filter(Boolean))].sort());
    expect(districts.every((d) => /^\d{6}$/.test(d.code) && d.name !== d.code && /[区县市]$/.test(d.name))).toBe(true);
    for (const { code } of districts) {
      const { list } = await unions({ regionCode: code });
      expect(list.map((u) => u.uact)).toEqual(all.filter((u) => u.regionCode === code).map((u) => u.uact));
    }
    expect((await unions({ regionCode: '650102' })).list).toEqual([]);
    expect((await call(OpsPath.opsUnionTree, { regionCode: '4301' })).message).toBe('行政区划须为6位数字');
  });

  it('pages by id, 20 a page, the next page after the last id', async () => {
    await addUnits(null, 25, 'pgh');
    const first = await unions({ keyword: 'pgh' });
    expect(first.list).toHaveLength(20);
    expect(first.next).toBe(first.list[19].unitId);
    const second = await unions({ keyword: 'pgh', after: first.next });
    expect(second.list.map((u) => u.uact)).toEqual(['pgh20', 'pgh21', 'pgh22', 'pgh23', 'pgh24']);
    expect(second.next).toBeNull();
  });
});

describe('a union’s units', () => {
  it('answers its own units with their states, never another union’s', async () => {
    const union92 = await unionOf('lhgh92001');
    const union93 = await unionOf('hygh93001');
    const of92 = (await unitsOf(union92.unitId)).list;
    expect(of92.map((u) => u.uact)).toEqual(['qydw92101', 'qydw92102']);
    expect(of92[1]).toMatchObject({ name: '长沙市远航物流有限公司', notifyState: '0', authState: null, status: 'active' });
    const of93 = (await unitsOf(union93.unitId)).list;
    expect(of93.map((u) => u.uact)).toEqual(['fhgh93101', 'fhgh93102']);
    expect(of93.map((u) => u.authState)).toEqual(['1', '2']);
  });

  it('pages a large union, and refuses a unit that is not a union', async () => {
    const union = await unionOf('dlgh99001');
    await addUnits(union.unitId, 23, 'sub');
    const first = await unitsOf(union.unitId);
    expect(first.list).toHaveLength(20);
    const second = await unitsOf(union.unitId, first.next ?? undefined);
    expect(second).toMatchObject({ next: null });
    expect(second.list.map((u) => u.uact)).toEqual(['sub20', 'sub21', 'sub22']);
    const enterprise = (await unitsOf((await unionOf('lhgh92001')).unitId)).list[0];
    expect((await call(OpsPath.opsUnionUnits, { unionId: enterprise.unitId })).message).toBe('工会不存在');
    expect((await call(OpsPath.opsUnionUnits, {})).message).toBe('请选择工会');
  });
});

describe('the workers’ accounts', () => {
  it('lists them with the ID number and the phone masked; finds one by the whole ID number or name', async () => {
    const all = (await call(OpsPath.opsPersonAccountList, {})).data;
    expect(all.list.length).toBeGreaterThan(0);
    const li = all.list.find((p: { name: string }) => p.name === '李华');
    expect(li).toMatchObject({ certNo: '4301**********0022', phone: '138****0001', status: 'active' });
    expect(JSON.stringify(all)).not.toContain(LI_HUA);
    expect(JSON.stringify(all)).not.toContain('13807310001');
    expect((await call(OpsPath.opsPersonAccountList, { keyword: LI_HUA })).data.list.map((p: { name: string }) => p.name)).toEqual([
      '李华',
    ]);
    expect((await call(OpsPath.opsPersonAccountList, { keyword: '李华' })).data.list).toHaveLength(1);
    expect((await call(OpsPath.opsPersonAccountList, { keyword: '李' })).data.list).toEqual([]);
  });
});

describe('an account’s detail', () => {
  it('shows the unit, its state and its history: the failed logins, the lock and the unlock with its reason', async () => {
    for (let i = 0; i < 5; i++) await hall.loginUnit('qydw92102', 'Wrong@2026x');
    const unit = (await unitsOf((await unionOf('lhgh92001')).unitId)).list[1];
    const locked = (await call(OpsPath.opsAccountDetail, { accountId: unit.accountId })).data;
    expect(locked.account).toMatchObject({ loginType: 'unit', login: 'qydw92102', status: 'active' });
    expect(locked.account.lockedUntil).not.toBeNull();
    expect(locked.unit).toMatchObject({ level: 2, parentName: '长沙市高新区联合基层工会', notifyState: '0' });
    expect(locked.history.map((h: { what: string }) => h.what)).toEqual(['登录锁定', '登录失败', '登录失败', '登录失败', '登录失败']);
    expect(locked.history[1]).toMatchObject({ by: '未登录用户', note: '第 4 次失败，IP 127.0.0.1' });

    expect((await call(OpsPath.opsAccountUnlock, { accountId: unit.accountId, reason: '经办人来电核实' })).code).toBe(0);
    expect((await hall.loginUnit('qydw92102')).code).toBe(0);
    const after = (await call(OpsPath.opsAccountDetail, { accountId: unit.accountId }, auditor)).data;
    expect(after.account.lockedUntil).toBeNull();
    expect(after.account.lastLoginAt).not.toBeNull();
    expect(after.history.slice(0, 2)).toMatchObject([
      { what: '登录', by: '本人' },
      { what: '解除锁定', by: '管理员甲', note: '经办人来电核实' },
    ]);
  });

  it('keeps the history to the account: another account’s unlock is not in it', async () => {
    const union = await unionOf('lhgh92001');
    const mine = (await call(OpsPath.opsAccountDetail, { accountId: union.accountId })).data;
    expect(mine.history.map((h: { what: string }) => h.what)).not.toContain('解除锁定');
    expect(mine.unit).toMatchObject({ level: 1, uniType: '92', parentName: null });
  });

  it('masks a worker’s ID number and phone; an unknown account is refused in words', async () => {
    const [li] = (await call(OpsPath.opsPersonAccountList, { keyword: LI_HUA })).data.list;
    const detail = (await call(OpsPath.opsAccountDetail, { accountId: li.accountId })).data;
    expect(detail.account).toMatchObject({ loginType: 'personal', login: '4301**********0022', name: '李华' });
    expect(detail.person).toEqual({ certNo: '4301**********0022', phone: '138****0001' });
    expect(JSON.stringify(detail)).not.toContain(LI_HUA);
    expect((await call(OpsPath.opsAccountDetail, { accountId: 999_999 })).message).toBe('账号不存在');
    expect((await call(OpsPath.opsAccountDetail, { accountId: 'x' })).message).toBe('请选择账号');
  });

  it('the reviewer reads none of it', async () => {
    for (const path of [OpsPath.opsUnionTree, OpsPath.opsPersonAccountList, OpsPath.opsAccountDetail]) {
      expect((await call(path, { accountId: 1 }, reviewer)).message).toBe(NO_PERMISSION);
    }
  });
});
