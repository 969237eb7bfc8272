import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { ok, renderConsole } from '../../test/render';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));

const admin = { loginName: 'ops-admin', name: '管理员', roles: ['admin' as const], mustChangePassword: false };
const auditor = { loginName: 'ops-audit', name: '审计员', roles: ['auditor' as const], mustChangePassword: false };
const row = (accountId: number, login: string, name: string, roles: string[]) => ({
  accountId,
  loginType: 'operator',
  login,
  name,
  status: 'active',
  lockedUntil: null,
  roles,
  mustChangePassword: false,
});
const called = (name: string) => requests.call.mock.calls.filter(([call]) => call.name === name);

beforeEach(() => {
  onScreenWidth(1366);
  requests.call.mockReset().mockImplementation(async (call: { name: string }) => {
    if (call.name === 'opsOperatorList')
      return ok({ list: [row(1, 'ops-admin', '管理员', ['admin']), row(2, 'ops-review', '审核员', ['reviewer'])] });
    if (call.name === 'opsOperatorCreate')
      return ok({ login: 'ops-new', name: '新同事', roles: ['finance', 'data'], password: 'Fp9!kd2Q' });
    if (call.name === 'opsOperatorRoles') return ok({ login: 'ops-review', roles: ['reviewer', 'auditor'] });
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('操作员', () => {
  it('新建操作员 needs a role, sends the checked roles and shows the first password once', async () => {
    const user = userEvent.setup();
    renderConsole('/operators', admin);
    await user.click(await screen.findByTestId('operator-new'));
    await user.type(screen.getByTestId('operator-login'), 'ops-new');
    await user.type(screen.getByTestId('operator-name'), '新同事');
    await user.click(screen.getByTestId('operator-confirm'));
    expect(await screen.findByText('请至少选择一个角色')).toBeTruthy();
    await user.click(screen.getByLabelText('财务'));
    await user.click(screen.getByLabelText('数据管理'));
    await user.click(screen.getByTestId('operator-confirm'));
    await waitFor(() =>
      expect(called('opsOperatorCreate')[0]?.[1]).toEqual({ login: 'ops-new', name: '新同事', roles: ['finance', 'data'] }),
    );
    expect((await screen.findByTestId('one-time-password')).textContent).toContain('Fp9!kd2Q');
  });

  it("设置角色 of another operator, never one's own", async () => {
    const user = userEvent.setup();
    renderConsole('/operators', admin);
    await user.click(await screen.findByTestId('roles-ops-review'));
    expect(screen.queryByTestId('roles-ops-admin')).toBeNull();
    await user.click(screen.getByLabelText('审计'));
    await user.click(screen.getByTestId('operator-confirm'));
    await waitFor(() => expect(called('opsOperatorRoles')[0]?.[1]).toEqual({ login: 'ops-review', roles: ['reviewer', 'auditor'] }));
  });

  it('the auditor reads the operators without 新建 or 设置角色', async () => {
    renderConsole('/operators', auditor);
    expect(await screen.findByText('审核员')).toBeTruthy();
    expect(screen.queryByTestId('operator-new')).toBeNull();
    expect(screen.queryByTestId('roles-ops-review')).toBeNull();
  });
});
