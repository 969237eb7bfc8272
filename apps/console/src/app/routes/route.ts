import type { ComponentType, LazyExoticComponent } from 'react';
import type { Call } from '@hall/shared/contracts/define.ts';

/** The sidebar's areas (routes/index.ts MENU_GROUPS); the workbench stands above them. */
export type MenuGroup = 'review' | 'finance' | 'data' | 'reports' | 'admin';

/** One page of the console: where, its menu title, group and icon, and the contracts it cannot work without. */
export interface ConsoleRoute {
  /** Under /console ('' is the index). */
  path: string;
  title: string;
  /** The sidebar's area; none: a top-level item (工作台). */
  group?: MenuGroup;
  /** An @ant-design/icons component. */
  icon: ComponentType;
  /** The calls the page makes to show itself: the roles must admit each of them (shared `mayCall`). */
  calls: readonly Call[];
  page: LazyExoticComponent<ComponentType>;
}
