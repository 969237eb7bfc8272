import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { App, Button } from 'antd';
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import BellOutlined from '@ant-design/icons/BellOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import DownOutlined from '@ant-design/icons/DownOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import { Link, useNavigate } from 'react-router';
import { Emblem } from '../components/Emblem';
import { appConfig, productTitle } from '../lib/config';
import { sessionUserName, type LoginType } from '../lib/storage';
import { useAppStore } from '../stores/app';
import { useSignedInSession } from '../stores/use-signed-in';
import { signOut } from '../lib/sign-out';
import { useUnreadCount } from '../features/mail/api/unread';
import { useUserInfo } from '../lib/user-info';
import { whenIdle } from '../lib/idle';

// The dialog's form code loads only when a unit user opens it.
const PasswordDialog = lazy(() => import('../features/auth/components/PasswordDialog'));
// antd's Dropdown (about 10 KB gzip and its styles) comes after the first screen: fetched when idle, mounted at the first click.
const loadUserMenu = () => import('./UserMenu');
const UserMenu = lazy(loadUserMenu);

/** Texts of the logout confirmation (R26). */
export const LOGOUT_CONFIRM = { title: '操作提示', content: '确定退出系统吗？', okText: '确定', cancelText: '取消' } as const;

/** 退出登录 with the confirmation dialog; on 确定 the server logout runs, then the gateway. */
export function useLogoutConfirm(loginType: LoginType) {
  const { modal } = App.useApp();
  return () =>
    modal.confirm({
      ...LOGOUT_CONFIRM,
      okButtonProps: { 'data-testid': 'logout-confirm' },
      onOk: () => signOut(loginType),
    });
}

/**
 * The top header (R14): logo → /Home; 返回医疗互助网上大厅 in a new window; mail with the unread
 * count; the user's name (units: 修改密码 dialog; persons: the password screen); 退出登录.
 */
export function AppHeader() {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const opened = useAppStore((state) => state.sidebarOpened);
  const toggleSidebar = useAppStore((state) => state.toggleSidebar);
  const unread = useUnreadCount(session);
  const confirmLogout = useLogoutConfirm(session.loginType);
  const [passwordOpen, setPasswordOpen] = useState(false);
  // A first password a union gave must be changed before anything else (issue 10).
  const forced = useUserInfo().data?.mustChangePassword === true && session.loginType === 'unit';

  const changePassword = () => (session.loginType === 'unit' ? setPasswordOpen(true) : navigate('/personal-password'));
  const [menuWanted, setMenuWanted] = useState(false);
  const userButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => whenIdle(() => void loadUserMenu()), []);
  const userButton = (
    <button
      ref={userButtonRef}
      type="button"
      className="app-header__user"
      aria-label={`${sessionUserName(session)}，账号菜单`}
      data-testid="user-menu"
      // Until the menu's code is here; then the Dropdown around it opens and closes it.
      onClick={menuWanted ? undefined : () => setMenuWanted(true)}
    >
      <UserOutlined />
      <span className="app-header__label app-header__name">{sessionUserName(session)}</span>
      <DownOutlined className="app-header__caret" />
    </button>
  );

  return (
    <header className="app-header" data-testid="app-header">
      <button
        type="button"
        className="app-header__toggle"
        onClick={toggleSidebar}
        aria-label={opened ? '收起菜单' : '展开菜单'}
        aria-expanded={opened}
        data-testid="sidebar-toggle"
      >
        {opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      <Link to="/Home" className="app-header__brand" data-testid="header-logo">
        <Emblem size={34} />
        {/* One line, ellipsised if need be; phones drop the city prefix (never a mid-word break). */}
        <span className="app-header__title" title={productTitle}>
          <span className="app-header__city">{productTitle.slice(0, appConfig.cityName.length + 3)}</span>
          {productTitle.slice(appConfig.cityName.length + 3)}
        </span>
      </Link>
      <div className="app-header__actions">
        <a
          href="/gatePage?showFlag=true"
          target="_blank"
          rel="noopener"
          className="app-header__hall"
          title="返回医疗互助网上大厅"
          aria-label="返回医疗互助网上大厅（新窗口）"
          data-testid="return-hall"
        >
          <ExportOutlined />
          <span className="app-header__label">返回医疗互助网上大厅</span>
        </a>
        <button
          type="button"
          className="app-header__mail"
          onClick={() => navigate('/mail')}
          aria-label={`收件箱，${unread}条未读`}
          data-testid="mail-badge"
        >
          <BellOutlined className="app-header__mail-icon" />
          {/* A plain count bubble: antd's Badge would add ~3 KB gzip to the first screen. */}
          {unread > 0 ? (
            <sup className="app-header__badge" data-testid="mail-count">
              {unread > 99 ? '99+' : unread}
            </sup>
          ) : null}
        </button>
        {menuWanted ? (
          <Suspense fallback={userButton}>
            {/* The button is a new element inside the Dropdown: the focus the click gave it moves with it. */}
            <UserMenu onChangePassword={changePassword} onMounted={() => userButtonRef.current?.focus()}>
              {userButton}
            </UserMenu>
          </Suspense>
        ) : (
          userButton
        )}
        <Button
          type="text"
          className="app-header__logout"
          icon={<LogoutOutlined />}
          onClick={confirmLogout}
          aria-label="退出登录"
          data-testid="logout"
        >
          <span className="app-header__label">退出登录</span>
        </Button>
      </div>
      {passwordOpen || forced ? (
        <Suspense fallback={null}>
          <PasswordDialog session={session} open forced={forced} onClose={() => setPasswordOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
