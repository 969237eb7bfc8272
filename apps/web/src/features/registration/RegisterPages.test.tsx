import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderInShell } from '../../test/render';
import RegisterNextPage from './RegisterNextPage';
import RegisterPage from './RegisterPage';
import { useRegisterStore } from './register-store';

// antd forms validate asynchronously; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 4000 });

const api = vi.hoisted(() => ({
  fetchFirstContacts: vi.fn(),
  searchFirstContacts: vi.fn(),
  checkUnitInfo: vi.fn(),
  insertRegisterInfo: vi.fn(),
}));
vi.mock('./api', () => api);
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
  for (const fn of Object.values(api)) fn.mockReset();
  api.fetchFirstContacts.mockResolvedValue([
    { uact: 'lhgh92001', empName: '长沙市高新区联合基层工会', uniType: '92' },
    { uact: 'hygh93001', empName: '长沙市建筑行业工会', uniType: '93' },
  ]);
  api.checkUnitInfo.mockResolvedValue(undefined);
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const messageOf = (testId: string) => screen.getByTestId(testId).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

const ACCOUNT = { empUact: 'xinghuo_01', pwd: 'Hall@2026pw', confirmPassword: 'Hall@2026pw', parentUact: 'lhgh92001', parentName: '长沙市高新区联合基层工会' };

describe('/register (step 1)', () => {
  const page = () =>
    renderInShell(<RegisterPage />, { path: '/register', session: null, routes: [{ path: '/registerNext', element: <div data-testid="step-2" /> }] });

  it('marks the required fields and says what is missing, sending nothing (R36)', async () => {
    page();
    expect(screen.getByText('为必填项')).toBeTruthy();
    const required = [...document.querySelectorAll('.ant-form-item-required')].map((label) => label.textContent);
    expect(required).toEqual(['单位账号', '登录密码', '确认密码', '上级工会']);
    fireEvent.click(screen.getByTestId('register-next'));
    await waitFor(() => expect(errors()).toEqual(['请输入单位账号', '请输入密码', '请再次输入密码', '请选择上级工会']));
    expect(api.checkUnitInfo).not.toHaveBeenCalled();
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
    expect(api.checkUnitInfo).not.toHaveBeenCalled();
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
    expect(api.checkUnitInfo).toHaveBeenCalledWith({ empUact: 'xinghuo_01' });
    expect(useRegisterStore.getState().account).toEqual({ ...ACCOUNT, parentUact: 'hygh93001', parentName: '长沙市建筑行业工会' });
  });

  it('stays on step 1 when the account is taken', async () => {
    api.checkUnitInfo.mockRejectedValue(new Error('该单位账号已被注册，请更换账号'));
    useRegisterStore.getState().saveAccount(ACCOUNT);
    page();
    expect((screen.getByTestId('reg-empUact') as HTMLInputElement).value).toBe('xinghuo_01'); // kept from before
    fireEvent.click(screen.getByTestId('register-next'));
    await waitFor(() => expect(api.checkUnitInfo).toHaveBeenCalled());
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

  it('without step 1 (or after a reload cleared the passwords) sends the visitor back', () => {
    useRegisterStore.getState().saveAccount({ ...ACCOUNT, pwd: '', confirmPassword: '' });
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
    expect(api.insertRegisterInfo).not.toHaveBeenCalled();
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
});
