import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { consoleLogin, consoleMenu } from '../support/console';
import { registerUnitByApi } from '../support/public';

/**
 * The back office at /console (issue 19, first slice): the operator's login with the hall's
 * captcha, the menu by roles, and a reviewer approving a registration that a unit submitted
 * through the portal's API; finance has no such menu and the page itself refuses.
 */
const menu = consoleMenu;

test('a reviewer approves a pending registration from 单位注册审核', async ({ page }) => {
  const unit = await registerUnitByApi();
  await consoleLogin(page, 'ops-review');
  await expect(page.getByTestId('console-operator')).toContainText('演示审核员');
  await expect(page.getByTestId('console-operator')).toContainText('业务审核');
  await expect(page.getByTestId('queue-registrations')).toContainText('最早已等待');
  await expectAccessible(page, '/console/ 工作台');

  await menu(page).getByRole('link', { name: '单位注册审核' }).click();
  await expect(page).toHaveURL(/\/console\/registrations$/);
  const row = page.getByTestId('registration-table').locator('tr', { hasText: unit.empUact });
  await expect(row).toContainText(unit.empName);
  await expectAccessible(page, '/console/registrations');

  await row.getByTestId(`view-${unit.empUact}`).click();
  const drawer = page.getByTestId('registration-drawer');
  await expect(drawer).toContainText(unit.empName);
  await drawer.getByTestId('drawer-approve').click();
  await page
    .getByRole('dialog', { name: `审核通过：${unit.empName}` })
    .getByRole('button', { name: '审核通过' })
    .click();
  await expect(page.locator('.ant-message-notice')).toContainText(`已审核通过：${unit.empUact}`);
  await expect(page.getByTestId('registration-table').locator('tr', { hasText: unit.empUact })).toHaveCount(0);

  await page.getByTestId('registration-status').getByText('已通过').click();
  await expect(page).toHaveURL(/status=approved/);
  await expect(page.getByTestId('registration-table').locator('tr', { hasText: unit.empUact }).locator('.ant-tag')).toHaveText('审核通过');

  // A deep link after a reload, and the console's own 404.
  await page.reload();
  await expect(page.getByTestId('registration-table').locator('tr', { hasText: unit.empUact })).toBeVisible();
  await page.goto('/console/no-such-page');
  await expect(page.getByTestId('console-404')).toContainText('页面不存在');
});

test('finance has no 单位注册审核: no menu item, and the page says 无权访问', async ({ page }) => {
  await consoleLogin(page, 'ops-finance', { checkAccessible: true });
  await expect(menu(page).getByRole('link', { name: '工作台' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: '单位注册审核' })).toHaveCount(0);
  await page.goto('/console/registrations');
  await expect(page.getByTestId('console-403')).toContainText('无权访问');
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/console\/login$/);
});
