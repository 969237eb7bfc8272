import { expect, type Page, test } from '@playwright/test';
import { consoleLogin, consoleMenu } from '../support/console';

/**
 * The console's tag bar (issue 19: the layout like the portal's): the pages opened become tags
 * beside the pinned 工作台, a tag closes, and a reload keeps the bar (the console's own session key).
 */

const tagPaths = (page: Page) =>
  page
    .getByTestId('tags-view')
    .getByTestId('tag')
    .evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-path')));

test('open two pages: their tags show; close one; a reload keeps the rest', async ({ page }) => {
  await consoleLogin(page, 'ops-review');
  await expect.poll(() => tagPaths(page)).toEqual(['/']);
  await consoleMenu(page).getByRole('link', { name: '关系转移' }).click();
  await expect(page.getByRole('heading', { name: '关系转移' })).toBeVisible();
  await consoleMenu(page).getByRole('link', { name: '异地就医备案' }).click();
  await expect(page.getByRole('heading', { name: '异地就医备案' })).toBeVisible();
  await expect.poll(() => tagPaths(page)).toEqual(['/', '/transfers', '/filings']);
  const bar = page.getByTestId('tags-view');
  await expect(bar.getByTestId('tag')).toHaveText(['工作台', '关系转移', '异地就医备案']);
  await expect(bar.locator('[data-path="/filings"]')).toHaveAttribute('aria-current', 'page');
  await expect(bar.locator('[data-path="/"]').getByTestId('tag-close')).toHaveCount(0);

  // Closing the shown page goes to the last tag left.
  await bar.locator('[data-path="/filings"]').getByTestId('tag-close').click();
  await expect(page).toHaveURL(/\/console\/transfers$/);
  await expect.poll(() => tagPaths(page)).toEqual(['/', '/transfers']);

  await page.reload();
  await expect(page.getByRole('heading', { name: '关系转移' })).toBeVisible();
  await expect.poll(() => tagPaths(page)).toEqual(['/', '/transfers']);
  expect(await page.evaluate(() => sessionStorage.getItem('hall-tags'))).toBeNull();
});
