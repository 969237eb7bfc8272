import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation } from 'react-router';
import { menuFor } from '../app/access';
import { SmartLink } from '../components/SmartLink';
import { useFeatureFlags } from '../lib/feature-flags';
import { useSignedInSession } from '../stores/use-signed-in';
import { GROUP_ICONS, MenuIcon } from './menu-icons';

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

/** The sidebar's menu (R15): the session's pages, their groups open, the current page selected. */
export default function SidebarMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { items, groups } = useMenuItems();
  return (
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
  );
}
