import { expect, test } from '@playwright/test';
import { ApiPath } from '@hall/shared';
import { apiPost } from '../support/api';
import {
  Account,
  browserTokens,
  chooseChangePassword,
  DisplayName,
  expectTitle,
  loginThroughForm,
  menuLink,
  readBreadcrumb,
} from '../support/portal';

/** The portal layout (R14, R15, R18, R34). */

test.describe('sidebar', () => {
  test('is 230px, collapses, and the state survives a reload (cookie)', async ({ page, context }) => {
    await loginThroughForm(page, 'unit', Account.unit);
    const sidebar = page.getByTestId('sidebar');
    const toggle = page.getByTestId('sidebar-toggle');
    await expect(sidebar).toHaveAttribute('data-opened', 'true');
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(230);
    await expect(page.getByTestId('sidebar-menu').getByRole('link', { name: '收件箱消息' })).toBeVisible();

    await toggle.click();
    await expect(sidebar).toHaveAttribute('data-opened', 'false');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64);
    expect((await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');

    await page.reload();
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(sidebar).toHaveAttribute('data-opened', 'false');
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64);

    await toggle.click();
    await expect(sidebar).toHaveAttribute('data-opened', 'true');
    await page.reload();
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(sidebar).toHaveAttribute('data-opened', 'true');
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(230);
  });
});

test.describe('on a 390×844 screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is a closed drawer that opens with the toggle (R15, R34)', async ({ page }) => {
    await loginThroughForm(page, 'unit', Account.unit);
    const toggle = page.getByTestId('sidebar-toggle');
    await expect(page.getByTestId('sidebar')).toHaveCount(0); // no desktop sidebar
    await expect(page.getByTestId('sidebar-menu')).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    const menu = page.getByTestId('sidebar-menu');
    await expect(menu).toBeVisible();
    await expect.poll(async () => (await page.locator('.sidebar-drawer').boundingBox())?.width).toBe(230);

    // A choice navigates and closes the drawer.
    await menuLink(page, '/mail').click();
    await expect(page).toHaveURL(/\/mail$/);
    await expectTitle(page, '收件箱消息');
    await expect(menu).toBeHidden();
  });

  test('a remembered open desktop sidebar still starts closed on a small screen', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'sidebarStatus', value: '1', url: baseURL! }]);
    await loginThroughForm(page, 'unit', Account.unit);
    await expect(page.getByTestId('sidebar-menu')).toBeHidden();
  });
});

test.describe('display settings', () => {
  test('固定头部 and 侧边栏 Logo are remembered after a reload', async ({ page }) => {
    await loginThroughForm(page, 'unit', Account.unit);
    const layout = page.getByTestId('main-layout');
    const headerPosition = () => page.getByTestId('app-header').evaluate((el) => getComputedStyle(el).position);
    // Defaults: fixed header on, sidebar logo off.
    await expect(layout).toHaveClass(/app-wrapper--fixed-header/);
    expect(await headerPosition()).toBe('sticky');
    await expect(page.getByTestId('sidebar-logo')).toHaveCount(0);

    await page.getByTestId('settings-button').click();
    const panel = page.getByRole('dialog', { name: '显示设置' });
    await expect(panel).toBeVisible();
    const fixedHeader = panel.getByRole('switch', { name: '固定头部' });
    const sidebarLogo = panel.getByRole('switch', { name: '侧边栏 Logo' });
    await expect(fixedHeader).toBeChecked();
    await expect(sidebarLogo).not.toBeChecked();

    await fixedHeader.click();
    await sidebarLogo.click();
    await expect(fixedHeader).not.toBeChecked();
    await expect(sidebarLogo).toBeChecked();
    await expect(layout).not.toHaveClass(/app-wrapper--fixed-header/);
    expect(await headerPosition()).not.toBe('sticky');
    await expect(page.getByTestId('sidebar-logo')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(layout).not.toHaveClass(/app-wrapper--fixed-header/);
    await expect(page.getByTestId('sidebar-logo')).toBeVisible();
    await page.getByTestId('settings-button').click();
    await expect(panel.getByRole('switch', { name: '固定头部' })).not.toBeChecked();
    await expect(panel.getByRole('switch', { name: '侧边栏 Logo' })).toBeChecked();

    // And the switch turns the fixed header back on.
    await panel.getByRole('switch', { name: '固定头部' }).click();
    await expect(layout).toHaveClass(/app-wrapper--fixed-header/);
  });
});

test.describe('header', () => {
  test('logo leads to /Home; the user name is shown; the footer exists hidden', async ({ page }) => {
    await loginThroughForm(page, 'unit', Account.unit);
    await menuLink(page, '/payment').click();
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByTestId('header-logo')).toHaveText('长沙市总工会职工医疗互助网上服务大厅');
    await page.getByTestId('header-logo').click();
    await expect(page).toHaveURL(/\/Home$/);
    await expect.poll(() => readBreadcrumb(page)).toEqual(['首页']);
    await expect(page.getByTestId('user-menu')).toHaveText(DisplayName[Account.unit]);
    // R18: the medical security bureau notice is there, and hidden.
    const footer = page.locator('footer.app-footer');
    await expect(footer).toHaveCount(1);
    await expect(footer).toBeHidden();
    await expect(footer).toContainText('医疗保障局');
  });

  test('返回医疗互助网上大厅 opens /gatePage?showFlag=true in a new window (R14)', async ({ page, context }) => {
    await loginThroughForm(page, 'unit', Account.unit);
    const link = page.getByTestId('return-hall');
    await expect(link).toHaveText('返回医疗互助网上大厅');
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await popup.waitForLoadState();
    await expect(popup).toHaveURL(/\/gatePage\?showFlag=true$/);
    await expect(popup.getByTestId('login-card')).toBeVisible();
    await expect(popup.getByRole('heading', { level: 1, name: '长沙市总工会职工医疗互助网上服务大厅' })).toBeVisible();
    // The portal stays where it was.
    expect(page.url()).toMatch(/\/Home$/);
    await expect(page.getByTestId('home-page')).toBeVisible();
    await popup.close();
  });

  for (const { kind, account } of [
    { kind: 'unit' as const, account: Account.unit },
    { kind: 'personal' as const, account: Account.personal },
  ]) {
    test(`unread badge shows the server's unread count; the icon opens /mail (${kind}, R14, R24, R47)`, async ({ page, context }) => {
      await loginThroughForm(page, kind, account);
      const { access } = await browserTokens(context);
      expect(access).toBeTruthy();
      const answer = await apiPost(ApiPath.mailPage, { readFlag: '0', pageNum: 1, pageSize: 1 }, access);
      expect(answer.code).toBe(0);
      const unread = Number(answer.data.totlCnt);
      expect(unread).toBeGreaterThan(0); // the demo seed greets every account
      await expect(page.getByTestId('mail-count')).toHaveText(String(unread));
      await expect(page.getByTestId('mail-badge')).toHaveAccessibleName(`收件箱，${unread}条未读`);

      await page.getByTestId('mail-badge').click();
      await expect(page).toHaveURL(/\/mail$/);
      await expectTitle(page, '收件箱消息');
    });
  }

  test('unit user: the name dropdown has 修改密码 that opens the dialog (R14, R48)', async ({ page }) => {
    await loginThroughForm(page, 'unit', Account.unit);
    await chooseChangePassword(page);
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('password-old')).toBeVisible();
    await expect(dialog.getByTestId('password-new')).toBeVisible();
    await dialog.getByRole('button', { name: /取\s?消/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/Home$/);
  });

  test('personal user: no unit dialog; 修改密码 leads to the personal password page', async ({ page }) => {
    await loginThroughForm(page, 'personal', Account.personal);
    await chooseChangePassword(page);
    await expect(page).toHaveURL(/\/personal-password$/);
    await expect(page.getByTestId('personal-password-page')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
