import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ApiPath } from '@hall/shared';
import { apiPost } from '../support/api';
import { expectAccessible } from '../support/axe';
import { repoRoot } from '../support/ops';
import { submitLoginForm } from '../support/portal';
import { registerUnitByApi } from '../support/public';

/**
 * Screenshots of every public-area page at a desktop (1366×768) and a phone (390×844) width, into
 * .e2e/shots/public-*.png, for a person to look at. Each page must draw without an error and pass
 * axe (no serious or critical violation).
 */
const SHOTS = path.join(repoRoot, '.e2e', 'shots');
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
  await expectAccessible(page, name);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    // Layout settles (responsive breakpoints): two frames after the resize.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // Nothing sticks out sideways.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${name} at ${viewport.width}px scrolls sideways`).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: path.join(SHOTS, `public-${name}-${viewport.name}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

test('public pages for visitors', async ({ page }) => {
  test.slow(); // 14 pages, two widths, an axe run each
  const notices = await apiPost(ApiPath.noticePage, { pageNum: 1, pageSize: 20 });
  const withAttachment = notices.data.list.find((n: { attachmentCount: number }) => n.attachmentCount > 0) ?? notices.data.list[0];
  const noticeId = withAttachment.id;
  const pending = await registerUnitByApi();

  const pages: Array<[string, string, string]> = [
    ['gate', '/gatePage', 'login-card'],
    ['notice-list', '/gateNotice', 'notice-list-page'],
    ['policy-list', '/gateNotice?kind=policy', 'notice-list-page'],
    ['notice-detail', `/gateDetail?id=${noticeId}&kind=notice`, 'notice-article'],
    ['guide', '/gateRule', 'guide-page'],
    ['unit-register', '/unit-register', 'unit-register-page'],
    ['register', '/register', 'register-page'],
    ['register-next-empty', '/registerNext', 'register-next-page'],
    ['register-end', `/registerEnd?uact=${pending.empUact}`, 'registration-result'],
    ['register-lookup', '/registerEnd', 'register-end-page'],
    ['mining-register', '/mining-register', 'mining-register-page'],
    ['findback-pwd', '/findback-pwd?type=personal', 'findback-page'],
    ['print', `/print?kind=registration&uact=${pending.empUact}`, 'print-document'],
    ['rest-pwd-visitor', '/restPwd', 'sign-in-required'],
  ];
  for (const [name, url, testId] of pages) {
    await page.goto(url);
    await expect(page.getByTestId(testId), name).toBeVisible();
    await shoot(page, name);
  }

  // The receipt as it goes to paper (print style sheet: the document only).
  await page.goto(`/print?kind=registration&uact=${pending.empUact}`);
  await expect(page.getByTestId('print-document')).toContainText(pending.empName);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.print-toolbar')).toBeHidden();
  await page.screenshot({ path: path.join(SHOTS, 'public-print-paper-desktop.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The agent form open on the hub, with its messages.
  await page.goto('/unit-register');
  await page.getByTestId('choose-agent').click();
  await page.getByTestId('agent-submit').click();
  await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await shoot(page, 'unit-register-agent');

  // Step 2 with step 1 done.
  await page.goto('/register');
  await page.getByTestId('reg-empUact').fill('shot_unit01');
  await page.getByTestId('reg-pwd').fill('Hall@2026pw');
  await page.getByTestId('reg-confirmPassword').fill('Hall@2026pw');
  await page.getByTestId('parent-union').click();
  await page.locator('.ant-select-item-option').first().click();
  await page.getByTestId('register-next').click();
  await expect(page).toHaveURL(/\/registerNext$/);
  await shoot(page, 'register-next');
});

test('public pages for a signed-in unit', async ({ page }) => {
  const unit = await registerUnitByApi({ approve: true, name: '长沙市截图示例科技有限公司' });
  await page.goto('/gatePage');
  await submitLoginForm(page, 'unit', unit.empUact, unit.password);
  await expect(page).toHaveURL(/\/improveInfo/);
  await expect(page.getByTestId('improve-form')).toBeVisible();
  await shoot(page, 'improve-info');

  for (const [name, url, testId] of [
    ['rest-pwd', '/restPwd', 'reset-form'],
    ['bind-email', '/bindEmail', 'bind-email-form'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByTestId(testId)).toBeVisible();
    await shoot(page, name);
  }
});
