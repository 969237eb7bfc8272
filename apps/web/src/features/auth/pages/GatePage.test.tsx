import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { Code } from '@hall/shared/codes/index.ts';
import { readSession, StorageKey, TokenCookie } from '../../../lib/storage';
import { useSessionStore } from '../../../stores/session';
import { renderInShell } from '../../../test/render';
import GatePage from './GatePage';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));
/** Each call's answer (the whole envelope), by name; a test sets the login's. */
let answers: Record<string, () => Promise<unknown>> = {};
const callsOf = (name: string) => requests.call.mock.calls.filter(([c]) => c.name === name).map(([, body]) => body);
const page = (list: unknown[]) => async () => ({ code: 0, data: { list, totlCnt: list.length, pageNum: 1, pageSize: 5 } });

beforeEach(() => {
  let n = 0;
  answers = {
    noticePage: page([
      {
        id: '7',
        title: '关于开展2026年度职工医疗互助活动的通知',
        publisher: '长沙市总工会',
        publishedAt: '2026-01-31T16:30:00.000Z',
        attachmentCount: 1,
      },
      {
        id: '9',
        title: '职工医疗互助网上服务大厅单位注册指南',
        publisher: '长沙市总工会',
        publishedAt: '2026-02-10T02:00:00.000Z',
        attachmentCount: 0,
      },
    ]),
    policyPage: page([]),
    captcha: async () => ({ code: 0, data: { captchaId: `c${++n}`, image: 'data:image/svg+xml;base64,PHN2Zy8+' } }),
  };
  // Anything else (what the portal asks once signed in) stays unanswered.
  requests.call.mockReset().mockImplementation((call: { name: string }) => (answers[call.name] ?? (() => new Promise(() => {})))());
});

const gate = (path = '/gatePage') =>
  renderInShell(<GatePage />, { path, session: null, routes: [{ path: '/improveInfo', element: <div data-testid="improve" /> }] });

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const errors = () => screen.getAllByRole('alert').map((e) => e.textContent);

describe('login gateway', () => {
  it('shows both logins as tabs, unit first, and the public area', async () => {
    gate();
    expect(screen.getByRole('tab', { name: '单位用户登录' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '个人用户登录' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('heading', { name: '通知公告' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '政策文件' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '单位注册' }).getAttribute('href')).toBe('/unit-register');
    expect(screen.getByRole('link', { name: '找回密码' }).getAttribute('href')).toBe('/findback-pwd');
    await waitFor(() => expect(screen.getByTestId('unit-login-captcha-image').querySelector('img')).toBeTruthy());
  });

  it('lists the newest notices and policies in the two cards, without antd', async () => {
    gate();
    const noticeCard = screen.getByTestId('gate-notices');
    const first = await within(noticeCard).findByRole('link', { name: '关于开展2026年度职工医疗互助活动的通知' });
    expect(first.getAttribute('href')).toBe('/gateDetail?id=7&kind=notice');
    // Dates are days in China: 2026-01-31T16:30Z is 1 February in Changsha.
    expect(
      within(noticeCard)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('time')?.textContent),
    ).toEqual(['2026-02-01', '2026-02-10']);
    expect(within(noticeCard).getByRole('link', { name: '更多通知公告' }).getAttribute('href')).toBe('/gateNotice?kind=notice');
    const policyCard = screen.getByTestId('gate-policies');
    expect(await within(policyCard).findByText('暂无政策文件')).toBeTruthy();
    expect(within(policyCard).getByRole('link', { name: '更多政策文件' }).getAttribute('href')).toBe('/gateNotice?kind=policy');
    for (const name of ['noticePage', 'policyPage'])
      expect(requests.call).toHaveBeenCalledWith(expect.objectContaining({ name }), { pageNum: 1, pageSize: 5 }, { silent: true });
    expect(noticeCard.querySelector('[class*="ant-"]')).toBeNull(); // plain elements: the gateway carries no antd
  });

  it('a card whose list fails says so and can load again', async () => {
    let failures = 2; // the first asks of both cards
    for (const name of ['noticePage', 'policyPage']) {
      const answer = answers[name];
      answers[name] = () => (failures-- > 0 ? Promise.reject(new Error('网络连接异常')) : answer());
    }
    gate();
    const noticeCard = screen.getByTestId('gate-notices');
    fireEvent.click(await within(noticeCard).findByRole('button', { name: '重新加载' }));
    expect(await within(noticeCard).findByRole('link', { name: '职工医疗互助网上服务大厅单位注册指南' })).toBeTruthy();
  });

  it('validates the unit form (R37, R39): required, then format', async () => {
    gate();
    fireEvent.click(screen.getByTestId('unit-login-submit'));
    expect(errors()).toEqual(['请输入账号', '请输入密码', '请输入验证码']);
    type('unit-login-account', '12345678'); // digits only: neither account rule
    type('unit-login-password', 'abcdefgh');
    fireEvent.click(screen.getByTestId('unit-login-submit'));
    expect(errors()).toEqual(['请输入8-20位字符，必须由数字和字母组成', '请输入8-16位密码，应由数字和字母组成', '请输入验证码']);
    expect(callsOf('unitLogin')).toEqual([]);
  });

  it('validates the ID number on the personal tab (R41)', async () => {
    gate('/gatePage?tab=personal');
    expect(screen.getByRole('tab', { name: '个人用户登录' }).getAttribute('aria-selected')).toBe('true');
    type('personal-login-account', '430102198503150023');
    fireEvent.click(screen.getByTestId('personal-login-submit'));
    expect(errors()[0]).toBe('请输入正确的身份证号码');
  });

  it('a unit login stores the session and moves to /Home (R25)', async () => {
    answers.unitLogin = async () => ({
      code: 0,
      data: {
        accessToken: 'a1',
        refreshToken: 'r1',
        user: { uact: 'lhgh92001', psnName: '长沙市示范联合基层工会', uactLevel: 1, uniType: '92' },
      },
    });
    gate();
    await waitFor(() => expect(callsOf('captcha').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.getByTestId('unit-login-captcha-image').querySelector('img')).toBeTruthy());
    type('unit-login-account', '  lhgh92001 ');
    type('unit-login-password', 'Demo@2026');
    type('unit-login-captcha', '2468');
    fireEvent.click(screen.getByTestId('unit-login-submit'));
    await waitFor(() => expect(useSessionStore.getState().session?.loginType).toBe('unit'));
    expect(callsOf('unitLogin')).toEqual([{ uact: 'lhgh92001', password: 'Demo@2026', captchaId: 'c1', captchaCode: '2468' }]);
    expect(sessionStorage.getItem(StorageKey.loginType)).toBe('unit');
    expect(JSON.parse(sessionStorage.getItem(StorageKey.unitUser)!)).toMatchObject({ uact: 'lhgh92001', uactLevel: 1 });
    expect(Cookies.get(TokenCookie.access)).toBe('a1');
    expect(Cookies.get(TokenCookie.refresh)).toBe('r1');
    expect(readSession()?.loginType).toBe('unit');
    expect(window.location.pathname).toBe('/Home');
  });

  it('a personal login stores person-user', async () => {
    answers.personalLogin = async () => ({
      code: 0,
      data: { accessToken: 'a2', refreshToken: 'r2', user: { certNo: '430102198503150022', name: '李华' } },
    });
    gate('/gatePage?tab=personal');
    await waitFor(() => expect(screen.getByTestId('personal-login-captcha-image').querySelector('img')).toBeTruthy());
    type('personal-login-account', '430102198503150022');
    type('personal-login-password', 'Demo@2026');
    type('personal-login-captcha', '2468');
    fireEvent.click(screen.getByTestId('personal-login-submit'));
    await waitFor(() => expect(useSessionStore.getState().session?.loginType).toBe('personal'));
    expect(JSON.parse(sessionStorage.getItem(StorageKey.personUser)!)).toEqual({ certNo: '430102198503150022', name: '李华' });
  });

  it('code 600067 with tokens keeps the session and leads to /improveInfo (R30)', async () => {
    answers.unitLogin = async () => ({
      code: Code.NOTICE,
      message: '单位信息不完整，请先完善单位信息',
      data: {
        accessToken: 'a3',
        refreshToken: 'r3',
        user: { uact: 'xydw01', psnName: '长沙市新源科技有限公司', uactLevel: '2', uniType: null },
      },
    });
    gate();
    await waitFor(() => expect(screen.getByTestId('unit-login-captcha-image').querySelector('img')).toBeTruthy());
    type('unit-login-account', 'xydw01');
    type('unit-login-password', 'Demo@2026');
    type('unit-login-captcha', '2468');
    fireEvent.click(screen.getByTestId('unit-login-submit'));
    await waitFor(() => expect(useSessionStore.getState().session?.loginType).toBe('unit'));
    expect(Cookies.get(TokenCookie.access)).toBe('a3');
    expect(JSON.parse(sessionStorage.getItem(StorageKey.unitUser)!)).toMatchObject({ uact: 'xydw01', uactLevel: 2 });
    expect(window.location.pathname + window.location.search).toBe('/improveInfo?uact=xydw01');
  });

  it('code 600067 without tokens still leads to /improveInfo', async () => {
    answers.unitLogin = async () => ({ code: Code.NOTICE, message: '单位信息不完整', data: null });
    gate();
    await waitFor(() => expect(screen.getByTestId('unit-login-captcha-image').querySelector('img')).toBeTruthy());
    type('unit-login-account', 'qydw92101');
    type('unit-login-password', 'Demo@2026');
    type('unit-login-captcha', '2468');
    fireEvent.click(screen.getByTestId('unit-login-submit'));
    expect(await screen.findByTestId('improve')).toBeTruthy();
  });

  it('a refused login replaces the single-use captcha and empties its field', async () => {
    answers.unitLogin = () => Promise.reject(new Error('账号或密码错误'));
    gate();
    await waitFor(() => expect(screen.getByTestId('unit-login-captcha-image').querySelector('img')).toBeTruthy());
    type('unit-login-account', 'lhgh92001');
    type('unit-login-password', 'Wrong@2026');
    type('unit-login-captcha', '1111');
    expect(callsOf('captcha')).toHaveLength(1); // only the visible tab holds a captcha
    fireEvent.click(screen.getByTestId('unit-login-submit'));
    await waitFor(() => expect(callsOf('captcha')).toHaveLength(2));
    expect((screen.getByTestId('unit-login-captcha') as HTMLInputElement).value).toBe('');
    expect(useSessionStore.getState().session).toBeNull();
  });
});
