import { expect, test, type Locator, type Page } from '@playwright/test';
import { ApiPath, Code } from '@hall/shared';
import { apiGet, PASSWORD } from '../support/api';
import { restoreDemoPassword } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import {
  Account,
  browserTokens,
  chooseChangePassword,
  expectTitle,
  loginThroughForm,
  readBreadcrumb,
  submitLoginForm,
} from '../support/portal';

/**
 * Password change (R13, R31, R45, R56): the unit dialog and the personal screen. Each test ends
 * by setting the demo password back through the same screen, so the accounts stay usable.
 */

const NEW_PASSWORD = 'Hall#2026new';

/** The form's messages (antd shows each under its field). */
const errorsOf = (form: Locator) => form.locator('.ant-form-item-explain-error');

/** R45's checks, on the dialog or the page; leaves the current password typed in 原登录密码. */
async function checkValidation(form: Locator, submit: Locator, current: string) {
  const old = form.getByTestId('password-old');
  const fresh = form.getByTestId('password-new');
  const repeat = form.getByTestId('password-repeat');

  await submit.click();
  await expect(errorsOf(form)).toHaveText(['请输入原登录密码', '新登录密码不能为空', '请再次输入新密码']);

  // The current password is asked for too (updatePassword {uact, oldPwd, pwd}).
  await fresh.fill(NEW_PASSWORD);
  await repeat.fill(NEW_PASSWORD);
  await submit.click();
  await expect(errorsOf(form)).toHaveText(['请输入原登录密码']);
  await old.fill(current);

  for (const weak of ['abc12345', 'Abcdefgh123', 'abc#12345', 'Abc#1 2345', 'Ab#1']) {
    await fresh.fill(weak);
    await repeat.fill(weak);
    await submit.click();
    await expect(errorsOf(form), `weak password ${weak}`).toHaveText(['密码格式错误']);
  }

  await fresh.fill(NEW_PASSWORD);
  await repeat.fill(`${NEW_PASSWORD}x`);
  await submit.click();
  await expect(errorsOf(form)).toHaveText(['两次输入密码不一致']);
}

/**
 * 修改成功, then the gateway (R31). The two seconds between them are held by PasswordDialog.test.tsx
 * on fake timers: measured here they would depend on how busy the machine is.
 */
async function expectSuccessThenGateway(page: Page, gate: RegExp) {
  await expect(page.locator('.ant-message').getByText('修改成功', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(gate, { timeout: 10_000 });
}

test.describe('unit dialog (修改密码 under the name)', () => {
  test.beforeEach(() => restoreDemoPassword('unit', Account.unitPassword, NEW_PASSWORD));

  test('validates, changes the password, ends the session; the new password logs in', async ({ page, context }) => {
    await loginThroughForm(page, 'unit', Account.unitPassword);
    const { access } = await browserTokens(context);

    await chooseChangePassword(page);
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await expect(dialog).toBeVisible();
    const submit = dialog.getByTestId('password-submit');
    await checkValidation(dialog, submit, PASSWORD);

    // A wrong current password is refused by the server; the dialog and the session stay.
    await dialog.getByTestId('password-old').fill('Wrong#2026x');
    await dialog.getByTestId('password-new').fill(NEW_PASSWORD);
    await dialog.getByTestId('password-repeat').fill(NEW_PASSWORD);
    await submit.click();
    await expect(page.locator('.ant-message').getByText('原登录密码错误')).toBeVisible();
    await expect(dialog).toBeVisible();
    expect((await apiGet(ApiPath.userInfo, access)).code).toBe(Code.OK);

    await dialog.getByTestId('password-old').fill(PASSWORD);
    await submit.click();
    await expect(dialog.getByRole('alert')).toContainText('修改成功');
    await expectSuccessThenGateway(page, /\/gatePage$/);
    await expect(page.getByRole('tab', { name: '单位用户登录' })).toHaveAttribute('aria-selected', 'true');

    // The old session is dead on the server, and the browser forgot it.
    expect((await apiGet(ApiPath.userInfo, access)).code).toBe(Code.NO_TOKEN);
    expect(await browserTokens(context)).toEqual({ access: undefined, refresh: undefined });

    // The old password is refused; the new one logs in.
    await submitLoginForm(page, 'unit', Account.unitPassword, PASSWORD);
    await expect(page.locator('.ant-message')).toBeVisible();
    await expect(page).toHaveURL(/\/gatePage$/);
    await page.reload();
    await submitLoginForm(page, 'unit', Account.unitPassword, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/Home$/);
    await expect(page.getByTestId('home-page')).toBeVisible();

    // Back to the demo password through the same dialog.
    await chooseChangePassword(page);
    await dialog.getByTestId('password-old').fill(NEW_PASSWORD);
    await dialog.getByTestId('password-new').fill(PASSWORD);
    await dialog.getByTestId('password-repeat').fill(PASSWORD);
    await dialog.getByTestId('password-submit').click();
    await expectSuccessThenGateway(page, /\/gatePage$/);
    await loginThroughForm(page, 'unit', Account.unitPassword, PASSWORD);
  });
});

test.describe('personal screen /personal-password', () => {
  test.beforeEach(() => restoreDemoPassword('personal', Account.personalPassword, NEW_PASSWORD));

  test('个人密码修改 with breadcrumb 首页 > 修改密码; validates and changes the password', async ({ page, context }) => {
    await loginThroughForm(page, 'personal', Account.personalPassword);
    const { access } = await browserTokens(context);
    await chooseChangePassword(page);
    await expect(page).toHaveURL(/\/personal-password$/);
    await expectTitle(page, '个人密码修改');
    await expect.poll(() => readBreadcrumb(page)).toEqual(['首页', '修改密码']);

    const screen = page.getByTestId('personal-password-page');
    await expect(screen.getByRole('heading', { name: /个人密码修改/ })).toBeVisible();
    await expect(screen.getByText('* 为必填项')).toBeVisible(); // R13 required marker
    await expectAccessible(page);
    await checkValidation(screen, screen.getByTestId('password-submit'), PASSWORD);

    await screen.getByTestId('password-new').fill(NEW_PASSWORD);
    await screen.getByTestId('password-repeat').fill(NEW_PASSWORD);
    await screen.getByTestId('password-submit').click();
    await expectSuccessThenGateway(page, /\/gatePage\?tab=personal$/);
    expect((await apiGet(ApiPath.userInfo, access)).code).toBe(Code.NO_TOKEN);

    await submitLoginForm(page, 'personal', Account.personalPassword, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/Home$/);
    await expect(page.getByTestId('home-page')).toBeVisible();

    // Back to the demo password through the same screen.
    await page.goto('/personal-password');
    await screen.getByTestId('password-old').fill(NEW_PASSWORD);
    await screen.getByTestId('password-new').fill(PASSWORD);
    await screen.getByTestId('password-repeat').fill(PASSWORD);
    await screen.getByTestId('password-submit').click();
    await expectSuccessThenGateway(page, /\/gatePage\?tab=personal$/);
    await loginThroughForm(page, 'personal', Account.personalPassword, PASSWORD);
  });
});
