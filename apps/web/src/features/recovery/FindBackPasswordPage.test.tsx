import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInShell } from '../../test/render';
import FindBackPasswordPage, { SENT_TO_RECORD } from './FindBackPasswordPage';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));
/** What each call answers (its data), by name; a test replaces one to refuse it or hold it. */
let answers: Record<string, () => Promise<unknown>> = {};
const callsOf = (name: string) => requests.call.mock.calls.filter(([c]) => c.name === name).map(([, body]) => body);

/** Each captcha is new: c1, c2, … with an image naming it. */
const image = (id: string) => `data:image/svg+xml;utf8,<svg id="${id}"/>`;
beforeEach(() => {
  let n = 0;
  answers = {
    captcha: async () => {
      const captchaId = `c${++n}`;
      return { captchaId, image: image(captchaId) };
    },
    sendMessage: async () => ({ phone: '139****5678', onRecord: false }),
    getPsnMobCode: async () => null, // nothing (the same for an unknown account)
    findBackPassword: async () => null,
  };
  requests.call.mockReset().mockImplementation(async (call: { name: string }) => ({ code: 0, data: await answers[call.name]() }));
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const messageOf = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const captchaImage = () => screen.getByTestId('findback-captcha-image').querySelector('img')?.getAttribute('src');
const captchaShown = (id: string) => waitFor(() => expect(captchaImage()).toBe(image(id)));
const page = (path = '/findback-pwd') =>
  renderInShell(<FindBackPasswordPage />, { path, session: null, routes: [{ path: '/gatePage', element: <div data-testid="gate" /> }] });

describe('/findback-pwd', () => {
  it('a unit gives its account and registered mobile; both are checked before a code is sent', async () => {
    page();
    await captchaShown('c1');
    fireEvent.click(screen.getByTestId('findback-submit'));
    await waitFor(() =>
      expect(errors()).toEqual(expect.arrayContaining(['请输入单位账号', '请输入预留手机号码', '请输入新密码', '请再次输入密码'])),
    );
    expect(messageOf('findback-code')).toBe('请输入短信验证码');
    // The reset itself carries no captcha, only the send asks (the refused-reset test below submits without one).
    type('findback-account', '1234'); // neither the 8-20 nor the registration rule
    type('findback-phone', '1381234');
    fireEvent.click(screen.getByTestId('findback-send-code'));
    await waitFor(() => expect(messageOf('findback-phone')).toBe('请输入正确的手机号码'));
    expect(messageOf('findback-account')).toBe('请输入8-20位字符，必须由数字和字母组成');
    await waitFor(() => expect(messageOf('findback-captcha')).toBe('请输入图形验证码')); // a noStyle item's message shows a frame later
    expect(callsOf('sendMessage')).toEqual([]);
    expect(callsOf('findBackPassword')).toEqual([]);

    type('findback-account', 'xinghuo_01');
    type('findback-phone', '13912345678');
    fireEvent.click(screen.getByTestId('findback-send-code'));
    await waitFor(() => expect(messageOf('findback-captcha')).toBe('请输入图形验证码'));
    expect(callsOf('sendMessage')).toEqual([]);
    type('findback-captcha', ' k7p2 ');
    await waitFor(() => expect(messageOf('findback-captcha')).toBe(''));
    fireEvent.click(screen.getByTestId('findback-send-code'));
    await waitFor(() =>
      expect(callsOf('sendMessage')).toEqual([{ phone: '13912345678', purpose: 'find-password', captchaId: 'c1', captchaCode: 'k7p2' }]),
    );
    // The send spent the captcha: a new one, the answer field emptied.
    await captchaShown('c2');
    expect((screen.getByTestId('findback-captcha') as HTMLInputElement).value).toBe('');
    expect(await screen.findByText('验证码已发送至 139****5678，5分钟内有效')).toBeTruthy();
    type('findback-code', '654321');
    type('findback-pwd', 'Found@2026x');
    type('findback-confirm', 'Found@2026x');
    fireEvent.click(screen.getByTestId('findback-submit'));
    expect(await screen.findByTestId('findback-success')).toBeTruthy();
    expect(callsOf('findBackPassword')).toContainEqual({
      loginType: 'unit',
      loginName: 'xinghuo_01',
      phone: '13912345678',
      msgAuthCode: '654321',
      pwd: 'Found@2026x',
      confirmPassword: 'Found@2026x',
    });
  });

  it('a person gives the ID number; the code goes to the phone on record, and the page says "if any"', async () => {
    page('/findback-pwd?type=personal');
    expect(screen.queryByTestId('findback-phone')).toBeNull();
    await captchaShown('c1');
    type('findback-account', '430103199007120045');
    type('findback-captcha', 'k7p2');
    fireEvent.click(screen.getByTestId('findback-send-code'));
    await waitFor(() => expect(messageOf('findback-account')).toBe('请输入正确的身份证号码'));
    expect(callsOf('getPsnMobCode')).toEqual([]);

    type('findback-account', '430103199007120044');
    fireEvent.click(screen.getByTestId('findback-send-code'));
    await waitFor(() =>
      expect(callsOf('getPsnMobCode')).toEqual([
        { certNo: '430103199007120044', loginType: 'personal', purpose: 'find-password', captchaId: 'c1', captchaCode: 'k7p2' },
      ]),
    );
    // The server answers alike whether the account exists: the page says "if any", and shows no phone.
    expect(await screen.findByText(SENT_TO_RECORD)).toBeTruthy();
    expect(screen.queryByText(/\*\*\*\*/)).toBeNull();
    await captchaShown('c2');
    type('findback-code', '123456');
    type('findback-pwd', 'Found@2026x');
    type('findback-confirm', 'Found@2026x');
    fireEvent.click(screen.getByTestId('findback-submit'));
    await waitFor(() => expect(callsOf('findBackPassword')).toHaveLength(1));
    expect(callsOf('findBackPassword')[0]).toMatchObject({
      loginType: 'personal',
      loginName: '430103199007120044',
      phone: undefined,
    });
  });

  it('a refused reset keeps the form', async () => {
    answers.findBackPassword = () => Promise.reject(new Error('验证码错误，还可输入4次'));
    page('/findback-pwd?type=personal');
    type('findback-account', '430103199007120044');
    type('findback-code', '000000');
    type('findback-pwd', 'Found@2026x');
    type('findback-confirm', 'Found@2026x');
    fireEvent.click(screen.getByTestId('findback-submit'));
    await waitFor(() => expect(callsOf('findBackPassword')).toHaveLength(1));
    expect(screen.queryByTestId('findback-success')).toBeNull();
    expect((screen.getByTestId('findback-code') as HTMLInputElement).value).toBe('000000');
  });

  it('a refused send still spends the captcha: a new one is shown and no countdown starts', async () => {
    let refuse: (error: Error) => void = () => {};
    answers.sendMessage = () => new Promise((_, reject) => (refuse = reject));
    page();
    await captchaShown('c1');
    type('findback-account', 'xinghuo_01');
    type('findback-phone', '13912345678');
    type('findback-captcha', 'zzzz');
    fireEvent.click(screen.getByTestId('findback-send-code'));
    const button = () => screen.getByTestId('findback-send-code');
    await waitFor(() => expect(button().classList).toContain('ant-btn-loading'));
    expect(callsOf('sendMessage')).toEqual([{ phone: '13912345678', purpose: 'find-password', captchaId: 'c1', captchaCode: 'zzzz' }]);
    refuse(new Error('图形验证码错误'));
    // The send has ended when the button stops loading; a countdown would have started by then.
    await waitFor(() => expect(button().classList).not.toContain('ant-btn-loading'));
    await captchaShown('c2');
    expect((screen.getByTestId('findback-captcha') as HTMLInputElement).value).toBe('');
    expect(button().textContent).toBe('获取验证码');
  });
});
