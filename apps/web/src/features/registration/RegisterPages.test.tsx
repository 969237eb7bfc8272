import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderInShell } from '../../test/render';
import RegisterNextPage from './RegisterNextPage';
import RegisterPage from './RegisterPage';
import { REGISTER_STORAGE_KEY, useRegisterStore } from './register-store';

// These tests submit again right after a refusal; the 2 s anti-double-click has its own tests (GuardedButton.test.tsx).
vi.mock('../../lib/click-guard', () => ({ useClickGuard: () => () => true }));

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));
/** What each call answers (its data; a throw refuses it), by name; a test sets its own. */
let answers: Record<string, () => unknown> = {};
const callsOf = (name: string) => requests.call.mock.calls.filter(([c]) => c.name === name).map(([, body]) => body);
vi.mock('../../components/region-select', () => ({
  RegionSelect: ({ value, onChange }: { value?: string; onChange?(v: string): void }) => (
    <input data-testid="region" value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));
vi.mock('../../lib/dict', () => ({
  useDict: () => ({
    entries: [
      { value: '01', label: '居民身份证' },
      { value: '04', label: '港澳居民来往内地通行证（香港）' },
    ],
    loading: false,
  }),
}));

beforeEach(() => {
  useRegisterStore.getState().reset();
  let n = 0;
  answers = {
    queryFirstContact: () => [
      { uact: 'lhgh92001', empName: '长沙市高新区联合基层工会', uniType: '92' },
      { uact: 'hygh93001', empName: '长沙市建筑行业工会', uniType: '93' },
    ],
    checkUnitInfo: () => ({ resubmit: false }),
    getPsnMobCode: () => null,
    captcha: () => ({ captchaId: `c${++n}`, image: image(`c${n}`) }),
  };
  requests.call.mockReset().mockImplementation(async (call: { name: string }) => ({ code: 0, data: answers[call.name]() }));
});

/** Each captcha is new: c1, c2, … with an image naming it. */
const image = (id: string) => `data:image/svg+xml;utf8,<svg id="${id}"/>`;
const captchaShown = (testId: string, id: string) =>
  waitFor(() => expect(screen.getByTestId(`${testId}-captcha-image`).querySelector('img')?.getAttribute('src')).toBe(image(id)));

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const messageOf = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

const ACCOUNT = {
  empUact: 'xinghuo_01',
  pwd: 'Hall@2026pw',
  confirmPassword: 'Hall@2026pw',
  parentUact: 'lhgh92001',
  parentName: '长沙市高新区联合基层工会',
};

describe('/register (step 1)', () => {
  const page = () =>
    renderInShell(<RegisterPage />, {
      path: '/register',
      session: null,
      routes: [{ path: '/registerNext', element: <div data-testid="step-2" /> }],
    });

  it('marks the required fields and says what is missing, sending nothing (R36)', async () => {
    page();
    expect(screen.getByText('为必填项')).toBeTruthy();
    const required = [...document.querySelectorAll('.ant-form-item-required')].map((label) => label.textContent);
    expect(required).toEqual(['单位账号', '登录密码', '确认密码', '上级工会']);
    fireEvent.click(screen.getByTestId('register-next'));
    await waitFor(() => expect(errors()).toEqual(['请输入单位账号', '请输入密码', '请再次输入密码', '请选择上级工会']));
    expect(callsOf('checkUnitInfo')).toEqual([]);
  });

  it('checks the account (2-14 with a letter, R37), the password (R39) and the repetition', async () => {
    page();
    type('reg-empUact', '2024');
    type('reg-pwd', '12345678');
    type('reg-confirmPassword', '1234567');
    fireEvent.click(screen.getByTestId('register-next'));
    await waitFor(() => expect(messageOf('reg-empUact')).toBe('请输入2-14位字符，必须包含字母'));
    expect(messageOf('reg-pwd')).toContain('请输入8-16位密码，应由数字和字母组成');
    expect(messageOf('reg-confirmPassword')).toBe('两次输入密码不一致');
    type('reg-empUact', 'a_very_long_account');
    await waitFor(() => expect(messageOf('reg-empUact')).toBe('请输入2-14位字符，必须包含字母'));
    expect(callsOf('checkUnitInfo')).toEqual([]);
  });

  it('checks the account with the server, keeps step 1 and moves on', async () => {
    page();
    type('reg-empUact', ' xinghuo_01 ');
    type('reg-pwd', 'Hall@2026pw');
    type('reg-confirmPassword', 'Hall@2026pw');
    fireEvent.mouseDown(within(screen.getByTestId('parent-union')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('长沙市建筑行业工会', { selector: '.union-option span' }));
    fireEvent.click(screen.getByTestId('register-next'));
    expect(await screen.findByTestId('step-2')).toBeTruthy();
    expect(callsOf('checkUnitInfo')).toEqual([{ empUact: 'xinghuo_01' }]);
    expect(useRegisterStore.getState().account).toEqual({
      ...ACCOUNT,
      parentUact: 'hygh93001',
      parentName: '长沙市建筑行业工会',
      resubmit: false,
    });
  });

  it('keeps what the check says of a rejected registration (step 2 then asks for the original phone code)', async () => {
    answers.checkUnitInfo = () => ({ resubmit: true });
    useRegisterStore.getState().saveAccount(ACCOUNT);
    page();
    fireEvent.click(screen.getByTestId('register-next'));
    expect(await screen.findByTestId('step-2')).toBeTruthy();
    expect(useRegisterStore.getState().account?.resubmit).toBe(true);
  });

  it('stays on step 1 when the account is taken', async () => {
    answers.checkUnitInfo = () => {
      throw new Error('该单位账号已被注册，请更换账号');
    };
    useRegisterStore.getState().saveAccount(ACCOUNT);
    page();
    expect((screen.getByTestId('reg-empUact') as HTMLInputElement).value).toBe('xinghuo_01'); // kept from before
    fireEvent.click(screen.getByTestId('register-next'));
    await waitFor(() => expect(callsOf('checkUnitInfo')).toHaveLength(1));
    expect(screen.queryByTestId('step-2')).toBeNull();
  });
});

describe('/registerNext (step 2)', () => {
  const page = () =>
    renderInShell(<RegisterNextPage />, {
      path: '/registerNext',
      session: null,
      routes: [
        { path: '/register', element: <div data-testid="step-1" /> },
        { path: '/registerEnd', element: <div data-testid="done" /> },
      ],
    });

  it('without step 1 sends the visitor back', () => {
    page();
    expect(screen.getByText('请先设置单位账号和密码')).toBeTruthy();
    fireEvent.click(screen.getByTestId('register-back'));
    expect(screen.getByTestId('step-1')).toBeTruthy();
  });

  it('checks every field by the shared rules and sends nothing while one fails', async () => {
    useRegisterStore.getState().saveAccount(ACCOUNT);
    page();
    expect(screen.getByText('xinghuo_01')).toBeTruthy();
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() =>
      expect(errors()).toEqual([
        '请输入单位名称',
        '请输入统一社会信用代码',
        '请选择所在地区',
        '请输入详细地址',
        '请输入法定代表人姓名',
        '请输入法定代表人证件号码',
        '请输入法定代表人手机号码',
        '请输入图形验证码',
      ]),
    );
    type('reg-uscc', '91430100MA4L101000');
    type('reg-empNo', 'x'.repeat(21));
    type('reg-entLegrepIdcard', '430104198005210000');
    type('reg-legentTel', '1234567890');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(messageOf('reg-uscc')).toBe('请输入正确的统一社会信用代码'));
    expect(messageOf('reg-empNo')).toBe('字段长度不能超过20');
    expect(messageOf('reg-entLegrepIdcard')).toBe('请输入正确的身份证号码');
    expect(messageOf('reg-legentTel')).toBe('请输入正确的手机号码');
    expect(callsOf('insertRegisterInfo')).toEqual([]);
  });

  it('checks the certificate number by the chosen type (R42)', async () => {
    useRegisterStore.getState().saveAccount(ACCOUNT);
    page();
    type('reg-entLegrepIdcard', 'H1234567');
    fireEvent.mouseDown(within(screen.getByTestId('reg-certType')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('港澳居民来往内地通行证（香港）'));
    await waitFor(() => expect(messageOf('reg-entLegrepIdcard')).toBe('请输入正确的港澳通行证号码'));
    type('reg-entLegrepIdcard', 'H12345678');
    await waitFor(() => expect(messageOf('reg-entLegrepIdcard')).toBe(''));
  });

  it('keeps what was typed in the step store (back and forth between the steps)', async () => {
    useRegisterStore.getState().saveAccount(ACCOUNT);
    page();
    type('reg-empName', '长沙市星火科技有限公司');
    await waitFor(() => expect(useRegisterStore.getState().unit?.empName).toBe('长沙市星火科技有限公司'));
    fireEvent.click(screen.getByTestId('register-prev'));
    expect(screen.getByTestId('step-1')).toBeTruthy();
  });

  const UNIT = {
    empName: '长沙市星火科技有限公司',
    uscc: '91430104MA4L05911L',
    addrDetail: '麓谷大道 627 号',
    legentName: '陈立',
    entLegrepIdcard: '430104199302040000',
    legentTel: '13912345678',
  };
  const fillUnit = () => {
    for (const [name, value] of Object.entries(UNIT)) type(`reg-${name}`, value);
    type('region', '430104');
  };

  it('submits with the captcha, and a refusal shows a new one', async () => {
    answers.insertRegisterInfo = () => {
      if (callsOf('insertRegisterInfo').length === 1) throw new Error('图形验证码错误');
      return { empUact: 'xinghuo_01' };
    };
    useRegisterStore.getState().saveAccount(ACCOUNT);
    page();
    expect(screen.queryByTestId('register-resubmit')).toBeNull(); // a first registration: no phone code
    await captchaShown('register', 'c1');
    fillUnit();
    type('register-captcha', ' k7p2 ');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(callsOf('insertRegisterInfo')).toHaveLength(1));
    expect(callsOf('insertRegisterInfo')[0]).toMatchObject({
      empUact: 'xinghuo_01',
      uscc: UNIT.uscc,
      empAddr: '湖南省长沙市岳麓区麓谷大道 627 号',
      captchaId: 'c1',
      captchaCode: 'k7p2',
      msgAuthCode: undefined,
    });
    // The refused submission spent the captcha: a new one, the answer emptied.
    await captchaShown('register', 'c2');
    expect((screen.getByTestId('register-captcha') as HTMLInputElement).value).toBe('');
    expect(useRegisterStore.getState().unit).not.toHaveProperty('captchaCode'); // never kept in the step store
    type('register-captcha', 'm3q9');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('done')).toBeTruthy();
    expect(callsOf('insertRegisterInfo')[1]).toMatchObject({ captchaId: 'c2', captchaCode: 'm3q9' });
  });

  it('a rejected registration: the code goes to the original phone (spending the captcha) and goes with the submission', async () => {
    answers.insertRegisterInfo = () => ({ empUact: 'xinghuo_01' });
    useRegisterStore.getState().saveAccount({ ...ACCOUNT, resubmit: true });
    page();
    expect(screen.getByTestId('register-resubmit').textContent).toContain('需验证原申请时填写的法定代表人手机号码');
    await captchaShown('register', 'c1');
    fillUnit();
    fireEvent.click(screen.getByTestId('register-resubmit-send')); // the send needs the captcha
    await waitFor(() => expect(messageOf('register-captcha')).toBe('请输入图形验证码'));
    expect(callsOf('getPsnMobCode')).toEqual([]);
    type('register-captcha', 'k7p2');
    fireEvent.click(screen.getByTestId('register-submit')); // the submission needs the code
    await waitFor(() => expect(messageOf('register-resubmit-code')).toBe('请输入短信验证码'));
    expect(callsOf('insertRegisterInfo')).toEqual([]);

    fireEvent.click(screen.getByTestId('register-resubmit-send'));
    await waitFor(() =>
      expect(callsOf('getPsnMobCode')).toEqual([
        { certNo: 'xinghuo_01', loginType: 'unit', purpose: 'register-resubmit', captchaId: 'c1', captchaCode: 'k7p2' },
      ]),
    );
    await captchaShown('register', 'c2');
    expect((screen.getByTestId('register-captcha') as HTMLInputElement).value).toBe('');
    type('register-resubmit-code', '246810');
    type('register-captcha', 'm3q9');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('done')).toBeTruthy();
    expect(callsOf('insertRegisterInfo')).toContainEqual(
      expect.objectContaining({ captchaId: 'c2', captchaCode: 'm3q9', msgAuthCode: '246810' }),
    );
  });

  it('after a reload: the typed draft comes back, the passwords are asked again and never stored', async () => {
    // What the tab's session storage holds after step 2 was half filled, then the page reloaded.
    useRegisterStore.getState().saveAccount(ACCOUNT);
    useRegisterStore.getState().saveUnit({ empName: '长沙市星火科技有限公司', legentName: '赵刚', addrDetail: '麓谷大道 1 号' });
    const saved = sessionStorage.getItem(REGISTER_STORAGE_KEY)!;
    useRegisterStore.setState({ account: null, unit: null });
    sessionStorage.setItem(REGISTER_STORAGE_KEY, saved);
    await useRegisterStore.persist.rehydrate();

    page();
    expect(screen.getByTestId('register-restored')).toBeTruthy();
    expect((screen.getByTestId('reg-empName') as HTMLInputElement).value).toBe('长沙市星火科技有限公司');
    expect((screen.getByTestId('reg-legentName') as HTMLInputElement).value).toBe('赵刚');
    expect((screen.getByTestId('reg-addrDetail') as HTMLInputElement).value).toBe('麓谷大道 1 号');
    expect(screen.getByText('xinghuo_01')).toBeTruthy();
    expect((screen.getByTestId('reg-pwd') as HTMLInputElement).value).toBe('');

    type('reg-pwd', 'Again@2026pw');
    type('reg-confirmPassword', 'Again@2026pw');
    type('reg-legentTel', '13900001111');
    await waitFor(() => expect(useRegisterStore.getState().unit?.legentTel).toBe('13900001111'));
    expect(sessionStorage.getItem(REGISTER_STORAGE_KEY)).not.toContain('Again@2026pw');
    expect(useRegisterStore.getState().unit).not.toHaveProperty('pwd');

    // The passwords are required again.
    type('reg-pwd', '');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(errors()).toContain('请输入密码'));
    expect(callsOf('insertRegisterInfo')).toEqual([]);
  });
});
