import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { ok, renderConsole } from '../../test/render';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));

const admin = { loginName: 'ops-admin', name: '管理员', roles: ['admin' as const], mustChangePassword: false };
const auditor = { loginName: 'ops-audit', name: '审计员', roles: ['auditor' as const], mustChangePassword: false };
const locked = {
  accountId: 7,
  loginType: 'unit',
  login: 'demo01',
  name: '长沙市示范公司',
  status: 'active',
  lockedUntil: '2099-01-01T00:00:00.000Z',
  roles: [],
  mustChangePassword: false,
};
const called = (name: string) => requests.call.mock.calls.filter(([call]) => call.name === name);

beforeEach(() => {
  onScreenWidth(1366);
  requests.call.mockReset().mockImplementation(async (call: { name: string }) => {
    if (call.name === 'opsAccountFind') return ok({ list: [locked] });
    if (call.name === 'opsAccountUnlock') return ok(null);
    if (call.name === 'opsAccountReset') return ok({ login: 'demo01', password: 'Xk7#pQ2m' });
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('账号管理', () => {
  it('finds by the keyword given with Enter (kept in the URL) and shows the lock', async () => {
    const user = userEvent.setup();
    const router = renderConsole('/accounts?tab=find', admin);
    await user.type(await screen.findByPlaceholderText('单位账号、统一社会信用代码或名称'), ' demo01 {Enter}');
    expect(await screen.findByText('长沙市示范公司')).toBeTruthy();
    expect(screen.getByText('锁定至', { exact: false })).toBeTruthy();
    expect(router.state.location.search).toBe('?type=unit&q=demo01');
    expect(called('opsAccountFind')[0][1]).toEqual({ loginType: 'unit', keyword: 'demo01' });
  });

  it('解锁 needs its reason, then sends it with the account', async () => {
    const user = userEvent.setup();
    renderConsole('/accounts?type=unit&q=demo01', admin);
    await user.click(await screen.findByTestId('unlock-7'));
    await user.click(await screen.findByTestId('reason-confirm'));
    expect(await screen.findByText('请输入办理原因')).toBeTruthy();
    expect(called('opsAccountUnlock')).toHaveLength(0);
    await user.type(screen.getByTestId('reason-text'), '单位来电，核实身份');
    await user.click(screen.getByTestId('reason-confirm'));
    await waitFor(() => expect(called('opsAccountUnlock')[0]?.[1]).toEqual({ accountId: 7, reason: '单位来电，核实身份' }));
  });

  it('重置密码 shows the new password, with a copy button', async () => {
    const user = userEvent.setup();
    renderConsole('/accounts?type=unit&q=demo01', admin);
    await user.click(await screen.findByTestId('reset-7'));
    await user.type(await screen.findByTestId('reason-text'), '忘记密码');
    await user.click(screen.getByTestId('reason-confirm'));
    const shown = await screen.findByTestId('one-time-password');
    expect(shown.textContent).toContain('Xk7#pQ2m');
    expect(within(shown).getByRole('button', { name: /复制/ })).toBeTruthy();
  });

  it('the auditor reads the accounts without any action', async () => {
    renderConsole('/accounts?type=unit&q=demo01', auditor);
    expect(await screen.findByText('长沙市示范公司')).toBeTruthy();
    expect(screen.queryByTestId('unlock-7')).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
  });
});
