import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eq } from 'drizzle-orm';
import { ApiPath, Code, checkNewPassword } from '@hall/shared';
import { accounts, auditLog } from '../db/schema';
import { accountDetail } from '../modules/accounts/account-lists.service';
import { generatePassword } from '../modules/accounts/accounts.service';
import { createTestHall, type TestHall } from '../test/harness';
import { commands, helpText, UsageError } from './commands';

let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

const run = (name: string, flags: Record<string, string | boolean>) => commands[name].run(hall.app.hall, flags, 'tester');

describe('create-unit', () => {
  it('creates a level-2 unit under a union; it can log in with the printed password', async () => {
    const out = await run('create-unit', { uact: 'newunit2026', name: '示范新企业', level: '2', parent: 'lhgh92001', insured: true });
    const password = out.match(/初始密码：(\S+)（/)![1];
    expect(checkNewPassword(password)).toBeNull();
    const login = await hall.loginUnit('newunit2026', password);
    expect(login.data.user).toEqual({ uact: 'newunit2026', psnName: '示范新企业', uactLevel: 2, uniType: '' });
  });

  it.each([
    [{ uact: 'newunit2026', name: 'x', level: '2', parent: 'lhgh92001' }, '账号已存在：newunit2026'],
    [{ uact: 'top2026aa', name: 'x', level: '1' }, '一级单位必须指定工会类型 92、93 或 99'],
    [{ uact: 'child2026a', name: 'x', level: '2', parent: 'dlgh99001' }, '独立基层工会（99）下不设二级单位'],
    [{ uact: 'child2026b', name: 'x', level: '2', parent: 'nobody' }, '上级工会不存在：nobody'],
    [{ uact: 'child2026c', name: 'x', level: '2', parent: 'lhgh92001', uscc: '91350100M000100Y44' }, '请输入正确的统一社会信用代码'],
    [{ uact: 'child2026d', name: 'x', level: '2', parent: 'lhgh92001', password: 'weak' }, '密码格式错误'],
  ])('refuses %j', async (flags, message) => {
    await expect(run('create-unit', flags)).rejects.toThrow(message);
  });

  it('names a missing flag', async () => {
    await expect(run('create-unit', { uact: 'x' })).rejects.toThrow(UsageError);
  });
});

describe('reset-password, unlock, disable, enable, sessions', () => {
  it('reset-password ends sessions and the new password logs in', async () => {
    const before = (await hall.loginPersonal('430103199007120044')).data.accessToken;
    const out = await run('reset-password', { type: 'personal', login: '430103199007120044', password: 'Reset#2026a' });
    expect(out).toContain('Reset#2026a');
    expect((await hall.get(ApiPath.userInfo, before)).code).toBe(Code.REFRESH_INVALID);
    expect((await hall.loginPersonal('430103199007120044', 'Reset#2026a')).code).toBe(0);
    await expect(run('reset-password', { login: 'nobody123' })).rejects.toThrow('账号不存在：nobody123');
  });

  it('unlock lifts a login lock', async () => {
    for (let i = 0; i < 5; i++) await hall.loginUnit('fhgh93101', 'Wrong@2026');
    expect((await hall.loginUnit('fhgh93101')).message).toMatch(/账号已锁定/);
    await run('unlock', { login: 'fhgh93101' });
    expect((await hall.loginUnit('fhgh93101')).code).toBe(0);
  });

  it('disable ends the session with 609046 and enable lets the account back in', async () => {
    const token = (await hall.loginUnit('hygh93001')).data.accessToken;
    await run('disable', { login: 'hygh93001' });
    expect((await hall.get(ApiPath.userInfo, token)).code).toBe(Code.ACCOUNT_LOCKED);
    expect((await hall.loginUnit('hygh93001')).message).toBe('账号已被停用，请联系市总工会');
    await run('enable', { login: 'hygh93001' });
    expect((await hall.loginUnit('hygh93001')).code).toBe(0);
  });

  it('sessions lists live sessions', async () => {
    await hall.loginUnit('dlgh99001');
    const out = await run('sessions', {});
    expect(out).toMatch(/在线会话 \d+ 个/);
    expect(out).toContain('dlgh99001');
  });

  it('every command is audited with the operator', async () => {
    const rows = await hall.db.select().from(auditLog).where(eq(auditLog.actorKind, 'operator'));
    expect(rows.map((r) => (r.detail as { command: string }).command)).toEqual(
      expect.arrayContaining(['create-unit', 'reset-password', 'unlock', 'disable', 'enable']),
    );
    expect(rows.every((r) => r.actorKey === 'tester')).toBe(true);
  });

  it('each account action shows in that account’s history, as the console’s do (by its id)', async () => {
    const [{ id }] = await hall.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.loginName, 'hygh93001'));
    await run('unlock', { login: 'hygh93001' });
    await run('reset-password', { login: 'hygh93001' });
    const { history } = await accountDetail(hall.app.hall, id);
    const byTester = history.filter((h) => h.by === 'tester').map((h) => h.what);
    expect(byTester).toEqual(expect.arrayContaining(['停用账号', '启用账号', '解除锁定', '重置密码']));
    // Another account's history holds none of them.
    const [other] = await hall.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.loginName, 'dlgh99001'));
    expect((await accountDetail(hall.app.hall, other.id)).history.filter((h) => h.by === 'tester')).toEqual([]);
  });
});

it('generated passwords pass the change-password rule', () => {
  for (let i = 0; i < 200; i++) expect(checkNewPassword(generatePassword())).toBeNull();
});

it('help lists every command', () => {
  for (const name of Object.keys(commands)) expect(helpText()).toContain(name);
});

it('the CLI runs as a process on the data directory, as an operator account (the first one made without)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hall-ops-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true })); // a 42 MB embedded database a run
  const cli = path.resolve(__dirname, 'ops.ts');
  const { HALL_OPERATOR: _unset, ...rest } = process.env;
  const env = { ...rest, HALL_DATA_DIR: dataDir };
  const first = execFileSync(
    'npx',
    ['tsx', cli, 'operator-create', '--login', 'first.op', '--name', '首位操作员', '--password', 'Oper@2026ab', '--role', 'admin'],
    {
      env,
      encoding: 'utf8',
    },
  );
  expect(first).toContain('已创建操作员账号 first.op（首位操作员，系统管理）');
  const out = execFileSync(
    'npx',
    ['tsx', cli, 'create-unit', '--uact', 'cliunit2026', '--name', '命令行单位', '--level', '1', '--uni-type', '99'],
    { env: { ...env, HALL_OPERATOR: 'first.op' }, encoding: 'utf8' },
  );
  expect(out).toContain('已创建单位账号 cliunit2026');
  expect(execFileSync('npx', ['tsx', cli, 'sessions'], { env, encoding: 'utf8' })).toContain('当前没有在线会话');
}, 60_000);
