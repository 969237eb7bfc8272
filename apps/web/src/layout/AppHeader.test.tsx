import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { recordingNavigator, setPageNavigator } from '../lib/navigator';
import { StorageKey, TokenCookie } from '../lib/storage';
import { personalSession, renderInShell, unitSession } from '../test/render';
import { resetAppStore, SIDEBAR_COOKIE, useAppStore } from '../stores/app';
import { AppHeader, LOGOUT_CONFIRM } from './AppHeader';
import { Sidebar } from './Sidebar';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../lib/request', () => ({ request: requests }));
const callsOf = (name: string) => requests.call.mock.calls.filter(([c]) => c.name === name);

let recorder = recordingNavigator();
let restore = () => {};
beforeEach(() => {
  recorder = recordingNavigator();
  restore = setPageNavigator(recorder.navigator);
  // Three unread messages; the logout and any other call answer plainly.
  requests.call
    .mockReset()
    .mockImplementation(async (call: { name: string }) => ({ code: 0, data: call.name === 'mailPage' ? { list: [], totlCnt: 3 } : null }));
  resetAppStore();
});
afterEach(() => restore());

const shell = (session = unitSession) =>
  renderInShell(
    <>
      <AppHeader />
      <Sidebar />
    </>,
    { path: '/Home', session, routes: [{ path: '/mail' }, { path: '/personal-password' }] },
  );

describe('header (R14)', () => {
  it('logo to /Home, the hall link in a new window, the user name and the unread count', async () => {
    shell();
    expect(screen.getByTestId('header-logo').getAttribute('href')).toBe('/Home');
    const hall = screen.getByTestId('return-hall');
    expect(hall.textContent).toContain('返回医疗互助网上大厅');
    expect(hall.getAttribute('href')).toBe('/gatePage?showFlag=true');
    expect(hall.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('user-menu').textContent).toContain('长沙市示范联合基层工会');
    await waitFor(() => expect(screen.getByTestId('mail-count').textContent).toBe('3'));
  });

  it('names every header button in Chinese, also when phones show icons only', async () => {
    shell();
    await screen.findByRole('button', { name: '收件箱，3条未读' });
    // Accessible names do not depend on the labels that CSS hides on small screens.
    for (const name of ['收起菜单', '返回医疗互助网上大厅（新窗口）', '收件箱，3条未读', '长沙市示范联合基层工会，账号菜单', '退出登录']) {
      expect(screen.getByRole(name.startsWith('返回') ? 'link' : 'button', { name }), name).toBeTruthy();
    }
    // The title is one line: the city prefix is a part phones hide (layout.css), never a line break.
    const title = screen.getByTestId('header-logo').querySelector('.app-header__title')!;
    expect(title.textContent).toBe('长沙市总工会职工医疗互助网上服务大厅');
    expect(title.querySelector('.app-header__city')!.textContent).toBe('长沙市总工会');
    expect(title.getAttribute('title')).toBe('长沙市总工会职工医疗互助网上服务大厅');
  });

  it('the mail icon opens /mail', async () => {
    const { router } = shell();
    fireEvent.click(screen.getByTestId('mail-badge'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mail'));
  });

  it('unit users change the password in a dialog from the name', async () => {
    shell();
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('修改密码'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(await screen.findByTestId('password-old')).toBeTruthy();
    expect(screen.getByTestId('password-new')).toBeTruthy();
  });

  it('personal users reach the 个人密码修改 screen from the name', async () => {
    const { router } = shell(personalSession);
    expect(screen.getByTestId('user-menu').textContent).toContain('李华');
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('修改密码'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/personal-password'));
  });
});

describe('logout (R25, R26)', () => {
  it('asks 操作提示 / 确定退出系统吗？ with 确定 and 取消; 取消 stays', async () => {
    shell();
    fireEvent.click(screen.getByTestId('logout'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('操作提示');
    expect(dialog.textContent).toContain('确定退出系统吗？');
    expect(LOGOUT_CONFIRM).toEqual({ title: '操作提示', content: '确定退出系统吗？', okText: '确定', cancelText: '取消' });
    // Exactly 确定 / 取消: antd must not insert a space between two Chinese characters.
    expect(screen.getByTestId('logout-confirm').textContent).toBe('确定');
    expect(screen.getByRole('button', { name: '取消' }).textContent).toBe('取消');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    // 取消 has been handled once the confirm starts its closing motion (jsdom never finishes it);
    // 确定 would have called the server before closing.
    await waitFor(() => expect(dialog.className).toMatch(/-leave/));
    expect(callsOf('unitLogout')).toEqual([]);
    expect(recorder.calls).toEqual([]);
  });

  it('确定 calls the server logout for the login type, clears the session and returns to the gateway', async () => {
    Cookies.set(TokenCookie.access, 'token-1');
    sessionStorage.setItem(StorageKey.loginType, 'personal');
    shell(personalSession);
    fireEvent.click(screen.getByTestId('logout'));
    fireEvent.click(await screen.findByTestId('logout-confirm'));
    await waitFor(() => expect(recorder.calls).toEqual([['replace', '/gatePage?tab=personal']]));
    expect(callsOf('personalLogout')).toHaveLength(1);
    expect(Cookies.get(TokenCookie.access)).toBeUndefined();
    expect(sessionStorage.getItem(StorageKey.loginType)).toBeNull();
  });
});

describe('sidebar (R15, R34)', () => {
  it('collapses and expands from the header, remembered in the sidebarStatus cookie', () => {
    shell();
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar.getAttribute('data-opened')).toBe('true');
    fireEvent.click(screen.getByTestId('sidebar-toggle'));
    expect(screen.getByTestId('sidebar').getAttribute('data-opened')).toBe('false');
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('0');
    resetAppStore(); // a new start reads the cookie
    expect(useAppStore.getState().sidebarOpened).toBe(false);
    fireEvent.click(screen.getByTestId('sidebar-toggle'));
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('1');
  });

  it('lists the role menu as links (the menu is a chunk of its own)', async () => {
    shell();
    expect((await screen.findByRole('link', { name: '申请审核' })).getAttribute('href')).toBe('/apply-examine');
    expect(screen.getByRole('link', { name: '首页' }).getAttribute('href')).toBe('/Home');
  });

  it('on a mobile width the sidebar closes and the choice is not remembered', () => {
    Cookies.set(SIDEBAR_COOKIE, '1');
    resetAppStore();
    useAppStore.getState().setDevice('mobile');
    expect(useAppStore.getState().sidebarOpened).toBe(false);
    useAppStore.getState().toggleSidebar();
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('1');
    useAppStore.getState().setDevice('desktop');
    expect(useAppStore.getState().sidebarOpened).toBe(true);
  });
});
