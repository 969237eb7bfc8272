import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { PASSWORD_CHANGE_REDIRECT_MS } from '@hall/shared/constants.ts';
import { recordingNavigator, setPageNavigator } from '../../../lib/navigator';
import { StorageKey, TokenCookie } from '../../../lib/storage';
import { RequestError } from '../../../lib/request';
import { renderInShell, unitSession } from '../../../test/render';
import PasswordDialog from './PasswordDialog';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));
/** The answer of updatePassword, each test's own; every other call (the logout) answers at once. */
let passwordAnswer: Promise<unknown> = new Promise(() => {});
const callsOf = (name: string) => requests.call.mock.calls.filter(([c]) => c.name === name).map(([, body]) => body);

let recorder = recordingNavigator();
let restore = () => {};
beforeEach(() => {
  recorder = recordingNavigator();
  restore = setPageNavigator(recorder.navigator);
  requests.call
    .mockReset()
    .mockImplementation((call: { name: string }) =>
      call.name === 'updatePassword' ? passwordAnswer : Promise.resolve({ code: 0, data: null }),
    );
});
afterEach(() => restore());

const dialog = () => renderInShell(<PasswordDialog session={unitSession} open onClose={() => {}} />, { path: '/Home' });
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('password-submit'));
const messages = async (...texts: string[]) => {
  for (const text of texts) expect(await screen.findByText(text)).toBeTruthy();
};

describe('unit password dialog (R45, R31, R56)', () => {
  it('requires the three fields', async () => {
    dialog();
    submit();
    await messages('请输入原登录密码', '新登录密码不能为空', '请再次输入新密码');
    expect(callsOf('updatePassword')).toEqual([]);
  });

  it('refuses a new password without the current one (the server needs oldPwd)', async () => {
    dialog();
    expect(screen.getByLabelText('原登录密码')).toBe(screen.getByTestId('password-old'));
    type('password-new', 'Hall@20260');
    type('password-repeat', 'Hall@20260');
    submit();
    // The message shows once the validation has ended: a submission would have been made by then.
    await messages('请输入原登录密码');
    expect(callsOf('updatePassword')).toEqual([]);
  });

  it('checks the format and the repetition', async () => {
    dialog();
    type('password-new', 'abc12345');
    type('password-repeat', 'abc12346');
    submit();
    await messages('密码格式错误', '两次输入密码不一致');
  });

  it('success: 修改成功, server logout, session cleared, the gateway after 2 s', async () => {
    let changed: (answer: unknown) => void = () => {};
    passwordAnswer = new Promise((resolve) => (changed = resolve));
    Cookies.set(TokenCookie.access, 't');
    sessionStorage.setItem(StorageKey.loginType, 'unit');
    dialog();
    type('password-old', 'Demo@2026');
    type('password-new', 'Hall@20260');
    type('password-repeat', 'Hall@20260');
    submit();
    await waitFor(() => expect(callsOf('updatePassword')).toEqual([{ uact: 'lhgh92001', oldPwd: 'Demo@2026', pwd: 'Hall@20260' }]));
    // From the answer on, setTimeout is fake: the two seconds before the gateway are moved by
    // hand (Testing Library's own waits need the real one, so it is faked only for this stretch).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      changed({ code: 0, type: 'success', message: '', data: null });
      for (let i = 0; i < 100 && sessionStorage.getItem(StorageKey.loginType) !== null; i++) await Promise.resolve();
      expect(callsOf('unitLogout')).toHaveLength(1);
      expect(sessionStorage.getItem(StorageKey.loginType)).toBeNull();
      expect(Cookies.get(TokenCookie.access)).toBeUndefined();
      vi.advanceTimersByTime(PASSWORD_CHANGE_REDIRECT_MS - 1);
      expect(recorder.calls).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(recorder.calls).toEqual([['replace', '/gatePage']]);
    } finally {
      vi.useRealTimers();
    }
    await messages('修改成功');
  });

  it('a refusal keeps the dialog open and the session (the client showed the message)', async () => {
    let refuse: (error: Error) => void = () => {};
    passwordAnswer = new Promise((_, reject) => (refuse = reject));
    sessionStorage.setItem(StorageKey.loginType, 'unit');
    dialog();
    type('password-old', 'Wrong@2026');
    type('password-new', 'Hall@20260');
    type('password-repeat', 'Hall@20260');
    submit();
    const button = () => screen.getByTestId('password-submit');
    await waitFor(() => expect(button().classList).toContain('ant-btn-loading'));
    refuse(new RequestError('原登录密码错误', 'business', 1));
    // The button leaves its loading state once the change has ended; a success would have logged out before.
    await waitFor(() => expect(button().classList).not.toContain('ant-btn-loading'));
    expect(callsOf('unitLogout')).toEqual([]);
    expect(sessionStorage.getItem(StorageKey.loginType)).toBe('unit');
    expect(screen.getByTestId('password-new')).toBeTruthy();
    expect((button() as HTMLButtonElement).disabled).toBe(false);
  });
});
