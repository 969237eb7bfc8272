import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation } from 'react-router';
import { menuFor } from '../app/access';
import { Emblem } from '../components/Emblem';
import { SmartLink } from '../components/SmartLink';
import { useAppStore } from '../stores/app';
import { useFeatureFlags } from '../lib/feature-flags';
import { useSettingsStore } from '../stores/settings';
import { useSignedInSession } from '../stores/use-signed-in';
import { GROUP_ICONS, MenuIcon } from './menu-icons';

const loadDrawer = () => import('./SidebarDrawer');
const SidebarDrawer = lazy(loadDrawer);

/** Menu items of the session: 首页, then the groups with their pages as real links. */
export function useMenuItems(): { items: MenuProps['items']; groups: string[] } {
  const session = useSignedInSession();
  const flags = useFeatureFlags();
  return useMemo(() => {
    const menu = menuFor(session, flags);
    const link = (path: string, title: string) => (
      <SmartLink to={path} className="sidebar-link">
        {title}
      </SmartLink>
    );
    const items: NonNullable<MenuProps['items']> = [];
    if (menu.home)
      items.push({ key: menu.home.path, icon: <MenuIcon name={menu.home.icon} />, label: link(menu.home.path, menu.home.title) });
    for (const section of menu.sections) {
      items.push({
        key: section.group,
        icon: <MenuIcon name={GROUP_ICONS[section.group]} />,
        label: section.group,
        children: section.items.map((item) => ({
          key: item.path,
          icon: <MenuIcon name={item.icon} />,
          label: link(item.path, item.title),
        })),
      });
    }
    return { items, groups: menu.sections.map((section) => section.group) };
  }, [session, flags]);
}

function SidebarMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { items, groups } = useMenuItems();
  const sidebarLogo = useSettingsStore((state) => state.sidebarLogo);
  return (
    <>
      {sidebarLogo ? (
        <div className="sidebar-logo" data-testid="sidebar-logo">
          <Emblem size={28} />
          {collapsed ? null : <span>医疗互助服务大厅</span>}
        </div>
      ) : null}
      <Menu
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        defaultOpenKeys={groups}
        inlineCollapsed={collapsed}
        inlineIndent={16}
        onClick={onNavigate}
        className="sidebar-menu"
        data-testid="sidebar-menu"
      />
    </>
  );
}

/**
 * The sidebar (R15, R34): 230px, collapsible to icons on desktop (remembered in a cookie);
 * under 992px a drawer that starts closed and closes after a choice.
 */
export function Sidebar() {
  const opened = useAppStore((state) => state.sidebarOpened);
  const device = useAppStore((state) => state.device);
  const closeSidebar = useAppStore((state) => state.closeSidebar);

  if (device === 'mobile') return <MobileSidebar opened={opened} onClose={closeSidebar} />;
  return (
    <aside className={opened ? 'app-sidebar' : 'app-sidebar app-sidebar--collapsed'} data-testid="sidebar" data-opened={opened}>
      <SidebarMenu collapsed={!opened} />
    </aside>
  );
}

/**
 * The drawer starts closed, so the first screen neither waits for its chunk nor mounts it: it is
 * fetched when the page is idle and mounted at the first opening (a lazy component that suspends
 * in the first render held the whole layout, and the page's calls, for one more round trip).
 */
function MobileSidebar({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1500));
    idle(() => void loadDrawer());
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SidebarDrawer open={opened} onClose={onClose}>
        <SidebarMenu collapsed={false} onNavigate={onClose} />
      </SidebarDrawer>
    </Suspense>
  );
}
