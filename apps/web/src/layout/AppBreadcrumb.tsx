import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { useRouteHandle } from '../app/RootShell';
import type { RouteHandle } from '../app/routes';

export const HOME_CRUMB = '首页';

/**
 * The trail after 首页 (R13, R17): the route's own breadcrumb when it names one (个人密码修改
 * reads 修改密码), else its menu group and title; /Home is 首页 alone.
 */
export function breadcrumbTrail(handle: RouteHandle | undefined, pathname: string): string[] {
  if (!handle || pathname === '/Home') return [];
  if (handle.meta.breadcrumb) return [...handle.meta.breadcrumb];
  return handle.group ? [handle.group, handle.meta.title] : [handle.meta.title];
}

export function AppBreadcrumb({ pathname }: { pathname: string }) {
  const trail = breadcrumbTrail(useRouteHandle(), pathname);
  const items = [
    { title: trail.length ? <Link to="/Home">{HOME_CRUMB}</Link> : HOME_CRUMB },
    ...trail.map((title) => ({ title })),
  ];
  return <Breadcrumb className="app-breadcrumb" items={items} data-testid="breadcrumb" />;
}
