import { FEATURE_FLAG_DEFAULTS, type FeatureFlags } from '@hall/shared/feature-flags.ts';
import type { Session } from '../lib/storage';
import { layoutRoutes, MENU_GROUPS, transferRoutes, type IconName, type MenuGroup, type PageRoute, type Role } from './routes';

/**
 * Access is a pure function of the stored user (R5, R8-R10, R48). The menu and the route set
 * come from here; the server checks the same rules on every call (a hidden menu is no permission).
 */

/** The role that picks a user's routes: units by level and union type, persons as such. */
export function roleOf(session: Session): Role {
  if (session.loginType === 'personal') return 'personal';
  const { uactLevel, uniType } = session.unit;
  if (Number(uactLevel) !== 1) return 'unit';
  switch (String(uniType)) {
    case '92':
      return 'union92';
    case '93':
      return 'union93';
    case '99':
      return 'union99';
    default:
      return 'unit'; // a top-level account of an unknown type gets the basic menus only
  }
}

const allowed = (route: PageRoute, role: Role) => !route.roles || route.roles.includes(role);

/** Layout routes the session may use (no session: none, R5). */
export function layoutRoutesFor(session: Session | null): PageRoute[] {
  if (!session) return [];
  const role = roleOf(session);
  return layoutRoutes.filter((route) => allowed(route, role));
}

/** Transfer-layout routes the session may use. */
export function transferRoutesFor(session: Session | null) {
  if (!session) return [];
  const role = roleOf(session);
  return transferRoutes.filter((route) => allowed(route, role));
}

export interface MenuLink {
  path: string;
  title: string;
  icon?: IconName;
}
export interface MenuSection {
  group: MenuGroup;
  items: MenuLink[];
}
export interface Menu {
  home: MenuLink | null;
  sections: MenuSection[];
}

const linkOf = (route: PageRoute): MenuLink => ({ path: route.path, title: route.meta.title, icon: route.meta.icon });

/**
 * The sidebar: 首页, then 基础管理 / 网上经办 / 综合查询 with the visible routes of each. A route of a
 * feature flag (meta.flag) is listed only while the flag is on (defaults of spec §9 until read).
 */
export function menuFor(session: Session | null, flags: FeatureFlags = FEATURE_FLAG_DEFAULTS): Menu {
  const routes = layoutRoutesFor(session).filter((route) => !route.meta.hidden && (!route.meta.flag || flags[route.meta.flag]));
  const home = routes.find((route) => route.path === '/Home');
  const sections = MENU_GROUPS.map((group) => ({
    group,
    items: routes.filter((route) => route.group === group).map(linkOf),
  })).filter((section) => section.items.length > 0);
  return { home: home ? linkOf(home) : null, sections };
}
