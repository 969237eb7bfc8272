import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { recordingNavigator, setPageNavigator } from '../../../lib/navigator';
import { StorageKey, TokenCookie } from '../../../lib/storage';
import { RequestError } from '../../../lib/request';
import { renderInShell, unitSession } from '../../../test/render';
import PasswordDialog from './PasswordDialog';

const api = vi.hoisted(() => ({ updatePassword: vi.fn(), logoutOnServer: vi.fn() }));
vi.mock('../api/auth-api', () => api);

let recorder = recordingNavigator();
let restore = () => {};
beforeEach(() => {
  recorder = recordingNavigator();
  restore = setPageNavigator(recorder.navigator);
  api.updatePassword.mockReset();
  api.logoutOnServer.mockReset().mockResolvedValue(undefined);
});
afterEach(() => restore());

const dialog = () => renderInShell(<PasswordDialog session={unitSession} open onClose={() => {}} />, { path: '/Home' });
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('password-submit'));
const messages = async (...texts: string[]) => {
  for (const text of texts) expect(await screen.findByText(text)).toBeTruthy();
};

describe('unit password dialog (R45, R31, R56)', () => {
  it('requires both fields', async () => {
    dialog();
    submit();
    await messages('新登录密码不能为空', '请再次输入新密码');
    expect(api.updatePassword).not.toHaveBeenCalled();
  });

  it('checks the format and the repetition', async () => {
    dialog();
    type('password-new', 'abc12345');
    type('password-repeat', 'abc12346');
    submit();
    await messages('密码格式错误', '两次输入密码不一致');
  });

  it('success: 修改成功, server logout, session cleared, the gateway after 2 s', async () => {
    api.updatePassword.mockResolvedValue({ code: 0, type: 'success', message: '', data: null });
    Cookies.set(TokenCookie.access, 't');
    sessionStorage.setItem(StorageKey.loginType, 'unit');
    dialog();
    type('password-new', 'Hall@20260');
    type('password-repeat', 'Hall@20260');
    submit();
    await messages('修改成功');
    expect(api.updatePassword).toHaveBeenCalledWith('lhgh92001', 'Hall@20260');
    await waitFor(() => expect(api.logoutOnServer).toHaveBeenCalledWith('unit'));
    expect(sessionStorage.getItem(StorageKey.loginType)).toBeNull();
    expect(Cookies.get(TokenCookie.access)).toBeUndefined();
    expect(recorder.calls).toEqual([]);
    await waitFor(() => expect(recorder.calls).toEqual([['replace', '/gatePage']]), { timeout: 3000 });
  });

  it('a refusal keeps the dialog open and the session (the client showed the message)', async () => {
    api.updatePassword.mockRejectedValue(new RequestError('新密码不能与原密码相同', 'business', 1));
    dialog();
    type('password-new', 'Hall@20260');
    type('password-repeat', 'Hall@20260');
    submit();
    await waitFor(() => expect(api.updatePassword).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.logoutOnServer).not.toHaveBeenCalled();
    expect(screen.getByTestId('password-new')).toBeTruthy();
  });
});
