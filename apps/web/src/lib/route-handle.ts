import { createContext, useContext } from 'react';
import { useMatches } from 'react-router';

/**
 * What a route carries to its components (React Router `handle`), and the hook that reads it. The
 * route table (app/routes.ts) fills it; layouts and pages read it here, so none of them imports app/.
 */

export type MenuGroup = '基础管理' | '网上经办' | '综合查询';

/** Icon names; layout/menu-icons.tsx maps them to individually imported icons. */
export type IconName =
  | 'home'
  | 'mail'
  | 'todo'
  | 'union'
  | 'history'
  | 'enterprise'
  | 'branch'
  | 'profile'
  | 'apply'
  | 'payment'
  | 'staff'
  | 'subsidy'
  | 'review'
  | 'treatment'
  | 'record'
  | 'participation'
  | 'basic'
  | 'handling'
  | 'query';

export interface RouteMeta {
  title: string;
  icon?: IconName;
  /** Needs an active medical-insurance registration (R49); the page explains when it is missing. */
  needInsured?: boolean;
  /** Pinned tab that cannot be closed (R16). */
  affix?: boolean;
  /** Kept alive while its tag is open (React <Activity>). */
  keepAlive?: boolean;
  /** Not in the menu. */
  hidden?: boolean;
  /** Breadcrumb trail after 首页 when it differs from group + title (R13). */
  breadcrumb?: readonly string[];
  /** Shown in the menu only while this feature flag is on (spec §9; the page says so when it is off). */
  flag?: 'batch' | 'archives' | 'evaluation';
}

/** Breadcrumb head of the transfer layout (R12). */
export type TransferGroup = '网上经办' | '业务查询';

/** Data a route carries to its components (React Router `handle`). */
export interface RouteHandle {
  meta: RouteMeta;
  group?: MenuGroup;
  transferGroup?: TransferGroup;
}

/**
 * The route a kept-alive page was rendered for (layout/AppMain.tsx): while hidden behind another
 * page it must still read its own meta, not that of the address on screen.
 */
export const PinnedRouteHandle = createContext<RouteHandle | undefined>(undefined);

/** The deepest matched route's handle (title, keep-alive, …), or the pinned one of a kept-alive page. */
export function useRouteHandle(): RouteHandle | undefined {
  const pinned = useContext(PinnedRouteHandle);
  const matches = useMatches();
  if (pinned) return pinned;
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.meta) return handle;
  }
  return undefined;
}
