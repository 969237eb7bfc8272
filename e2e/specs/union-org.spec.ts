import { expect, test, type Page } from '@playwright/test';
import { ApiPath, ORG_MESSAGES } from '@hall/shared';
import { loginWithPassword } from '../support/accounts';
import { apiPost, PASSWORD } from '../support/api';
import { expectAccessible } from '../support/axe';
import { ops } from '../support/ops';
import { Account, loginThroughForm, menuLink, submitLoginForm } from '../support/portal';
import { chooseOption, makeUscc, unique } from '../support/public';

/**
 * Union organisation (issue 10), per role: a 92 union adds an enterprise (its first password
 * reaches the contact by SMS and must be changed at first login), notifies it, and an enterprise
 * that declares shows 已申报; a 93 union releases a branch's authorization, the branch's pages turn
 * read-only (banner, no buttons, the server refuses) and the union files an application for it.
 */

const row = (page: Page, text: string) => page.getByTestId('org-table').locator('tbody tr.ant-table-row').filter({ hasText: text });

async function openMenu(page: Page, path: string) {
  await menuLink(page, path).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** The first password the SMS to `phone` carries (read from the outbox), with the SMS. */
async function firstPassword(phone: string): Promise<{ password: string; sms: string }> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const outbox = await ops('sms-outbox', '--phone', phone, '--channel', 'sms', '--limit', '1');
    const password = /初始密码(\S+?)，/.exec(outbox)?.[1];
    if (password) return { password, sms: outbox };
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`发件箱中没有发给 ${phone} 的初始密码`);
}

test('a 92 union adds an enterprise, notifies it, and a declaring enterprise shows 已申报', async ({ page, browser }) => {
  test.setTimeout(180_000); // two browsers, the operator CLI and a declaration
  const uact = `qye2e${unique(5)}`;
  const name = `长沙市测试${unique(4)}科技有限公司`;
  const phone = `1390731${unique(4)}`;
  await loginThroughForm(page, 'unit', Account.union92);
  await openMenu(page, '/basic-management');
  await expect(row(page, '远航物流')).toContainText('未通知');
  await expect(row(page, '星辰科技')).toContainText('已申报');
  await expectAccessible(page, '/basic-management');

  // 新增企业: the account and the SMS of its first password.
  await page.getByTestId('sub-add').click();
  await page.getByTestId('sub-uact').fill(uact);
  await page.getByTestId('sub-name').fill(name);
  await page.getByTestId('sub-uscc').fill(makeUscc());
  await page.getByTestId('sub-contact').fill('张联系');
  await page.getByTestId('sub-phone').fill(phone);
  await expectAccessible(page, '/basic-management 新增企业');
  await page.getByTestId('sub-save').click();
  await expect(page.getByText('企业已新增，初始密码已通过短信发送至联系人手机')).toBeVisible();
  // Other specs add enterprises to this union too: find the new one by its name, not by its page.
  await page.getByTestId('filter-name').fill(name);
  await page.getByTestId('filter-search').click();
  await expect(row(page, uact)).toContainText('未通知');
  const { password, sms } = await firstPassword(phone);
  expect(sms).not.toContain(name); // nothing the union typed but the account itself

  // 通知申报 → 已通知.
  await page.getByTestId(`sub-notify-${uact}`).click();
  await page.getByRole('dialog').getByRole('button', { name: '通知申报' }).click();
  await expect(row(page, uact)).toContainText('已通知');

  // The enterprise's first login: the password must be changed first.
  const other = await browser.newContext();
  const ent = await other.newPage();
  await ent.goto('/gatePage');
  await submitLoginForm(ent, 'unit', uact, password);
  const dialog = ent.getByRole('dialog').filter({ hasText: '首次登录，请修改初始密码' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: '取消' })).toBeHidden();
  await ent.getByTestId('password-old').fill(password);
  await ent.getByTestId('password-new').fill('E2e@Org2026');
  await ent.getByTestId('password-repeat').fill('E2e@Org2026');
  await ent.getByTestId('password-submit').click();
  await expect(ent).toHaveURL(/\/gatePage/);
  await submitLoginForm(ent, 'unit', uact, 'E2e@Org2026');
  await expect(ent).toHaveURL(/\/Home$/);
  await expect(ent.getByRole('dialog').filter({ hasText: '首次登录' })).toHaveCount(0);
  await other.close();

  // 湘江食品 (已通知) declares: it submits its application for the enrolling period.
  await page.getByTestId('filter-name').fill('湘江食品');
  await page.getByTestId('filter-search').click();
  await expect(row(page, '湘江食品')).toContainText('已通知');
  const login = await loginWithPassword('unit', 'qydw92103', PASSWORD);
  const token = login.data.accessToken as string;
  const periods = await apiPost(ApiPath.periodList, {}, token);
  const enrolling = periods.data.list.find((p: { canApplyNew: boolean }) => p.canApplyNew);
  const created = await apiPost(ApiPath.applyCreate, { periodYear: enrolling.year, kind: 'new' }, token);
  const options = await apiPost(ApiPath.applyStaffOptions, { id: created.data.id, pageNum: 1, pageSize: 10 }, token);
  const staffIds = options.data.list.map((s: { staffId?: number; id?: number }) => s.staffId ?? s.id);
  const product = enrolling.products.find((p: { name: string }) => p.name.includes('住院')) ?? enrolling.products[0];
  const code = product.code;
  expect((await apiPost(ApiPath.applyAddLines, { id: created.data.id, staffIds, products: [{ code, shares: 1 }] }, token)).code).toBe(0);
  expect((await apiPost(ApiPath.applySubmit, { id: created.data.id }, token)).code).toBe(0);
  await page.getByTestId('filter-search').click();
  await expect(row(page, '湘江食品')).toContainText('已申报');
});

test('a 93 union releases a branch: its pages turn read-only and the union files an application for it', async ({ page, browser }) => {
  test.setTimeout(180_000); // two browsers and a restore at the end
  await loginThroughForm(page, 'unit', Account.union93);
  await openMenu(page, '/subuni-management');
  await expect(row(page, '路桥公司分会')).toContainText('已解除授权');
  const branch = row(page, '建工集团分会');
  await expect(branch).toContainText('已授权');
  await expectAccessible(page, '/subuni-management');

  // 解除授权 with a required reason.
  await page.getByTestId(`sub-auth-${Account.unitSpare}`).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '解除授权：' });
  await confirm.getByRole('button', { name: '确认解除授权' }).click();
  await expect(confirm).toContainText('请输入解除授权原因');
  await page.getByTestId('auth-reason').fill('分会换届期间由行业工会代办');
  await expectAccessible(page, '/subuni-management 解除授权');
  await confirm.getByRole('button', { name: '确认解除授权' }).click();
  await expect(branch).toContainText('已解除授权');

  try {
    // The branch: a banner, no write buttons, and the server refuses its writes.
    const other = await browser.newContext();
    const br = await other.newPage();
    await loginThroughForm(br, 'unit', Account.unitSpare);
    await openMenu(br, '/mutual-aid-staff-management');
    const staffPage = br.getByTestId('staff-page');
    await expect(staffPage.getByTestId('read-only-banner')).toContainText('已解除授权：本单位业务由上级工会代为办理');
    await expect(staffPage.getByTestId('staff-table')).toBeVisible();
    await expect(br.getByTestId('staff-add')).toHaveCount(0);
    await expect(br.getByTestId('staff-import')).toHaveCount(0);
    await openMenu(br, '/apply-query');
    await expect(br.getByTestId('apply-query-page').getByTestId('read-only-banner')).toBeVisible();
    await expect(br.getByTestId('create-open')).toHaveCount(0);
    await expectAccessible(br, '/apply-query 已解除授权');
    await other.close();
    const branchLogin = await loginWithPassword('unit', Account.unitSpare, PASSWORD);
    const refused = await apiPost(ApiPath.applyCreate, { periodYear: 2027, kind: 'new' }, branchLogin.data.accessToken);
    expect(refused.message).toBe(ORG_MESSAGES.released);

    // The union acts for the branch on its own /apply-query: 代分会办理.
    await openMenu(page, '/apply-query');
    const apply = page.getByTestId('apply-query-page');
    await chooseOption(page, apply.getByTestId('acting-for-select'), '长沙市建工集团分会');
    await expect(apply.getByTestId('acting-for-bar')).toContainText('正在代 长沙市建工集团分会 办理业务');
    await apply.getByTestId('create-open').click();
    await page.getByTestId('create-submit').click();
    const title = page.locator('.ant-drawer-open .ant-drawer-title');
    await expect(title).toHaveText(/^互助申请 SQ\d{10}$/);
    const no = (await title.innerText()).replace('互助申请 ', '');
    const mine = await apiPost(ApiPath.applyList, { pageNum: 1, pageSize: 50 }, branchLogin.data.accessToken);
    expect(JSON.stringify(mine.data.list)).toContain(no);
    await page.keyboard.press('Escape');
    await chooseOption(page, apply.getByTestId('acting-for-select'), '本单位');
  } finally {
    // Later specs use 建工集团分会 as an authorized branch: 恢复授权.
    await openMenu(page, '/subuni-management');
    await page.getByTestId(`sub-auth-${Account.unitSpare}`).click();
    await page.getByTestId('auth-reason').fill('换届完成');
    await page.getByRole('dialog').getByRole('button', { name: '确认恢复授权' }).click();
    await expect(branch).toContainText('已授权');
  }
});
