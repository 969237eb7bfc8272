import { Link } from 'react-router';
import { useRouteHandle } from '../lib/route-handle';
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

/** Breadcrumb from the route titles, drawn like antd's (whose Breadcrumb pulls in Dropdown). */
export function AppBreadcrumb({ pathname }: { pathname: string }) {
  const trail = breadcrumbTrail(useRouteHandle(), pathname);
  const crumbs = [HOME_CRUMB, ...trail];
  return (
    <nav className="app-breadcrumb" aria-label="面包屑" data-testid="breadcrumb">
      <ol>
        {crumbs.map((title, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${index}-${title}`}>
              {index === 0 && !last ? <Link to="/Home">{title}</Link> : <span aria-current={last ? 'page' : undefined}>{title}</span>}
              {last ? null : (
                <span className="app-breadcrumb__separator" aria-hidden="true">
                  /
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
