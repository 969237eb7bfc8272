import { expect, type Page, test } from '@playwright/test';
import { apiPost, loginElsewhere } from '../support/api';
import { expectAccessible } from '../support/axe';
import { submitHospitalClaim } from '../support/claims';
import { ops, opsAs } from '../support/ops';
import { Account, DisplayName, loginThroughForm, menuLink } from '../support/portal';

/**
 * Feature flags (spec §9, issue 10 item 7, docs-flags.md): with the defaults the 互助档案 is there
 * (menu, page, print, export) and 好差评 and the batch actions are not; the operator turns
 * evaluation and batch on from the CLI, the portal shows them after a reload, a worker rates a
 * paid claim, a clerk marks several messages read at once; both flags go off again at the end.
 */

const WORKER = Account.personalPassword; // 王芳 of 建工集团分会 (fhgh93101, a 93 branch: no union review)
const WORKER_UNIT = Account.unitSpare; // fhgh93101
const CLERK = Account.unit; // qydw92101

const setFlag = (name: string, on: boolean) => ops('feature-flag-set', '--name', name, on ? '--on' : '--off');

async function openFromMenu(page: Page, path: string) {
  await menuLink(page, path).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/**
 * A paid 住院生活补助 of 王芳: her unit files it through the API (with the required scans), the
 * operator approves and pays it from the CLI. Answers the claim number.
 */
async function paidClaimOfWorker(): Promise<string> {
  const stay = {
    admittedDaysAgo: 40,
    dischargedDaysAgo: 34,
    hospitalName: '长沙市第一医院',
    diagnosisName: '肺炎',
    bankCard: '6222020000000054321',
  };
  const { claimNo } = await submitHospitalClaim(WORKER_UNIT, WORKER, stay, 'feature flags e2e');
  expect(await opsAs('ops-review', 'claim-approve', '--no', claimNo)).toContain('审核通过');
  expect(await opsAs('ops-finance', 'claim-pay')).toContain(claimNo);
  return claimNo;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Whatever an earlier run left: the defaults of spec §9.
  await setFlag('batch', false);
  await setFlag('evaluation', false);
  await setFlag('archives', true);
});

test.afterAll(async () => {
  await setFlag('batch', false);
  await setFlag('evaluation', false);
});

test('defaults: the unit 互助档案 is there, printable and exportable; no batch actions', async ({ page }) => {
  expect(await ops('feature-flag-list')).toMatch(/archives\s+互助档案\s*打开（默认打开）/);
  await loginThroughForm(page, 'unit', CLERK);
  await openFromMenu(page, '/mutual-aid-archive');
  const archive = page.getByTestId('archive-unit-page');
  await expect(archive.getByRole('heading', { name: '单位互助档案' })).toBeVisible();
  const years = archive.getByTestId('archive-years');
  await expect(years.locator('tbody tr').first()).toBeVisible();
  await expect(years.locator('tfoot')).toContainText('合计');
  await expectAccessible(page, 'unit archive');
  const download = page.waitForEvent('download');
  await archive.getByTestId('archive-export').click();
  expect((await download).suggestedFilename()).toMatch(/^单位互助档案_\d{4}-\d{2}-\d{2}\.xlsx$/);
  await archive.getByTestId('archive-print').click();
  await expect(page).toHaveURL(/\/print\?kind=archive-unit$/);
  const sheet = page.getByTestId('print-document');
  await expect(sheet.getByRole('heading', { name: '职工医疗互助单位档案' })).toBeVisible();
  await expect(sheet.getByTestId('archive-years').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('print-button')).toBeEnabled();
  await page.goBack();

  // Batch hidden: no checkboxes on /mail or the staff list.
  await openFromMenu(page, '/mail');
  await expect(page.getByTestId('mail-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('mail-table').getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByTestId('mail-read-selected')).toHaveCount(0);
  await openFromMenu(page, '/mutual-aid-staff-management');
  await expect(page.getByTestId('staff-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('staff-table').getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByTestId('staff-batch-leave')).toHaveCount(0);
});

test('defaults: the worker has a 个人互助档案 and no 评价', async ({ page }) => {
  await loginThroughForm(page, 'personal', Account.personal);
  await openFromMenu(page, '/mutual-aid-archive-personal');
  const archive = page.getByTestId('archive-personal-page');
  await expect(archive.getByTestId('archive-years').locator('tbody tr').first()).toContainText('住院医疗互助');
  await expect(archive).toContainText('单位缴费记录');
  await expectAccessible(page, 'personal archive');
  await openFromMenu(page, '/subsidy-record-query-personal');
  await expect(page.getByTestId('subsidy-record-query-personal-page')).toBeVisible();
  await expect(page.getByTestId('evaluation-open')).toHaveCount(0);
});

test('the operator turns evaluation and batch on: a worker rates a paid claim, a clerk marks several messages read', async ({
  page: workerPage,
  browser,
}) => {
  test.setTimeout(120_000);
  let page = workerPage;
  const claimNo = await paidClaimOfWorker();
  await loginThroughForm(page, 'personal', WORKER);
  await openFromMenu(page, '/subsidy-record-query-personal');
  const row = page.getByTestId('claim-record-table').locator('tr.ant-table-row', { hasText: claimNo });
  await expect(row).toContainText('已发放');
  await expect(row.getByTestId('evaluation-open')).toHaveCount(0);

  expect(await setFlag('evaluation', true)).toBe('功能开关 evaluation（好差评）已打开');
  expect(await setFlag('batch', true)).toBe('功能开关 batch（批量操作）已打开');
  await page.reload();
  await expect(row.getByTestId('evaluation-open')).toBeVisible();
  await row.getByTestId('evaluation-open').click();
  const dialog = page.getByRole('dialog', { name: `评价补助申请 ${claimNo}` });
  await dialog.getByRole('radio', { name: '不满意', exact: true }).check();
  await dialog.getByTestId('evaluation-submit').click();
  await expect(dialog).toContainText('评价为不满意时，请填写不满意原因');
  await dialog.getByRole('radio', { name: '满意', exact: true }).check();
  await dialog.getByLabel('评价内容（选填）').fill('发放及时，谢谢');
  await dialog.getByTestId('evaluation-submit').click();
  await expect(page.getByText('感谢您的评价')).toBeVisible();
  await expect(row.getByTestId('evaluation-done')).toHaveText('已评价：满意');
  expect(await ops('evaluation-list', '--kind', 'claim')).toContain(`${claimNo}  ${DisplayName[WORKER]}  满意`);

  // A clerk (another browser) selects two messages and marks them read in one call.
  const context = await browser.newContext();
  page = await context.newPage();
  await loginThroughForm(page, 'unit', CLERK);
  await openFromMenu(page, '/mail');
  const table = page.getByTestId('mail-table');
  await expect(table.locator('tbody tr.ant-table-row').nth(1)).toBeVisible();
  const boxes = table.locator('tbody').getByRole('checkbox');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const batchCall = page.waitForRequest((r) => r.url().endsWith('/gob/web/mailMsgDService/batch'));
  await page.getByTestId('mail-read-selected').click();
  await batchCall;
  await expect(page.getByText('已将 2 条消息标为已读')).toBeVisible();
  await expect(table.locator('tbody tr.ant-table-row').nth(0)).toContainText('已读');
  await expect(table.locator('tbody tr.ant-table-row').nth(1)).toContainText('已读');
  await openFromMenu(page, '/mutual-aid-staff-management');
  await expect(page.getByTestId('staff-table').locator('tbody').getByRole('checkbox').first()).toBeVisible();
  await expect(page.getByTestId('staff-batch-leave')).toBeVisible();

  // Off again: after a reload the portal hides them, and the server refuses the batch call.
  await setFlag('evaluation', false);
  await setFlag('batch', false);
  await page.reload();
  await expect(page.getByTestId('staff-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('staff-table').getByRole('checkbox')).toHaveCount(0);
  const token = (await loginElsewhere('unit', WORKER_UNIT)).data.accessToken as string;
  const refused = await apiPost('/gob/web/mailMsgDService/batch', { action: 'read', ids: ['1'] }, token);
  expect(refused.message).toBe('批量操作功能暂未开放');
  await context.close();
});
