import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { maskCertNo, SETTLEMENT_COLUMNS } from '@hall/shared';
import { expect, test } from '@playwright/test';
import { demoCertNo, demoName } from '../../apps/server/src/db/seed/demo-staff';
import { expectAccessible } from '../support/axe';
import { consoleLogin, consoleMenu } from '../support/console';
import { daysBefore, serverToday } from '../support/ops';
import { Account, escapeRegExp, loginThroughForm, menuLink } from '../support/portal';

/**
 * 数据管理 in the back office (issue 19 "Done when"): ops-data uploads a settlement file in the
 * browser, reads its preview (the refused row with its reason, the error report), confirms it,
 * reads the load's report and finds the load in the history; the worker's treatment appears in the unit's 互助待遇查询. Finance has no file pages.
 *
 * The worker: a generated member of qydw92101 covered every demo year, among the first few the demo
 * leaves free for the e2e tests (benefits.spec uses person 1).
 */

const UNIT = Account.unit; // qydw92101
const PERSON = 3;
const CERT_NO = demoCertNo(PERSON);
const NAME = demoName(PERSON);

/** A settlement file of one good stay and one refused row (discharged before admitted), in the server's own columns. */
function settlementFile(no: string, admittedOn: string, dischargedOn: string) {
  const line = (n: string, admitted: string, discharged: string) =>
    [
      n,
      CERT_NO,
      NAME,
      '长沙市第一医院',
      '三级',
      '住院',
      admitted,
      discharged,
      discharged,
      '21500.00',
      '20000.00',
      '14000.00',
      '6000.00',
      '1500.00',
      'J18.900',
      '肺炎',
      '否',
    ].join(',');
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-console-data-'));
  const file = path.join(dir, `结算-${no}.csv`);
  const header = SETTLEMENT_COLUMNS.map((c) => c.header).join(',');
  writeFileSync(file, `\uFEFF${[header, line(no, admittedOn, dischargedOn), line(`${no}B`, dischargedOn, admittedOn)].join('\n')}\n`);
  return file;
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const state: { dischargedOn?: string } = {};

test('ops-data loads a settlement file in the browser: preview with the refused row, 确认导入, the report and the load in the history', async ({
  page,
}) => {
  const today = await serverToday();
  // A stay of its own each run, some weeks back (after any waiting days, inside this year's period).
  const start = 20 + Math.floor(Math.random() * 20);
  const admittedOn = daysBefore(today, start);
  const dischargedOn = daysBefore(today, start - 4);
  state.dischargedOn = dischargedOn;
  const no = `E2EC${Date.now()}`;
  const file = settlementFile(no, admittedOn, dischargedOn);

  await consoleLogin(page, 'ops-data');
  await consoleMenu(page).getByRole('link', { name: '结算数据' }).click();
  await expect(page).toHaveURL(/\/console\/settlements$/);
  const history = page.getByTestId('load-history');
  await expect(history).toBeVisible();
  await expectAccessible(page, '/console/settlements');

  await page.locator('input[type="file"]').setInputFiles(file);
  // The preview first: nothing is written until 确认导入.
  const preview = page.getByTestId('load-preview');
  await expect(preview).toContainText(`结算-${no}.csv：已检查 2 行，尚未导入`);
  const planned = page.getByTestId('preview-figures');
  await expect(planned).toContainText('数据行数2');
  await expect(planned).toContainText('将新增1');
  await expect(page.getByTestId('load-errors').getByRole('row').filter({ hasText: /^3/ })).toHaveCount(1);
  await expect(preview).toContainText('以下 1 行有误');
  await expect(history.getByRole('row').filter({ hasText: `结算-${no}.csv` })).toHaveCount(0);
  await expectAccessible(page, '/console/settlements 导入预览');
  const reportDownload = page.waitForEvent('download');
  await page.getByTestId('load-report-download').click();
  expect((await reportDownload).suggestedFilename()).toBe(`医保结算导入错误报告-结算-${no}.xlsx`);

  await page.getByTestId('load-confirm').click();
  const report = page.getByTestId('load-report');
  await expect(report).toContainText(`已导入 结算-${no}.csv`);
  const figures = page.getByTestId('load-figures');
  await expect(figures).toContainText('数据行数2');
  await expect(figures).toContainText('新增1');
  await expect(figures).toContainText('有误未导入1');
  await expect(preview).toHaveCount(0);
  await expectAccessible(page, '/console/settlements 导入报告');

  const row = history.getByRole('row').filter({ hasText: `结算-${no}.csv` });
  await expect(row).toBeVisible();
  // Who loaded it, by the operator's name (the audit's words).
  await expect(row).toContainText('演示数据员');
});

test("the worker's treatment appears in the unit's 互助待遇查询", async ({ page }) => {
  await loginThroughForm(page, 'unit', UNIT);
  await menuLink(page, '/mutual-aid-treatment-query').click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp('/mutual-aid-treatment-query')}$`));
  const query = page.getByTestId('treatment-query-page').filter({ visible: true });
  await query.getByTestId('filter-certNo').fill(CERT_NO);
  await query.getByTestId('filter-search').click();
  const rows = query.getByTestId('treatment-table').locator('tbody tr.ant-table-row');
  const mine = rows.filter({ hasText: state.dischargedOn! });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(NAME);
  await expect(mine).toContainText(maskCertNo(CERT_NO));
});

test('ops-finance has no file pages: no 参保登记 or 结算数据 in its menu, 无权访问 at the address', async ({ page }) => {
  await consoleLogin(page, 'ops-finance');
  const menu = consoleMenu(page);
  await expect(menu.getByRole('link', { name: '缴费确认' })).toBeVisible();
  await expect(menu.getByRole('link', { name: '结算数据' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: '参保登记' })).toHaveCount(0);
  await page.goto('/console/settlements');
  await expect(page.getByText('无权访问').first()).toBeVisible();
  await expect(page.getByTestId('load-file')).toHaveCount(0);
});

test('ops-data reads 参保登记 with its columns and 互助期与产品 with the products of the newest period', async ({ page }) => {
  await consoleLogin(page, 'ops-data');
  await consoleMenu(page).getByRole('link', { name: '参保登记' }).click();
  await expect(page).toHaveURL(/\/console\/registry$/);
  await expect(page.getByTestId('load-history')).toBeVisible();
  await page.getByText('文件须有的列').click();
  await expect(page.getByTestId('column-help')).toContainText('统一社会信用代码或身份证号码');
  await expectAccessible(page, '/console/registry');

  await consoleMenu(page).getByRole('link', { name: '互助期与产品' }).click();
  await expect(page).toHaveURL(/\/console\/periods$/);
  const table = page.getByTestId('period-table');
  await expect(table.locator('[data-testid^="products-"]').first()).toContainText('住院医疗互助');
  await expectAccessible(page, '/console/periods');
  await page.locator('[data-testid^="product-edit-"]').first().click();
  await expect(page.getByTestId('product-deductible')).toBeVisible();
  await expectAccessible(page, '/console/periods 修改险种');
  await page.screenshot({ path: '/tmp/h7-product-dialog.png' });
  await page.keyboard.press('Escape');
});
