import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RequestError } from '@hall/client/request.ts';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { ConsoleKey } from '../../lib/session';
import { ok, renderConsole, waiting } from '../../test/render';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));

const reviewer = { loginName: 'ops-review', name: '审核员', roles: ['reviewer' as const], mustChangePassword: false };
let logins: number;
let changed: boolean;

beforeEach(() => {
  logins = 0;
  changed = false;
  requests.call.mockReset().mockImplementation(async (call: { name: string }) => {
    if (call.name === 'captcha') return ok({ captchaId: `c-${logins}`, image: 'data:image/svg+xml;base64,PHN2Zy8+' });
    if (call.name === 'opsLogin') {
      logins += 1;
      if (logins === 1) throw new RequestError('用户名或密码错误，还可尝试4次', 'business', 1);
      return ok({ accessToken: 'access-1', refreshToken: 'refresh-1', operator: { ...reviewer, mustChangePassword: true } });
    }
    if (call.name === 'opsPasswordChange') {
      changed = true;
      return ok(null, '密码已修改');
    }
    if (call.name === 'opsMe') return ok({ ...reviewer, mustChangePassword: !changed });
    if (call.name === 'opsDashboard') return ok(waiting);
    throw new Error(`unexpected ${call.name}`);
  });
});

const callsOf = (name: string) => requests.call.mock.calls.filter(([call]) => call.name === name);

async function fillLogin(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByTestId('login-username'), 'ops-review');
  await user.type(screen.getByTestId('login-password'), 'Demo@2026');
  await user.type(screen.getByTestId('login-captcha'), '8888');
  await user.click(screen.getByTestId('login-submit'));
}

describe('login and the forced first password change', () => {
  it("shows the server's refusal, takes a new captcha, then allows nothing but the password change until it is done", async () => {
    onScreenWidth(1366);
    const user = userEvent.setup();
    renderConsole('/login');
    expect(await screen.findByAltText('验证码')).toBeTruthy();

    await fillLogin(user);
    expect((await screen.findByTestId('login-refusal')).textContent).toContain('用户名或密码错误，还可尝试4次');
    expect(callsOf('opsLogin')[0][1]).toEqual({ username: 'ops-review', password: 'Demo@2026', captchaCode: '8888', captchaId: 'c-0' });
    await waitFor(() => expect(callsOf('captcha').length).toBeGreaterThan(1)); // single use: a new one

    await user.type(screen.getByTestId('login-captcha'), '8888');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByRole('heading', { name: '修改初始密码' })).toBeTruthy();
    // The console's own keys, never the portal's.
    expect(sessionStorage.getItem(ConsoleKey.access)).toBe('access-1');
    expect(document.cookie).not.toContain('hall-token');
    expect(screen.queryByTestId('console-menu')).toBeNull();
    expect(callsOf('opsDashboard')).toHaveLength(0);

    await user.type(screen.getByTestId('password-old'), 'Demo@2026');
    await user.type(screen.getByTestId('password-new'), 'short');
    await user.type(screen.getByTestId('password-repeat'), 'short');
    await user.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('密码格式错误')).toBeTruthy();
    expect(callsOf('opsPasswordChange')).toHaveLength(0);

    await user.clear(screen.getByTestId('password-new'));
    await user.type(screen.getByTestId('password-new'), 'New@2026pw');
    await user.clear(screen.getByTestId('password-repeat'));
    await user.type(screen.getByTestId('password-repeat'), 'New@2026pw');
    await user.click(screen.getByTestId('password-submit'));
    expect(await screen.findByTestId('console-menu')).toBeTruthy();
    expect(callsOf('opsPasswordChange')[0][1]).toEqual({ oldPassword: 'Demo@2026', newPassword: 'New@2026pw' });
    expect(await screen.findByTestId('queue-registrations')).toBeTruthy();
  });
});
