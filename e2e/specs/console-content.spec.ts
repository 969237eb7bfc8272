import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { consoleLogin, consoleMenu } from '../support/console';
import { Account, loginThroughForm, menuLink } from '../support/portal';
import { unique } from '../support/public';

/**
 * The back office's content (issue 19): the administrator writes a notice, saves it as a draft,
 * gives it an attachment and publishes it later; the gateway shows it only then, and the
 * attachment downloads byte-identical. A message to the 92 union and all its units reaches one of
 * them (qydw92101) in its /mail.
 */
test.describe.configure({ mode: 'serial' });

const title = `关于2027年度职工医疗互助申报材料的通知（${unique(4)}）`;
const messageTitle = `请核对2027年度参保名册（${unique(4)}）`;
const pdf = Buffer.from(
  `%PDF-1.4\n% hall e2e content ${unique(6)}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
);

const openPage = async (page: Page, name: string, path: string) => {
  await consoleMenu(page).getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/console/${path}`));
};

test('ops-admin saves a draft with an attachment, publishes it later, and the gateway shows it with the file', async ({ page }) => {
  await consoleLogin(page, 'ops-admin');
  await openPage(page, '公告', 'notices');
  await page.getByTestId('notice-new').click();
  await page.getByTestId('notice-title').fill(title);
  await page.getByTestId('notice-content').fill('各参加单位：\n\n请按附件所列准备2027年度申报材料。');
  await page.getByTestId('notice-draft').click();
  await expect(page.locator('.ant-message-notice', { hasText: `已保存草稿：${title}` })).toBeVisible();

  // The draft stays open, saved: its attachments are added here.
  const dialog = page.getByRole('dialog', { name: '修改草稿' });
  await expect(dialog.getByTestId('notice-attachments')).toContainText('暂无附件');
  await dialog.locator('input[type="file"]').setInputFiles({ name: '申报材料清单.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.locator('.ant-message-notice', { hasText: '已添加附件：申报材料清单.pdf' })).toBeVisible();
  await expect(dialog.getByTestId('attachment-name')).toHaveText(/申报材料清单\.pdf/);
  await expectAccessible(page, '/console/notices 修改草稿');
  await dialog.getByTestId('notice-cancel').click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('notice-table').locator('tr', { hasText: title });
  await expect(row).toContainText('草稿');
  const publish = row.locator('[data-testid^="publish-"]');
  const id = ((await publish.getAttribute('data-testid')) ?? '').replace('publish-', '');

  // Not yet on the gateway.
  const portal = await page.context().newPage();
  await portal.goto(`/gateDetail?id=${id}&kind=notice`);
  await expect(portal.getByTestId('notice-detail-page')).toContainText('公告不存在或已撤回');

  // Later: 发布 from the list, asked first.
  await publish.click();
  const confirm = page.getByRole('dialog').filter({ hasText: `发布：${title}` });
  await expect(confirm).toContainText('及其 1 个附件');
  await confirm.getByRole('button', { name: '发布' }).click();
  await expect(page.locator('.ant-message-notice', { hasText: `已发布：${title}` })).toBeVisible();
  await expect(row).toContainText('已发布');

  await portal.goto('/gatePage');
  await portal.getByTestId('gate-notices').getByRole('link', { name: title }).click();
  await expect(portal).toHaveURL(new RegExp(`/gateDetail\\?id=${id}&kind=notice$`));
  const attachments = portal.getByTestId('attachments');
  await expect(attachments).toContainText('申报材料清单.pdf');
  const [download] = await Promise.all([portal.waitForEvent('download'), attachments.getByTestId('attachment-download').click()]);
  expect(download.suggestedFilename()).toBe('申报材料清单.pdf');
  expect(readFileSync(await download.path()).equals(pdf)).toBe(true);
  await portal.close();
});

test('ops-admin sends a message to the 92 union and all its units; qydw92101 reads it in /mail', async ({ page }) => {
  await consoleLogin(page, 'ops-admin');
  await openPage(page, '消息', 'messages');
  await page.getByText('某工会及其下属单位').click();
  await page.getByRole('combobox', { name: '工会' }).fill(Account.union92);
  const option = page.locator('.ant-select-item-option', { hasText: `（${Account.union92}）` });
  await expect(option).toContainText(/\d+ 个单位/);
  await option.click();
  await expect(page.getByText(/及其已注册的下属单位，共 \d+ 个单位/)).toBeVisible();
  await page.getByTestId('message-title').fill(messageTitle);
  await page.getByTestId('message-content').fill('请于12月20日前核对本单位2027年度参保人员名册。');
  await expectAccessible(page, '/console/messages 某工会及其下属单位');
  await page.getByTestId('message-send').click();
  await expect(page.getByTestId('message-sent')).toContainText(new RegExp(`（${Account.union92}）及其下属单位，共 \\d+ 个单位`));

  await loginThroughForm(page, 'unit', Account.unit);
  await menuLink(page, '/mail').click();
  const mail = page.getByTestId('mail-page').filter({ visible: true });
  await expect(mail).toBeVisible();
  await mail.getByTestId('mail-refresh').click();
  const row = mail.getByTestId('mail-table').getByRole('row').filter({ hasText: messageTitle });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('未读');
  await row.getByTestId('mail-open').click();
  await expect(page.getByTestId('mail-detail')).toContainText('请于12月20日前核对本单位2027年度参保人员名册。');
});
