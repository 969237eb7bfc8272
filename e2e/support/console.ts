import { expect, type Page } from '@playwright/test';
import { CAPTCHA, PASSWORD } from './api';
import { expectAccessible } from './axe';

/** The back office's login form at /console/login as a demo operator (ops-admin, ops-review, ops-finance, ops-data, ops-audit). */
export async function consoleLogin(page: Page, loginName: string, { checkAccessible = false } = {}) {
  await page.goto('/console/login');
  await expect(page).toHaveTitle('长沙市总工会职工医疗互助管理后台');
  await expect(page.getByTestId('login-captcha-image').locator('img')).toBeVisible();
  if (checkAccessible) await expectAccessible(page, '/console/login');
  await page.getByTestId('login-username').fill(loginName);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-captcha').fill(CAPTCHA);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('console-layout')).toBeVisible();
}

/** The console's sidebar. */
export const consoleMenu = (page: Page) => page.getByTestId('console-menu');
