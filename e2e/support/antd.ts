import { expect, type Locator } from '@playwright/test';

/**
 * Waits until an open antd popup (select list, cascader, dropdown menu) has finished sliding in:
 * antd moves it for ~200 ms, and a click that lands while it re-renders at the end of the motion
 * can miss its item (a select left open and empty; a menu item whose action never runs).
 */
export async function settled(popup: Locator) {
  await expect(popup).toBeVisible();
  await expect(popup).not.toHaveClass(/-(enter|appear)\b/);
}
