import { mayCall, type OperatorRole } from '@hall/shared/operator-roles.ts';
import { adminRoutes } from './admin';
import { dataRoutes } from './data';
import { financeRoutes } from './finance';
import { reportRoutes } from './reports';
import { reviewRoutes } from './review';
import type { ConsoleRoute, MenuGroup } from './route';
import { workbenchRoute } from './workbench';

export type { ConsoleRoute, MenuGroup } from './route';

/**
 * The one route table: the router, the sidebar (grouped by area) and the breadcrumb read it. Each
 * area keeps its rows in its own file (review.ts, finance.ts, data.ts, reports.ts, admin.ts); a page is one row.
 */
export const consoleRoutes: readonly ConsoleRoute[] = [
  workbenchRoute,
  ...reviewRoutes,
  ...financeRoutes,
  ...dataRoutes,
  ...reportRoutes,
  ...adminRoutes,
];

/** The sidebar's groups, in order: the area a page belongs to. */
export const MENU_GROUPS: readonly { key: MenuGroup; title: string }[] = [
  { key: 'review', title: '业务审核' },
  { key: 'finance', title: '财务' },
  { key: 'data', title: '数据管理' },
  { key: 'reports', title: '统计' },
  { key: 'admin', title: '系统管理' },
];

/** Whether the roles admit a page: every call it needs. The server refuses the calls anyway; this keeps the menu honest. */
export const admits = (route: Pick<ConsoleRoute, 'calls'>, roles: readonly OperatorRole[]) =>
  route.calls.every((call) => mayCall(call, roles));

/** The sidebar of an operator: the pages its roles admit, in the table's order. */
export const menuFor = (roles: readonly OperatorRole[]) => consoleRoutes.filter((route) => admits(route, roles));

/** The page of a path under /console (no trailing slash), or undefined. */
export const routeOf = (pathname: string) => {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  return consoleRoutes.find((route) => route.path === path);
};

/** The path of a route in the router (basename /console). */
export const linkOf = (route: Pick<ConsoleRoute, 'path'>) => `/${route.path}`;
