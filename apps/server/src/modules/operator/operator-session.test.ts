import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, Code, OPERATOR_FIRST_PASSWORD, OpsPath, REFRESH_TOKEN_HEADER } from '@hall/shared';
import { auditLog } from '../../db/schema';
import { createTestHall, type TestHall } from '../../test/harness';
import { makeOperator, OPERATOR_PASSWORD, operatorTools } from '../../test/operator-tools';

/**
 * The operator HTTP API: operator accounts of their own (login type 'operator'), the portal's
 * login machinery, and a strict wall between operator sessions and the portal's routes.
 */
let hall: TestHall;
let op: string;
let unitToken: string;
let personToken: string;
const PASSWORD = OPERATOR_PASSWORD;
const { run, opsLogin, lastAudit } = operatorTools(() => hall);

beforeAll(async () => {
  hall = await createTestHall();
  const out = await makeOperator(hall, { login: 'zhang.wei', name: '张伟', password: PASSWORD, role: 'admin' });
  expect(out).toContain('已创建操作员账号 zhang.wei（张伟，系统管理）');
  op = (await opsLogin('zhang.wei')).data.accessToken;
  unitToken = (await hall.loginUnit('qydw92101')).data.accessToken;
  personToken = (await hall.loginPersonal('430102198503150022')).data.accessToken;
});
afterAll(() => hall.close());

describe('operator accounts and login', () => {
  it('operator-create makes an account that logs in at /ops/api/login; /ops/api/me names the operator', async () => {
    const res = await opsLogin('zhang.wei');
    expect(res).toMatchObject({ code: 0, data: { operator: { loginName: 'zhang.wei', name: '张伟', roles: ['admin'] } } });
    op = res.data.accessToken;
    expect((await hall.post(OpsPath.opsMe, {}, op)).data).toEqual({
      loginName: 'zhang.wei',
      name: '张伟',
      roles: ['admin'],
      mustChangePassword: false,
    });
    expect(await run('operator-list', {})).toMatch(/zhang\.wei\s+启用\s+张伟\s+系统管理/);
  });

  it.each([
    [{ login: 'zhang.wei', name: '张伟二', role: 'admin' }, '操作员账号已存在：zhang.wei'],
    [{ login: 'zhangwei2', name: '张伟', role: 'admin' }, '已有同名操作员：张伟'],
    [{ login: '1abc', name: '李四', role: 'admin' }, '操作员账号须以字母开头'],
    [{ login: 'lisi', name: '李四', role: 'admin', password: 'weak' }, '密码格式错误'],
    [{ login: 'lisi', name: '李四', role: 'boss' }, '未知角色：boss'],
    [{ login: 'lisi', name: '李四' }, '请指定操作员的角色'],
  ])('operator-create refuses %j', async (flags, message) => {
    await expect(run('operator-create', flags)).rejects.toThrow(message);
  });

  it('the operator login takes operator accounts only, and a portal login does not take an operator', async () => {
    expect((await opsLogin('qydw92101', 'Demo@2026')).message).toMatch(/^账号或密码错误/);
    expect((await hall.loginUnit('zhang.wei', PASSWORD)).message).toMatch(/^账号或密码错误/);
    expect(
      (
        await hall.post(OpsPath.opsLogin, {
          username: 'zhang.wei',
          password: PASSWORD,
          captchaId: await hall.captcha(),
          captchaCode: '0000',
        })
      ).code,
    ).toBe(Code.FAIL);
  });

  it('a first password (and a reset one) is changed before anything else; the session goes on after the change', async () => {
    await run('operator-create', { login: 'first.op', name: '新来的', password: PASSWORD, role: 'admin' });
    const login = await opsLogin('first.op');
    expect(login.data.operator.mustChangePassword).toBe(true);
    const token = login.data.accessToken;
    expect(await hall.post(OpsPath.opsNoticeList, {}, token)).toMatchObject({ code: Code.FAIL, message: OPERATOR_FIRST_PASSWORD });
    expect((await hall.post(OpsPath.opsMe, {}, token)).data.mustChangePassword).toBe(true);
    const change = (oldPassword: string, newPassword: string) => hall.post(OpsPath.opsPasswordChange, { oldPassword, newPassword }, token);
    expect((await change('Wrong@2026x', 'Next@2026cd')).message).toBe('原密码错误');
    expect((await change(PASSWORD, 'weak')).message).toMatch(/^密码格式错误/);
    expect((await change(PASSWORD, PASSWORD)).message).toBe('新密码不能与原密码相同');
    expect((await change(PASSWORD, 'Next@2026cd')).code).toBe(0);
    expect((await hall.post(OpsPath.opsNoticeList, {}, token)).code).toBe(0);
    expect((await opsLogin('first.op', 'Next@2026cd')).data.operator.mustChangePassword).toBe(false);
    // A reset by the administrator gives a password someone else knows: changed first again.
    await run('reset-password', { type: 'operator', login: 'first.op', password: 'Reset@2026ef' });
    const again = await opsLogin('first.op', 'Reset@2026ef');
    expect(again.data.operator.mustChangePassword).toBe(true);
    expect((await hall.post(OpsPath.opsNoticeList, {}, again.data.accessToken)).message).toBe(OPERATOR_FIRST_PASSWORD);
  });

  it('five wrong passwords lock the operator for 30 minutes; unlock --type operator lifts it', async () => {
    await run('operator-create', { login: 'wang.fang', name: '王芳（业务科）', password: PASSWORD, role: 'reviewer' });
    for (let i = 1; i <= 4; i++) expect((await opsLogin('wang.fang', 'Wrong@2026x')).message).toContain(`再失败${5 - i}次`);
    expect((await opsLogin('wang.fang', 'Wrong@2026x')).message).toMatch(/登录失败次数过多，账号已锁定，请30分钟后再试/);
    expect((await opsLogin('wang.fang')).message).toMatch(/账号已锁定/);
    await run('unlock', { type: 'operator', login: 'wang.fang' });
    expect((await opsLogin('wang.fang')).code).toBe(0);
  });

  it('a disabled operator is refused at once', async () => {
    await run('operator-create', { login: 'li.na', name: '李娜', password: PASSWORD, role: 'finance' });
    const token = (await opsLogin('li.na')).data.accessToken;
    await run('disable', { type: 'operator', login: 'li.na' });
    expect((await hall.post(OpsPath.opsMe, {}, token)).code).toBe(Code.ACCOUNT_LOCKED);
    expect((await opsLogin('li.na')).message).toBe('账号已被停用，请联系市总工会');
  });
});

describe('the wall between operator and portal sessions', () => {
  it('an operator token is refused on unit, personal and any-user routes, and the refusal is audited', async () => {
    for (const [path, method] of [
      [ApiPath.selectUnitInfo, 'post'],
      [ApiPath.mailPage, 'post'],
      [ApiPath.todoList, 'post'],
      [ApiPath.userInfo, 'get'],
      [ApiPath.personalLogout, 'get'],
    ] as const) {
      const res = method === 'get' ? await hall.get(path, op) : await hall.post(path, {}, op);
      expect(res, path).toMatchObject({ code: Code.FAIL, message: '后台操作员账号不能办理网上服务大厅的业务，请使用单位或个人账号登录' });
    }
    const row = await lastAudit('zhang.wei');
    expect(row).toMatchObject({ actorKind: 'operator', action: 'permission-refused' });
  });

  it('an operator token is refused on a public route that reads the token (a private download)', async () => {
    const res = await hall.download(ApiPath.fileDownload, { fileId: '0b5c2f0e-6a43-4f5e-9a37-1f0c6f7f1a2b' }, op);
    expect(res.answer?.code).toBe(Code.FAIL);
  });

  it('unit and personal tokens are refused on every operator route; no token answers 600003', async () => {
    for (const token of [unitToken, personToken]) {
      for (const path of [OpsPath.opsMe, OpsPath.opsRegistrationList, OpsPath.opsMailSend, OpsPath.opsLogout]) {
        expect(await hall.post(path, {}, token), path).toMatchObject({ code: Code.FAIL, message: '该功能仅限市总工会后台操作员使用' });
      }
    }
    expect((await lastAudit('qydw92101'))?.action).toBe('permission-refused');
    expect((await hall.post(OpsPath.opsMe, {})).code).toBe(Code.NO_TOKEN);
    // The unit's session itself is untouched.
    expect((await hall.post(ApiPath.mailPage, {}, unitToken)).code).toBe(0);
  });

  it('each side refreshes its own sessions only; a refused token is not spent', async () => {
    const opLogin = await opsLogin('zhang.wei');
    const unitLogin = await hall.loginUnit('qydw92101');
    unitToken = unitLogin.data.accessToken;
    const opsRefresh = (token: string) =>
      hall.app
        .inject({ method: 'POST', url: `/api${OpsPath.opsRefreshToken}`, headers: { [REFRESH_TOKEN_HEADER]: token } })
        .then((r) => JSON.parse(r.body));
    expect((await hall.refresh(opLogin.data.refreshToken)).code).toBe(Code.REFRESH_INVALID);
    expect((await opsRefresh(unitLogin.data.refreshToken)).code).toBe(Code.REFRESH_INVALID);
    const renewed = await opsRefresh(opLogin.data.refreshToken);
    expect(renewed.code).toBe(0);
    const unitRenewed = await hall.refresh(unitLogin.data.refreshToken);
    expect(unitRenewed.code).toBe(0);
    unitToken = unitRenewed.data.accessToken;
    op = (await opsLogin('zhang.wei')).data.accessToken;
  });

  it('logout ends the operator session', async () => {
    const token = (await opsLogin('wang.fang')).data.accessToken;
    expect((await hall.post(OpsPath.opsLogout, {}, token)).code).toBe(0);
    expect((await hall.post(OpsPath.opsMe, {}, token)).code).toBe(Code.NO_TOKEN);
  });
});

describe('mail send', () => {
  it('sends an in-site message to a unit and to a person, audited in the operator’s name (as the CLI’s message-send)', async () => {
    const send = { to: 'qydw92101', title: '请核对2027年度参保人员', content: '请于12月20日前核对。' };
    expect((await hall.post(OpsPath.opsMailSend, send, op)).data).toMatchObject({ kind: 'unit', key: 'qydw92101' });
    const inbox = await hall.post(ApiPath.mailPage, { readFlag: '0' }, unitToken);
    expect(inbox.data.list[0]).toMatchObject({ title: '请核对2027年度参保人员', sender: '长沙市总工会' });
    expect(await lastAudit('zhang.wei')).toMatchObject({ actorKind: 'operator', action: 'operator' });
    expect((await lastAudit('zhang.wei'))?.detail).toMatchObject({ command: 'message-send', to: 'qydw92101' });

    const toPerson = { ...send, to: '430102198503150022', title: '个人消息' };
    expect((await hall.post(OpsPath.opsMailSend, toPerson, op)).data).toMatchObject({ kind: 'personal', name: '李华' });
    expect((await hall.post(ApiPath.mailPage, { readFlag: '0' }, personToken)).data.list[0].title).toBe('个人消息');
  });

  it('refuses an unknown recipient and bad input, sending nothing', async () => {
    const count = async () =>
      (
        await hall.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.actorKey, 'zhang.wei'), eq(auditLog.action, 'operator')))
      ).length;
    const before = await count();
    const base = { to: 'nobody99', title: 't', content: 'c' };
    expect((await hall.post(OpsPath.opsMailSend, base, op)).message).toBe('收件人不存在：nobody99（请填写单位账号或个人身份证号码）');
    expect((await hall.post(OpsPath.opsMailSend, { ...base, to: 'qydw92101', title: '' }, op)).message).toBe('请输入消息标题');
    expect(await count()).toBe(before);
  });
});
