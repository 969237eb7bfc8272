import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, Code, NO_PERMISSION, OpsPath } from '@hall/shared';
import ExcelJS from 'exceljs';
import { auditLog } from '../../db/schema';
import { createTestHall, type TestHall } from '../../test/harness';
import { makeOperator, OPERATOR_PASSWORD, operatorTools } from '../../test/operator-tools';

/*
 * The administrator's accounts and the audit log in the back office (/ops/api/accounts, operators,
 * audit): accounts named by id, each action with its reason audited, a worker's ID number masked
 * in every answer; the auditor reads the log, the reviewer does not.
 */

let hall: TestHall;
let admin: string;
let auditor: string;
let reviewer: string;
const LI_HUA = '430102198503150022';
const call = (path: string, body: unknown, token = admin) => hall.post(path, body, token);
const find = async (loginType: string, keyword: string) => (await call(OpsPath.opsAccountFind, { loginType, keyword })).data.list;

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

describe('finding accounts', () => {
  it('a unit by account or a part of its name, a worker by the whole ID number (masked), an operator by name', async () => {
    expect((await find('unit', 'qydw92101')).map((a: { login: string }) => a.login)).toEqual(['qydw92101']);
    expect((await find('unit', '星辰科技'))[0]).toMatchObject({ login: 'qydw92101', status: 'active', lockedUntil: null });
    const [worker] = await find('personal', LI_HUA);
    expect(worker).toMatchObject({ loginType: 'personal', name: '李华' });
    expect(worker.login).not.toContain('198503');
    expect(await find('personal', '李华')).toEqual([]);
    expect((await find('operator', '审计员乙'))[0]).toMatchObject({ login: 'audit.op', roles: ['auditor'] });
    expect((await call(OpsPath.opsAccountFind, { loginType: 'unit', keyword: '' })).message).toContain('查询内容');
  });
});

describe('acting on an account', () => {
  it('unlocks a locked unit, with the reason in the audit row', async () => {
    for (let i = 0; i < 5; i++) await hall.loginUnit('qydw92102', 'Wrong@2026x');
    const [locked] = await find('unit', 'qydw92102');
    expect(locked.lockedUntil).not.toBeNull();
    expect((await call(OpsPath.opsAccountUnlock, { accountId: locked.accountId })).message).toContain('办理原因');
    expect((await call(OpsPath.opsAccountUnlock, { accountId: locked.accountId, reason: '单位经办人来电核实身份' })).code).toBe(0);
    expect((await hall.loginUnit('qydw92102')).code).toBe(0);
    const log = (await call(OpsPath.opsAuditList, { action: 'operator' }, auditor)).data.list;
    expect(log[0].detail).toMatchObject({
      command: 'account-unlock',
      login: 'qydw92102',
      reason: '单位经办人来电核实身份',
      operatorName: '管理员甲',
    });
  });

  it('resets a worker’s password: the new one works, the answer and the audit row mask the ID number', async () => {
    const [worker] = await find('personal', LI_HUA);
    const reset = await call(OpsPath.opsAccountReset, { accountId: worker.accountId, reason: '本人持身份证到窗口申请' });
    expect(reset.data.login).toBe(worker.login);
    expect((await hall.loginPersonal(LI_HUA, reset.data.password)).code).toBe(0);
    const log = (await call(OpsPath.opsAuditList, { action: 'operator' })).data.list;
    expect(JSON.stringify(log)).not.toContain(LI_HUA);
  });

  it('disables a unit (its session ends at the next call) and enables it again', async () => {
    const login = await hall.loginUnit('fhgh93101');
    expect(login.code, login.message).toBe(0);
    const token = login.data.accessToken;
    const [unit] = await find('unit', 'fhgh93101');
    expect((await call(OpsPath.opsAccountDisable, { accountId: unit.accountId, reason: '单位注销' })).code).toBe(0);
    expect((await hall.post(ApiPath.mailPage, {}, token)).code).toBe(Code.ACCOUNT_LOCKED);
    expect((await find('unit', 'fhgh93101'))[0].status).toBe('disabled');
    expect((await call(OpsPath.opsAccountEnable, { accountId: unit.accountId, reason: '误操作恢复' })).code).toBe(0);
    expect((await hall.loginUnit('fhgh93101')).code).toBe(0);
  });

  it('an administrator does not disable or reset its own account, nor set its own roles', async () => {
    const [self] = await find('operator', 'admin.op');
    expect((await call(OpsPath.opsAccountDisable, { accountId: self.accountId, reason: 'x' })).message).toContain('不能对本人的账号');
    expect((await call(OpsPath.opsOperatorRoles, { login: 'admin.op', roles: ['admin', 'finance'] })).message).toContain(
      '不能修改本人的角色',
    );
    expect((await call(OpsPath.opsAccountUnlock, { accountId: 999_999, reason: 'x' })).message).toBe('账号不存在');
  });
});

describe('operators', () => {
  it('creates an operator whose first password is changed at the first login; another admin sets its roles', async () => {
    const created = await call(OpsPath.opsOperatorCreate, { login: 'new.op', name: '新财务', roles: ['finance'] });
    expect(created.data).toMatchObject({ login: 'new.op', roles: ['finance'] });
    const list = (await call(OpsPath.opsOperatorList, {})).data.list;
    expect(list.find((o: { login: string }) => o.login === 'new.op')).toMatchObject({ mustChangePassword: true, roles: ['finance'] });
    expect((await call(OpsPath.opsOperatorRoles, { login: 'new.op', roles: ['finance', 'data'] })).data.roles).toEqual(['finance', 'data']);
    expect((await call(OpsPath.opsOperatorCreate, { login: 'x.op', name: '某', roles: [] })).message).toBe('请至少选择一个角色');
  });
});

describe('the audit log', () => {
  it('the administrator and the auditor read it, newest first in pages; the reviewer is refused', async () => {
    const at = hall.app.hall.clock.now();
    await hall.db
      .insert(auditLog)
      .values(Array.from({ length: 60 }, (_, i) => ({ at, actorKind: 'unit', actorKey: 'qydw92101', action: 'login', detail: { n: i } })));
    const first = (await call(OpsPath.opsAuditList, {}, auditor)).data;
    expect(first.list).toHaveLength(50);
    expect(first.list[0].id).toBeGreaterThan(first.list[49].id);
    const second = (await call(OpsPath.opsAuditList, { before: first.next }, auditor)).data;
    expect(second.list[0].id).toBeLessThan(first.list[49].id);
    const mine = (await call(OpsPath.opsAuditList, { actor: 'admin.op' })).data.list;
    expect(mine.every((r: { actorKey: string }) => r.actorKey === 'admin.op')).toBe(true);
    expect((await call(OpsPath.opsAuditList, {}, reviewer)).message).toBe(NO_PERMISSION);
    // The auditor changes nothing.
    expect((await call(OpsPath.opsAccountUnlock, { accountId: 1, reason: 'x' }, auditor)).message).toBe(NO_PERMISSION);
  });

  it('exports the filtered log as Excel, readable and masked, every row across the chunks; the reviewer is refused', async () => {
    const at = hall.app.hall.clock.now();
    await hall.db
      .insert(auditLog)
      .values(Array.from({ length: 600 }, (_, i) => ({ at, actorKind: 'unit', actorKey: 'chunk01', action: 'login', detail: { n: i } })));
    const sheet = async (body: Record<string, unknown>, token = auditor) => {
      const file = await hall.download(OpsPath.opsAuditExport, body, token);
      expect(file.answer?.message).toBeUndefined();
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.bytes as never);
      const rows = book.worksheets[0].getSheetValues().slice(2) as unknown[][];
      return rows.map((row) => row.slice(1).map((cell) => (cell instanceof Date ? cell : String(cell ?? ''))));
    };
    const chunked = await sheet({ actor: 'chunk01' });
    expect(chunked).toHaveLength(600);
    expect(chunked.map((row) => row[4])).toEqual(Array.from({ length: 600 }, (_, i) => `n：${599 - i}`));
    expect(chunked[0].slice(1, 4)).toEqual(['单位', 'chunk01', '登录']);
    const admins = await sheet({ actor: 'admin.op', action: 'operator' }, admin);
    expect(admins.map((row) => row[4])).toContain(
      '操作：解除锁定；账号：qydw92102；原因：单位经办人来电核实身份；账号编号：5；账号类型：单位；操作员：管理员甲',
    );
    expect(admins.map((row) => row[4])).toContain('操作：设置角色；账号：new.op；角色：财务、数据管理；操作员：管理员甲');
    expect(JSON.stringify(await sheet({ action: 'operator' }))).not.toContain(LI_HUA);
    expect((await hall.download(OpsPath.opsAuditExport, {}, reviewer)).answer?.message).toBe(NO_PERMISSION);
  });
});
