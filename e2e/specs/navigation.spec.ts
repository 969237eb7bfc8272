import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { Account, expectTitle, loginThroughForm, pathOf, readBreadcrumb, submitLoginForm } from '../support/portal';

/** Where paths lead with and without a session (R1-R4, R7, R11, R12). */

test.describe('not logged in', () => {
  test('/ and a non-public path go to the gateway (R3)', async ({ page }) => {
    for (const path of ['/', '/payment', '/mail', '/Home']) {
      await page.goto(path);
      await expect(page, `from ${path}`).toHaveURL(/\/gatePage$/);
      await expect(page.getByRole('tab', { name: '单位用户登录' })).toBeVisible();
      await expectTitle(page, '登录');
    }
  });

  test('public pages open without login (R2, R11)', async ({ page }) => {
    for (const { path, title } of [
      { path: '/allopatrySearch', title: '服务目录' },
      { path: '/register', title: '注册' },
      { path: '/gateNotice', title: '通知公告' },
      { path: '/findback-pwd', title: '找回密码' },
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expectTitle(page, title);
      await expectAccessible(page);
    }
  });

  test('an unknown path goes to /404 (R4)', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('/login?redirect= leads to the gateway, and after login to the page (R11)', async ({ page }) => {
    await page.goto('/login?redirect=/payment');
    await expect(page).toHaveURL(/\/gatePage\?redirect=%2Fpayment$/);
    await submitLoginForm(page, 'unit', Account.unit);
    await expect(page).toHaveURL(/\/payment$/);
    await expectTitle(page, '应缴金额');
    await expect.poll(() => readBreadcrumb(page)).toEqual(['首页', '网上经办', '应缴金额']);
  });

  test('/login without redirect is the gateway', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/gatePage$/);
    // An outside address is not followed.
    await page.goto('/login?redirect=https://example.com/');
    await expect(page).toHaveURL(/\/gatePage$/);
  });

  test('/redirect/{path} re-enters a public page (R1)', async ({ page }) => {
    await page.goto('/redirect/gateNotice');
    await expect(page).toHaveURL(/\/gateNotice$/);
    await expectTitle(page, '通知公告');
  });
});

test.describe('logged in', () => {
  test.beforeEach(async ({ page }) => {
    await loginThroughForm(page, 'unit', Account.unit);
  });

  test('/ goes to /Home (R7)', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/Home$/);
    await expectTitle(page, '首页');
    await expect(page.getByTestId('home-page')).toBeVisible();
  });

  test('an unknown path goes to /404 (R4)', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/404$/);
    await expectTitle(page, '页面不存在');
    await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: /返回首页/ }).click();
    await expect(page).toHaveURL(/\/Home$/);
  });

  // The route set of a level-2 unit does not hold other roles' pages: they are unknown to it,
  // so R4 applies (docs/decisions.md, "Routes from the session"), and the session stays.
  test('a path outside the menu of a level-2 unit goes to /404 (R4, R5)', async ({ page }) => {
    for (const path of ['/apply-examine', '/personalInformationBase', '/uniInformationBase', '/personal-password']) {
      await page.goto(path);
      await expect(page, `from ${path}`).toHaveURL(/\/404$/);
      await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
    }
    await page.goto('/payment');
    await expect(page).toHaveURL(/\/payment$/);
    await expectTitle(page, '应缴金额');
  });

  test('/gatePage goes to /Home; ?showFlag=true shows the gateway (R2, R14)', async ({ page }) => {
    await page.goto('/gatePage');
    await expect(page).toHaveURL(/\/Home$/);

    await page.goto('/gatePage?showFlag=true');
    await expect(page).toHaveURL(/\/gatePage\?showFlag=true$/);
    await expect(page.getByTestId('login-card')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: '长沙市总工会职工医疗互助网上服务大厅' })).toBeVisible();
    // Still logged in: the portal is one step away.
    await page.goto('/mail');
    await expect(page).toHaveURL(/\/mail$/);
  });

  test('/login?redirect= goes straight to the page (R11)', async ({ page }) => {
    await page.goto('/login?redirect=/payment');
    await expect(page).toHaveURL(/\/payment$/);
    await expectTitle(page, '应缴金额');
  });

  test('a /transfer path uses the transfer layout, breadcrumb 网上经办 (R12)', async ({ page }) => {
    for (const { path, title } of [
      { path: '/transfer/different-place-register', title: '异地就医备案' },
      { path: '/transfer/relationship-into-apply-register', title: '关系转入申请' },
      { path: '/transfer/relationship-out-apply-register', title: '关系转出申请' },
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expectTitle(page, title);
      await expect(page.getByTestId('transfer-breadcrumb')).toBeVisible();
      await expect.poll(() => readBreadcrumb(page, 'transfer-breadcrumb')).toEqual(['网上经办', title]);
      // Not the portal layout: no sidebar, no tag bar.
      await expect(page.getByTestId('sidebar-menu')).toHaveCount(0);
      await expect(page.getByTestId('tags-view')).toHaveCount(0);
      await expectAccessible(page);
    }
    await page.getByRole('link', { name: '返回网上服务大厅' }).click();
    await expect(page).toHaveURL(/\/Home$/);
  });

  test('/redirect/{path} re-enters a route (R1)', async ({ page }) => {
    await page.goto('/redirect/payment');
    await expect(page).toHaveURL(/\/payment$/);
    await expectTitle(page, '应缴金额');
    await expect.poll(() => readBreadcrumb(page)).toEqual(['首页', '网上经办', '应缴金额']);
    expect(pathOf(page)).toBe('/payment');

    // With a query string, inside the app (client-side navigation).
    await page.evaluate(() => {
      window.history.pushState(null, '', '/redirect/mail?from=test');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/mail\?from=test$/);
    await expectTitle(page, '收件箱消息');
  });
});

test('a visitor opening a /transfer path goes to the gateway (R3)', async ({ page }) => {
  await page.goto('/transfer/different-place-register');
  await expect(page).toHaveURL(/\/gatePage$/);
});
