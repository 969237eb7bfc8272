import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInShell } from '../../test/render';
import FindBackPasswordPage from './FindBackPasswordPage';

// antd forms validate asynchronously; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 4000 });

const recovery = vi.hoisted(() => ({ sendCodeToPhoneOnRecord: vi.fn(), findBackPassword: vi.fn() }));
const registration = vi.hoisted(() => ({ sendSmsCode: vi.fn() }));
vi.mock('./api', () => recovery);
vi.mock('../registration/api', () => registration);

beforeEach(() => {
  recovery.sendCodeToPhoneOnRecord.mockReset().mockResolvedValue('138****0002');
  recovery.findBackPassword.mockReset().mockResolvedValue({ code: 0 });
  registration.sendSmsCode.mockReset().mockResolvedValue('139****5678');
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const messageOf = (testId: string) => screen.getByTestId(testId).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const page = (path = '/findback-pwd') =>
  renderInShell(<FindBackPasswordPage />, { path, session: null, routes: [{ path: '/gatePage', element: <div data-testid="gate" /> }] });

describe('/findback-pwd', () => {
  it('a unit gives its account and registered mobile; both are checked before a code is sent', async () => {
    page();
    fireEvent.click(screen.getByTestId('findback-submit'));
    await waitFor(() => expect(errors()).toEqual(expect.arrayContaining(['请输入单位账号', '请输入预留手机号码', '请输入新密码', '请再次输入密码'])));
    expect(messageOf('findback-code')).toBe('请输入短信验证码');
    type('findback-account', '1234'); // neither the 8-20 nor the registration rule
    type('findback-phone', '1381234');
    fireEvent.click(screen.getByTestId('findback-send-code'));
    await waitFor(() => expect(messageOf('findback-phone')).toBe('请输入正确的手机号码'));
    expect(messageOf('findback-account')).toBe('请输入8-20位字符，必须由数字和字母组成');
    expect(registration.sendSmsCode).not.toHaveBeenCalled();
    expect(recovery.findBackPassword).not.toHaveBeenCalled();

    type('findback-account', 'xinghuo_01');
    type('findback-phone', '13912345678');
    fireEvent.click(screen.getByTestId('findback-send-code'));
    await waitFor(() => expect(registration.sendSmsCode).toHaveBeenCalledWith('13912345678', 'find-password'));
    type('findback-code', '654321');
    type('findback-pwd', 'Found@2026x');
    type('findback-confirm', 'Found@2026x');
    fireEvent.click(screen.getByTestId('findback-submit'));
    expect(await screen.findByTestId('findback-success')).toBeTruthy();
    expect(recovery.findBackPassword).toHaveBeenCalledWith({
      loginType: 'unit',
      loginName: 'xinghuo_01',
      phone: '13912345678',
      msgAuthCode: '654321',
      pwd: 'Found@2026x',
      confirmPassword: 'Found@2026x',
    });
  });

  it('a person gives the ID number; the code goes to the phone on record, shown masked', async () => {
    page('/findback-pwd?type=personal');
    expect(screen.queryByTestId('findback-phone')).toBeNull();
    type('findback-account', '430103199007120045');
    fireEvent.click(screen.getByTestId('findback-send-code'));
    await waitFor(() => expect(messageOf('findback-account')).toBe('请输入正确的身份证号码'));
    expect(recovery.sendCodeToPhoneOnRecord).not.toHaveBeenCalled();

    type('findback-account', '430103199007120044');
    fireEvent.click(screen.getByTestId('findback-send-code'));
    await waitFor(() => expect(recovery.sendCodeToPhoneOnRecord).toHaveBeenCalledWith('430103199007120044', 'personal'));
    expect(await screen.findByText('验证码已发送至账号预留手机 138****0002，5分钟内有效')).toBeTruthy();
    type('findback-code', '123456');
    type('findback-pwd', 'Found@2026x');
    type('findback-confirm', 'Found@2026x');
    fireEvent.click(screen.getByTestId('findback-submit'));
    await waitFor(() => expect(recovery.findBackPassword).toHaveBeenCalled());
    expect(recovery.findBackPassword.mock.calls[0][0]).toMatchObject({ loginType: 'personal', loginName: '430103199007120044', phone: undefined });
  });

  it('a refused reset keeps the form', async () => {
    recovery.findBackPassword.mockRejectedValue(new Error('验证码错误，还可输入4次'));
    page('/findback-pwd?type=personal');
    type('findback-account', '430103199007120044');
    type('findback-code', '000000');
    type('findback-pwd', 'Found@2026x');
    type('findback-confirm', 'Found@2026x');
    fireEvent.click(screen.getByTestId('findback-submit'));
    await waitFor(() => expect(recovery.findBackPassword).toHaveBeenCalled());
    expect(screen.queryByTestId('findback-success')).toBeNull();
    expect((screen.getByTestId('findback-code') as HTMLInputElement).value).toBe('000000');
  });
});
