import { type Browser, expect, test, type Page } from '@playwright/test';
import { CAPTCHA } from '../support/api';
import { latestCode, ops } from '../support/ops';
import { Account, loginThroughForm, readBreadcrumb } from '../support/portal';
import { chooseRegion, toast, uniquePhone } from '../support/public';

/**
 * Issue 10, personal slice: a worker changes their phone (code to the new phone, read from the
 * outbox), a worker's coverage moves between two units (关系转出 → 关系转入 → the operator) and the
 * /participation of both shows it, a 异地就医备案 is filed and confirmed.
 */

const chinaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const B_USCC = '81430100MA4L1030FP'; // 长沙市建工集团分会 (fhgh93101)

async function participationRow(page: Page, name: string) {
  await page.goto('/participation');
  const panel = page.getByTestId('participation-page').filter({ visible: true });
  await panel.getByLabel('姓名').fill(name);
  await panel.getByRole('button', { name: '查询' }).click();
  const rows = panel.getByTestId('person-table').locator('tbody tr.ant-table-row').filter({ hasText: name });
  await expect(rows.first()).toBeVisible();
  return rows;
}

test('a worker changes their phone with a code sent to the new phone', async ({ page }) => {
  await loginThroughForm(page, 'personal', Account.personal);
  await page.goto('/personalInformationBase');
  const record = page.getByTestId('personal-record');
  await expect(record).toContainText('李华');
  await expect(record).toContainText('4301**********0022');
  await expect(page.getByTestId('personal-coverages').locator('tbody tr.ant-table-row').first()).toBeVisible();
  const phone = uniquePhone();
  await page.getByTestId('phone-change').click();
  await page.getByTestId('phone-new').fill(phone);
  await page.getByTestId('phone-captcha').fill(CAPTCHA);
  await page.getByTestId('phone-send-code').click();
  await expect(page.getByTestId('phone-form')).toContainText(`验证码已发送至 ${phone.slice(0, 3)}****${phone.slice(-4)}`);
  await page.getByTestId('phone-code').fill(await latestCode(phone));
  await page.getByTestId('phone-submit').click();
  await expect(toast(page, '手机号码已更换')).toBeVisible();
  await expect(page.getByTestId('personal-phone')).toHaveText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
});

/** A page of its own (a second login of the browser's context would share its session). */
async function freshPage(browser: Browser) {
  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1366, height: 768 } });
  return context.newPage();
}

test("a worker's coverage moves between two units; both units' participation shows it", async ({ page: first, browser }) => {
  test.setTimeout(240_000); // three logins and two operator commands on a shared machine
  let page = first;
  // The old unit files 关系转出.
  await loginThroughForm(page, 'unit', Account.unit);
  await page.goto('/transfer/relationship-out-apply-register');
  await expect(page.getByTestId('transfer-out-page')).toBeVisible();
  await expect.poll(() => readBreadcrumb(page, 'transfer-breadcrumb')).toEqual(['网上经办', '关系转出申请']);
  const form = page.getByTestId('transfer-out-form');
  await form.getByTestId('transfer-staff').click();
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').nth(5);
  const label = (await option.textContent())!;
  expect(label).not.toContain('李华');
  const name = label.split('（')[0];
  await option.click();
  await page.getByTestId('transfer-unit-keyword').fill(B_USCC);
  await page.getByTestId('transfer-unit-search').click();
  await expect(form.getByTestId('transfer-unit')).toContainText('建工集团分会');
  // 今天 in the picker's footer (typing and Enter would submit the form at once).
  await page.getByTestId('transfer-date').click();
  await page
    .locator(
      '.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-now-btn, .ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-today-btn',
    )
    .first()
    .click();
  await expect(page.getByTestId('transfer-date')).toHaveValue(chinaToday());
  await page.getByTestId('transfer-out-submit').click();
  await expect(toast(page, '关系转出申请已提交')).toBeVisible();
  const outRow = page.getByTestId('transfer-table-out').locator('tbody tr.ant-table-row').filter({ hasText: name });
  await expect(outRow).toContainText('待转入确认');

  // The new unit receives it (关系转入). (The first page goes: the same account logs in again below.)
  await first.close();
  page = await freshPage(browser);
  await loginThroughForm(page, 'unit', Account.unitSpare);
  await page.goto('/transfer/relationship-into-apply-register');
  const inRow = page.getByTestId('transfer-table-into').locator('tbody tr.ant-table-row').filter({ hasText: name });
  await expect(inRow).toContainText('待转入确认');
  await inRow.getByRole('button', { name: '确认接收' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(inRow).toContainText('待审核');

  // The operator confirms.
  const listed = await ops('transfer-list');
  const id = new RegExp(`\\[(\\d+)\\] ${name}（`).exec(listed)?.[1];
  expect(id, listed).toBeTruthy();
  expect(await ops('transfer-confirm', '--id', id!)).toContain('已确认');
  await page.reload();
  await expect(inRow).toContainText('已完成');

  // Participation of the new unit, then of the old one.
  const newRows = await participationRow(page, name);
  await expect(newRows.first()).toContainText(/已参保|等待期/);
  await page.context().close();
  page = await freshPage(browser);
  await loginThroughForm(page, 'unit', Account.unit);
  const oldRows = await participationRow(page, name);
  await expect(oldRows.first()).toContainText(/已参保|等待期/);
  await expect(oldRows.first()).toContainText('已减员');
});

test('a 异地就医备案 is filed by a unit and confirmed by the operator', async ({ page }) => {
  test.setTimeout(120_000);
  await loginThroughForm(page, 'unit', Account.union99);
  await page.goto('/transfer/different-place-register');
  await expect(page.getByTestId('different-place-page')).toBeVisible();
  await expect.poll(() => readBreadcrumb(page, 'transfer-breadcrumb')).toEqual(['网上经办', '异地就医备案']);
  await page.getByTestId('filing-staff').click();
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').nth(3);
  const name = (await option.textContent())!.split('（')[0];
  await option.click();
  await chooseRegion(page, page.locator('.filing-region'), '朝阳区', '北京市 / 市辖区 / 朝阳区');
  const hospital = `中日友好医院${Date.now() % 10000}`;
  await page.getByTestId('filing-hospital').fill(hospital);
  const inputs = page.locator('.filing-dates input');
  const today = chinaToday();
  const to = new Date(Date.parse(today) + 30 * 86_400_000).toISOString().slice(0, 10);
  await inputs.nth(0).click();
  await inputs.nth(0).fill(today);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(to);
  await inputs.nth(1).press('Enter');
  await expect(inputs.nth(1)).toHaveValue(to);
  await page.getByTestId('filing-reason').fill('转诊转院');
  await page.getByTestId('filing-submit').click();
  await expect(toast(page, '异地就医备案已提交')).toBeVisible();
  const row = page.getByTestId('filing-table').locator('tbody tr.ant-table-row').filter({ hasText: hospital });
  await expect(row).toContainText('已提交');
  await expect(row).toContainText(name);

  const listed = await ops('filing-list');
  const id = new RegExp(`\\[(\\d+)\\][^\\n]*${hospital}`).exec(listed)?.[1];
  expect(id, listed).toBeTruthy();
  expect(await ops('filing-confirm', '--id', id!)).toContain('已备案');
  await page.reload();
  await expect(row).toContainText('已备案');
});
