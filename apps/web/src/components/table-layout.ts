import type { Breakpoint } from 'antd';

/**
 * The portal's table width rule (docs/architecture.md, Tables): at 1366×768 the content area
 * beside the 230 px sidebar is about 1,056 px, and every list fits in it without scrolling
 * sideways: the key columns (name or number, status, amount, 操作) always show, at their
 * widths; columns that the detail or the edit form also shows appear only on wider screens.
 * Tables take `scroll={{ x: 'max-content' }}` (as wide as their shown columns), so a phone
 * scrolls the rest sideways with the first and 操作 columns pinned where there is room.
 * e2e/specs/tables.spec.ts holds the rule on every menu page of every role.
 */

/** Shown from 1600 px (antd xxl): the columns a 1366 px screen leaves to the detail. */
export const WIDE_SCREENS_ONLY: Breakpoint[] = ['xxl'];

/** Shown from 1200 px (antd xl): left out on tablets and phones. */
export const DESKTOP_ONLY: Breakpoint[] = ['xl'];

/** Shown from 1920 px (antd xxxl): what even a 1600 px screen leaves to the detail. */
export const LARGEST_SCREENS_ONLY: Breakpoint[] = ['xxxl'];
