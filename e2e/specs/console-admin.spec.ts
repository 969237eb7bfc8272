import { expect, type Page, test } from '@playwright/test';
import { ApiPath, NO_PERMISSION } from '@hall/shared';
import { loginWithPassword } from '../support/accounts';
import { apiGet, apiPost, CAPTCHA, PASSWORD } from '../support/api';
import { expectAccessible } from '../support/axe';
import { consoleLogin, consoleMenu } from '../support/console';
import { ops } from '../support/ops';
import { registerUnitByApi, unique } from '../support/public';

/**
 * The back office's 系统管理 and 审计 (issue 19, "Done when"): the administrator unlocks a unit
 * locked by five wrong passwords and the unit logs in again; publishes a notice that the portal's
 * gateway shows; the auditor finds both in 审计日志, sees no change button, and the server refuses
 * its unlock.
 */
test.describe.configure({ mode: 'serial' });

const title = `关于职工医疗互助年度缴费的通知（${unique(4)}）`;
let unit: Awaited<ReturnType<typeof registerUnitByApi>>;

const openPage = async (page: Page, name: string, path: string) => {
  await consoleMenu(page).getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/console/${path}`));
};

test('ops-admin unlocks a locked unit, which logs in again, and publishes a notice the gateway shows', async ({ page }) => {
  unit = await registerUnitByApi({ approve: true });
  for (let i = 0; i < 5; i++) expect((await loginWithPassword('unit', unit.empUact, 'Wrong@2026x')).code).not.toBe(0);
  expect((await loginWithPassword('unit', unit.empUact, unit.password)).message).toContain('账号已锁定');

  await consoleLogin(page, 'ops-admin');
  await openPage(page, '账号管理', 'accounts');
  await page.getByRole('tab', { name: '查找' }).click();
  await page.getByRole('searchbox', { name: '查询内容' }).fill(unit.empUact);
  await page.getByRole('searchbox', { name: '查询内容' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${unit.empUact}`));
  const row = page.getByTestId('account-table').locator('tr', { hasText: unit.empUact });
  await expect(row).toContainText('锁定至');
  await expectAccessible(page, '/console/accounts');
  await row.getByRole('button', { name: '解锁' }).click();
  await page.getByTestId('reason-text').fill('单位经办人来电，已核实身份');
  await page.getByTestId('reason-confirm').click();
  await expect(page.locator('.ant-message-notice', { hasText: `已解除锁定：${unit.empUact}` })).toBeVisible();
  await expect(row).not.toContainText('锁定至');
  // Signed in (a new unit is answered with tokens and the notice to complete its information).
  expect((await loginWithPassword('unit', unit.empUact, unit.password)).data?.accessToken).toBeTruthy();

  await openPage(page, '公告', 'notices');
  await expectAccessible(page, '/console/notices');
  await page.getByTestId('notice-new').click();
  await page.getByTestId('notice-title').fill(title);
  await page.getByTestId('notice-content').fill('各参加单位：\n请于12月31日前完成年度缴费。');
  await page.getByTestId('notice-confirm').click();
  await expect(page.locator('.ant-message-notice', { hasText: `已发布：${title}` })).toBeVisible();
  await expect(page.getByTestId('notice-table')).toContainText(title);

  // The other pages of the area, each checked by axe.
  for (const [name, path] of [
    ['操作员', 'operators'],
    ['消息', 'messages'],
    ['功能开关', 'flags'],
  ]) {
    await openPage(page, name, path);
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await expectAccessible(page, `/console/${path}`);
  }

  await page.goto('/gatePage');
  await expect(page.getByTestId('gate-notices').getByRole('listitem').first()).toContainText(title);
});

test('ops-admin opens the tree of unions, sees 远航物流 未通知 and locked, unlocks it in its detail and sees that in its history', async ({
  page,
}) => {
  // The demo unit is used by other specs on this server: unlocked below, and by afterAll should this test stop midway.
  for (let i = 0; i < 5; i++) expect((await loginWithPassword('unit', 'qydw92102', 'Wrong@2026x')).code).not.toBe(0);
  await consoleLogin(page, 'ops-admin');
  await openPage(page, '账号管理', 'accounts');
  await expect(page.getByRole('tab', { name: '单位', selected: true })).toBeVisible();
  await page.getByTestId('expand-lhgh92001').click();
  const row = page.locator('[data-testid^="union-units-"] tr', { hasText: '长沙市远航物流有限公司' });
  await expect(row).toContainText('未通知');
  await expect(row).toContainText('已锁定');
  await expectAccessible(page, '/console/accounts (单位)');

  await row.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByTestId('account-drawer');
  await expect(drawer).toContainText('上级工会长沙市高新区联合基层工会');
  await expect(drawer.getByTestId('event-timeline')).toContainText('登录锁定');
  await drawer.getByTestId('drawer-unlock').click();
  await page.getByTestId('reason-text').fill('经办人来电，已核实身份');
  await page.getByTestId('reason-confirm').click();
  await expect(page.locator('.ant-message-notice', { hasText: '已解除锁定：qydw92102' })).toBeVisible();
  const newest = drawer.getByTestId('event-timeline').locator('.ant-timeline-item').first();
  await expect(newest).toContainText('解除锁定');
  await expect(newest).toContainText('经办人来电，已核实身份');
  await expect(newest).toContainText('演示操作员');
  await expect(drawer.getByTestId('drawer-unlock')).toHaveCount(0);
  await expect(row).not.toContainText('已锁定');
  await expectAccessible(page, '/console/accounts (账号详情)');
  expect((await loginWithPassword('unit', 'qydw92102', PASSWORD)).code).toBe(0);
});

test.afterAll(async () => {
  await ops('unlock', '--login', 'qydw92102');
});

test('ops-audit sees those actions in 审计日志, no change button anywhere, and the server refuses its unlock', async ({ page }) => {
  await consoleLogin(page, 'ops-audit');
  await openPage(page, '审计日志', 'audit');
  await page.getByTestId('audit-actor').fill('ops-admin');
  await page.getByTestId('audit-actor').press('Enter');
  await expect(page).toHaveURL(/actor=ops-admin/);
  const table = page.getByTestId('audit-table');
  await expect(table).toContainText(`操作：解除锁定；账号：${unit.empUact}；原因：单位经办人来电，已核实身份`);
  await expect(table).toContainText('操作：发布公告');
  await expectAccessible(page, '/console/audit');

  await openPage(page, '账号管理', 'accounts');
  await page.getByTestId('detail-lhgh92001').click();
  await expect(page.getByTestId('account-drawer')).toContainText('长沙市高新区联合基层工会');
  await expect(page.getByTestId('account-drawer').getByRole('button', { name: /解除锁定|重置密码|停用|启用/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('account-drawer')).toBeHidden();
  await page.getByRole('tab', { name: '查找' }).click();
  await page.getByRole('searchbox', { name: '查询内容' }).fill(unit.empUact);
  await page.getByRole('searchbox', { name: '查询内容' }).press('Enter');
  await expect(page.getByTestId('account-table')).toContainText(unit.empName);
  await expect(page.getByTestId('account-table').getByRole('button')).toHaveCount(0);
  await openPage(page, '公告', 'notices');
  await expect(page.getByTestId('notice-table')).toContainText(title);
  await expect(page.getByTestId('notice-new')).toHaveCount(0);
  // The auditor opens a notice read only (查看); nothing that changes one.
  const noticeButtons = page.getByTestId('notice-table').getByRole('button');
  await expect(noticeButtons.first()).toHaveText('查看');
  await expect(noticeButtons.filter({ hasNotText: '查看' })).toHaveCount(0);
  await expect(consoleMenu(page).getByRole('link', { name: '消息' })).toHaveCount(0);

  const { data: captcha } = await apiGet(ApiPath.captcha);
  const login = await apiPost(ApiPath.opsLogin, {
    username: 'ops-audit',
    password: PASSWORD,
    captchaId: captcha.captchaId,
    captchaCode: CAPTCHA,
  });
  expect(login.code, login.message).toBe(0);
  const account = await apiPost(ApiPath.opsAccountFind, { loginType: 'unit', keyword: unit.empUact }, login.data.accessToken);
  const refused = await apiPost(
    ApiPath.opsAccountUnlock,
    { accountId: account.data.list[0].accountId, reason: '审计试图解锁' },
    login.data.accessToken,
  );
  expect(refused.message).toBe(NO_PERMISSION);
});
