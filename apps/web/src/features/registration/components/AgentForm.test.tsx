import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInShell } from '../../../test/render';
import { useAgentDraft } from '../agent-draft';
import { AgentForm } from './AgentForm';

// antd forms validate asynchronously; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 4000 });

const api = vi.hoisted(() => ({
  checkAgentExists: vi.fn(),
  checkRealName: vi.fn(),
  registerAgent: vi.fn(),
  sendSmsCode: vi.fn(),
}));
vi.mock('../api', () => api);
vi.mock('../../../lib/dict', () => ({ useDict: () => ({ entries: [{ value: '01', label: '居民身份证' }], loading: false }) }));

const VALID = {
  empOpterName: '唐婧',
  certType: '01',
  certno: '430104199302040000', // a valid ID number (check character 0)
  certificateStartDate: '2021-03-01',
  forever: true,
  opterTel: '13912345678',
  msgAuthCode: '123456',
  pwd: 'Hall@2026pw',
  confirmPassword: 'Hall@2026pw',
};

beforeEach(() => {
  useAgentDraft.setState({ agentOpen: true, values: {}, codeUntil: null, codeSentTo: null });
  for (const fn of Object.values(api)) fn.mockReset();
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const messageOf = (testId: string) => screen.getByTestId(testId).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const form = () => renderInShell(<AgentForm />, { path: '/unit-register', session: null });

describe('agent registration form', () => {
  it('asks for every field (R36, R44) and sends nothing', async () => {
    form();
    fireEvent.click(screen.getByTestId('agent-submit'));
    await waitFor(() =>
      expect(errors()).toEqual([
        '请输入经办人姓名',
        '请输入证件号码',
        '请选择证件有效期开始日期',
        '请选择证件有效期结束日期',
        '请输入手机号码',
        '请输入短信验证码',
        '请输入密码',
        '请再次输入密码',
      ]),
    );
    expect(api.checkAgentExists).not.toHaveBeenCalled();
    expect(api.registerAgent).not.toHaveBeenCalled();
  });

  it('checks the formats: ID number (R41), mobile (R38), code, password (R39)', async () => {
    form();
    type('agent-certno', '430104199302040001');
    type('agent-phone', '10012345678');
    type('agent-code', '12a456');
    type('agent-pwd', 'onlyletters');
    type('agent-confirm', 'different1');
    fireEvent.click(screen.getByTestId('agent-submit'));
    await waitFor(() => expect(messageOf('agent-certno')).toBe('请输入正确的身份证号码'));
    expect(messageOf('agent-phone')).toBe('请输入正确的手机号码');
    expect(messageOf('agent-code')).toBe('请输入6位数字验证码');
    expect(messageOf('agent-pwd')).toContain('请输入8-16位密码，应由数字和字母组成');
    expect(messageOf('agent-confirm')).toBe('两次输入密码不一致');
  });

  it('asks for a code only for a valid phone, then counts down 60 s and says where it went', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      api.sendSmsCode.mockResolvedValue('139****5678');
      form();
      fireEvent.click(screen.getByTestId('agent-send-code'));
      await waitFor(() => expect(messageOf('agent-phone')).toBe('请输入手机号码'));
      expect(api.sendSmsCode).not.toHaveBeenCalled();
      type('agent-phone', '13912345678');
      fireEvent.click(screen.getByTestId('agent-send-code'));
      await waitFor(() => expect(api.sendSmsCode).toHaveBeenCalledWith('13912345678', 'agent-register'));
      await waitFor(() => expect(screen.getByTestId('agent-send-code').textContent).toBe('60秒后重新获取'));
      expect((screen.getByTestId('agent-send-code') as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByText('验证码已发送至 139****5678，5分钟内有效')).toBeTruthy();
      await act(async () => vi.advanceTimersByTime(61_000));
      expect(screen.getByTestId('agent-send-code').textContent).toBe('获取验证码');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refused send (limits) starts no countdown', async () => {
    api.sendSmsCode.mockRejectedValue(new Error('发送过于频繁，请42秒后再试'));
    form();
    type('agent-phone', '13912345678');
    fireEvent.click(screen.getByTestId('agent-send-code'));
    await waitFor(() => expect(api.sendSmsCode).toHaveBeenCalled());
    expect(screen.getByTestId('agent-send-code').textContent).toBe('获取验证码');
  });

  it('an existing account for the certificate stops the registration before the code is used', async () => {
    useAgentDraft.setState({ values: VALID });
    api.checkAgentExists.mockResolvedValue(true);
    form();
    fireEvent.click(screen.getByTestId('agent-submit'));
    expect((await screen.findByTestId('agent-exists')).textContent).toContain('该证件号码已注册，请直接登录');
    expect(api.checkAgentExists).toHaveBeenCalledWith('01', VALID.certno);
    expect(api.checkRealName).not.toHaveBeenCalled();
    expect(api.registerAgent).not.toHaveBeenCalled();
  });

  it('checks the real name, registers with 长期 and clears the draft', async () => {
    useAgentDraft.setState({ values: VALID, codeSentTo: '139****5678' });
    api.checkAgentExists.mockResolvedValue(false);
    api.checkRealName.mockResolvedValue(true);
    api.registerAgent.mockResolvedValue({ certno: VALID.certno, name: '唐婧', phone: '139****5678' });
    form();
    fireEvent.click(screen.getByTestId('agent-submit'));
    expect(await screen.findByText('经办人注册成功')).toBeTruthy();
    expect(api.checkRealName).toHaveBeenCalledWith(VALID.certno, '唐婧');
    expect(api.registerAgent).toHaveBeenCalledWith({
      opterTel: '13912345678',
      msgAuthCode: '123456',
      pwd: 'Hall@2026pw',
      confirmPassword: 'Hall@2026pw',
      certType: '01',
      certno: VALID.certno,
      certificateStartDate: '2021-03-01',
      certificateEndDate: '长期',
      empOpterName: '唐婧',
    });
    expect(useAgentDraft.getState().values).toEqual({});
    expect(screen.getByTestId('agent-login-link')).toBeTruthy();
  });

  it('keeps the half-filled form in the draft (the kept-alive hub)', async () => {
    const view = form();
    type('agent-name', '唐婧');
    await waitFor(() => expect(useAgentDraft.getState().values.empOpterName).toBe('唐婧'));
    view.unmount();
    form();
    expect((screen.getByTestId('agent-name') as HTMLInputElement).value).toBe('唐婧');
  });
});
