import { Suspense, useEffect, useMemo, useState } from 'react';
import { Breadcrumb, Button, Drawer, Grid, Menu, Spin, Tag } from 'antd';
import MenuOutlined from '@ant-design/icons/MenuOutlined';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { TagsView } from '@hall/client/tags/TagsView.tsx';
import type { VisitedView } from '@hall/client/tags/tags-store.ts';
import { OPERATOR_ROLE_LABELS } from '@hall/shared/operator-roles.ts';
import { linkOf, MENU_GROUPS, menuFor, routeOf, type ConsoleRoute } from '../app/routes';
import { LogoutButton } from '../features/auth/LogoutButton';
import { GlobalSearch } from '../features/search/GlobalSearch';
import { consoleTitle, unionName } from '../lib/config';
import type { ConsoleOutlet } from '../lib/open-pages';
import type { Operator } from '../lib/session';
import { useConsoleTags } from '../lib/tags';
import './layout.css';

function SidebarMenu({ operator, onNavigate }: { operator: Operator; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const menu = menuFor(operator.roles);
  const item = (route: ConsoleRoute) => ({
    key: linkOf(route),
    icon: <route.icon />,
    label: <Link to={linkOf(route)}>{route.title}</Link>,
  });
  // Top-level pages first (工作台), then each area the roles reach, as a titled group.
  const items = [
    ...menu.filter((route) => !route.group).map(item),
    ...MENU_GROUPS.flatMap((group) => {
      const pages = menu.filter((route) => route.group === group.key);
      return pages.length ? [{ type: 'group' as const, key: group.key, label: group.title, children: pages.map(item) }] : [];
    }),
  ];
  const selected = `/${pathname.split('/')[1] ?? ''}`;
  return (
    <Menu mode="inline" items={items} selectedKeys={[selected]} onClick={onNavigate} className="console-menu" data-testid="console-menu" />
  );
}

/**
 * The open pages as tags (the portal's bar): 工作台 pinned when the roles open it, then each page
 * entered; 刷新 mounts the page afresh (`generation`, the key of the page area).
 */
function useConsoleTagsOf(operator: Operator) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [generation, setGeneration] = useState(0);
  const pages = useMemo(() => menuFor(operator.roles), [operator.roles]);
  const route = routeOf(pathname);
  const home = pages[0] ? linkOf(pages[0]) : '/';
  const pinned = pages.find((page) => page.path === '');

  useEffect(() => {
    const { addView } = useConsoleTags.getState();
    if (pinned) addView({ path: '/', name: 'workbench', fullPath: '/', title: pinned.title, affix: true });
    if (route && route !== pinned && pages.includes(route))
      addView({ path: linkOf(route), name: route.path, fullPath: linkOf(route) + search, title: route.title });
  }, [pinned, route, pages, search]);

  const refresh = (view: VisitedView) => {
    if (view.path !== linkOf(route ?? { path: '' })) navigate(view.fullPath);
    setGeneration((n) => n + 1);
  };
  return { home, generation, refresh };
}

/**
 * The console's frame, like the portal's: header (title, the operator's name and roles, 退出登录),
 * sidebar from the route table by the operator's roles, breadcrumb, the tags of the open pages, the
 * page. Under 992 px the sidebar is a drawer.
 */
export function ConsoleLayout({ operator }: { operator: Operator }) {
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const narrow = screens.lg === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const route = routeOf(pathname);
  const title = route?.title ?? '页面不存在';
  const outlet: ConsoleOutlet = { pages: menuFor(operator.roles).map((page) => page.path) };
  const tags = useConsoleTagsOf(operator);

  useEffect(() => {
    document.title = `${title} - ${consoleTitle}`;
  }, [title]);

  return (
    <div className="console-app" data-testid="console-layout">
      <header className="console-header">
        {narrow ? (
          <Button
            type="text"
            className="console-header__toggle"
            icon={<MenuOutlined />}
            aria-label="打开菜单"
            onClick={() => setDrawerOpen(true)}
          />
        ) : null}
        <span className="console-header__title">{narrow ? `${unionName}管理后台` : consoleTitle}</span>
        <GlobalSearch compact={narrow} />
        <span className="console-header__operator" data-testid="console-operator">
          <span className="console-header__name">{operator.name}</span>
          {operator.roles.map((role) => (
            <Tag key={role} color="blue" variant="outlined" className="console-header__role">
              {OPERATOR_ROLE_LABELS[role]}
            </Tag>
          ))}
          <LogoutButton type="text" />
        </span>
      </header>
      <div className="console-body">
        {narrow ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={230}
            title="菜单"
            styles={{ body: { padding: 0 } }}
          >
            <SidebarMenu operator={operator} onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        ) : (
          <aside className="console-sidebar">
            <SidebarMenu operator={operator} />
          </aside>
        )}
        <div className="console-column">
          <TagsView store={useConsoleTags} home={tags.home} onRefresh={tags.refresh} />
          <Breadcrumb
            className="console-breadcrumb"
            items={[{ title: <Link to="/">管理后台</Link> }, ...(route?.path === '' ? [] : [{ title }])]}
            data-testid="console-breadcrumb"
          />
          <main className="console-main" key={tags.generation}>
            <Suspense fallback={<Spin className="console-loading" />}>
              <Outlet context={outlet} />
            </Suspense>
          </main>
        </div>
      </div>
    </div>
  );
}
