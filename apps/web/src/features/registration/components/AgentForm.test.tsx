import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { RequestError } from '../../../lib/request';
import { renderInShell } from '../../../test/render';
import { useAgentDraft } from '../agent-draft';
import { AGENT_EXISTS_MESSAGE, AgentForm, NO_PHONE_ON_RECORD } from './AgentForm';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));
/** What each call answers (its data; a rejection refuses it), by name; one not set stays unanswered. */
let answers: Record<string, () => unknown> = {};
const callsOf = (name: string) => requests.call.mock.calls.filter(([c]) => c.name === name).map(([, body]) => body);
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

/** Each captcha is new: c1, c2, … with an image naming it. */
const image = (id: string) => `data:image/svg+xml;utf8,<svg id="${id}"/>`;
beforeEach(() => {
  useAgentDraft.setState({ agentOpen: true, values: {}, codeUntil: null, codeSentTo: null });
  let n = 0;
  answers = { captcha: () => ({ captchaId: `c${++n}`, image: image(`c${n}`) }) };
  requests.call.mockReset().mockImplementation(async (call: { name: string }) => ({
    code: 0,
    data: await (answers[call.name] ?? (() => new Promise(() => {})))(),
  }));
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const messageOf = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const captchaShown = (id: string) =>
  waitFor(() => expect(screen.getByTestId('agent-captcha-image').querySelector('img')?.getAttribute('src')).toBe(image(id)));
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
    ); // not the captcha: only the send carries it (the registration below goes without one)
    expect(callsOf('agentRegister')).toEqual([]);
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

  it('asks for a code only with a valid phone, the certificate and the captcha, then counts down 60 s and says where it went', async () => {
    // The countdown is computed from Date, which only moves by hand: the seconds shown cannot
    // depend on the machine's speed. Its real one-second tick only repaints.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      answers.sendMessage = () => ({ phone: '139****5678', onRecord: false });
      form();
      await captchaShown('c1');
      fireEvent.click(screen.getByTestId('agent-send-code'));
      await waitFor(() => expect(messageOf('agent-phone')).toBe('请输入手机号码'));
      expect(messageOf('agent-certno')).toBe('请输入证件号码');
      await waitFor(() => expect(messageOf('agent-captcha')).toBe('请输入图形验证码')); // a noStyle item's message shows a frame later
      expect(callsOf('sendMessage')).toEqual([]);
      type('agent-phone', '13912345678');
      type('agent-certno', VALID.certno.toLowerCase());
      type('agent-captcha', ' k7p2 ');
      fireEvent.click(screen.getByTestId('agent-send-code'));
      await waitFor(() =>
        expect(callsOf('sendMessage')).toEqual([
          { phone: '13912345678', purpose: 'agent-register', certno: VALID.certno, captchaId: 'c1', captchaCode: 'k7p2' },
        ]),
      );
      // The send spent the captcha: a new one, the answer emptied (and never kept in the draft).
      await captchaShown('c2');
      expect((screen.getByTestId('agent-captcha') as HTMLInputElement).value).toBe('');
      expect(useAgentDraft.getState().values).not.toHaveProperty('captchaCode');
      await waitFor(() => expect(screen.getByTestId('agent-send-code').textContent).toBe('60秒后重新获取'));
      expect((screen.getByTestId('agent-send-code') as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByText('验证码已发送至 139****5678，5分钟内有效')).toBeTruthy();
      await act(async () => vi.advanceTimersByTime(61_000));
      await waitFor(() => expect(screen.getByTestId('agent-send-code').textContent).toBe('获取验证码'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('a person the registry knows: the code goes to the registry phone, and the page says so', async () => {
    answers.sendMessage = () => ({ phone: '138****0002', onRecord: true });
    form();
    await captchaShown('c1');
    type('agent-phone', '13912345678');
    type('agent-certno', VALID.certno);
    type('agent-captcha', 'k7p2');
    fireEvent.click(screen.getByTestId('agent-send-code'));
    expect(await screen.findByText('您已在职工登记信息中，验证码已发送至登记的手机号码 138****0002')).toBeTruthy();
    expect(screen.getByText('验证码已发送至 138****0002，5分钟内有效')).toBeTruthy();
    expect(callsOf('sendMessage')).toEqual([
      { phone: '13912345678', purpose: 'agent-register', certno: VALID.certno, captchaId: 'c1', captchaCode: 'k7p2' },
    ]);
  });

  it('a known person without a mobile on record: no code, the page says why and starts no countdown', async () => {
    answers.sendMessage = () => ({ phone: '', onRecord: true });
    form();
    await captchaShown('c1');
    type('agent-phone', '13912345678');
    type('agent-certno', VALID.certno);
    type('agent-captcha', 'k7p2');
    fireEvent.click(screen.getByTestId('agent-send-code'));
    expect(await screen.findByText(NO_PHONE_ON_RECORD)).toBeTruthy();
    await captchaShown('c2');
    expect(screen.getByTestId('agent-send-code').textContent).toBe('获取验证码');
    expect(useAgentDraft.getState().codeSentTo).toBeNull();
  });

  it('a refused send (limits) starts no countdown and still replaces the captcha', async () => {
    let refuse: (error: Error) => void = () => {};
    answers.sendMessage = () => new Promise((_, reject) => (refuse = reject));
    form();
    await captchaShown('c1');
    type('agent-phone', '13912345678');
    type('agent-certno', VALID.certno);
    type('agent-captcha', 'k7p2');
    fireEvent.click(screen.getByTestId('agent-send-code'));
    const button = () => screen.getByTestId('agent-send-code');
    await waitFor(() => expect(button().classList).toContain('ant-btn-loading'));
    refuse(new Error('发送过于频繁，请42秒后再试'));
    // The send has ended when the button stops loading; a countdown would have started by then.
    await waitFor(() => expect(button().classList).not.toContain('ant-btn-loading'));
    await captchaShown('c2');
    expect(button().textContent).toBe('获取验证码');
    expect((button() as HTMLButtonElement).disabled).toBe(false);
  });

  it('an existing account for the certificate: the server refuses after the code, the form offers the login', async () => {
    useAgentDraft.setState({ values: VALID });
    answers.agentRegister = () => Promise.reject(new RequestError(AGENT_EXISTS_MESSAGE, 'business', 1));
    form();
    fireEvent.click(screen.getByTestId('agent-submit'));
    expect((await screen.findByTestId('agent-exists')).textContent).toContain('该证件号码已注册，请直接登录');
    expect(callsOf('agentRegister')).toHaveLength(1);
    expect(screen.queryByTestId('agent-success')).toBeNull();
  });

  it('another refusal (name and certificate do not match) shows no login offer and keeps the form', async () => {
    useAgentDraft.setState({ values: VALID });
    let refuse: (error: Error) => void = () => {};
    answers.agentRegister = () => new Promise((_, reject) => (refuse = reject));
    form();
    fireEvent.click(screen.getByTestId('agent-submit'));
    const button = () => screen.getByTestId('agent-submit');
    await waitFor(() => expect(button().classList).toContain('ant-btn-loading'));
    refuse(new RequestError('姓名与证件号码不匹配', 'business', 1));
    // The registration has ended when the button stops loading; the alert would be there by then.
    await waitFor(() => expect(button().classList).not.toContain('ant-btn-loading'));
    expect(screen.queryByTestId('agent-exists')).toBeNull();
    expect((screen.getByTestId('agent-name') as HTMLInputElement).value).toBe('唐婧');
  });

  it('registers with 长期 without a captcha of its own and clears the draft', async () => {
    useAgentDraft.setState({ values: VALID, codeSentTo: '139****5678' });
    answers.agentRegister = () => ({ certno: VALID.certno, name: '唐婧', phone: '139****5678' });
    form();
    fireEvent.click(screen.getByTestId('agent-submit'));
    expect(await screen.findByText('经办人注册成功')).toBeTruthy();
    expect(callsOf('agentRegister')).toEqual([
      {
        opterTel: '13912345678',
        msgAuthCode: '123456',
        pwd: 'Hall@2026pw',
        confirmPassword: 'Hall@2026pw',
        certType: '01',
        certno: VALID.certno,
        certificateStartDate: '2021-03-01',
        certificateEndDate: '长期',
        empOpterName: '唐婧',
      },
    ]);
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
