import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_POOL_START, demoCertNo, demoName } from '../../apps/server/src/db/seed/demo-staff';
import { expectAccessible } from '../support/axe';
import { toast } from '../support/public';
import { Account, loginThroughForm, menuLink } from '../support/portal';

/**
 * Issue 17, item 12: a roster preview left unconfirmed (the tab reloaded, the dialog gone) is not a
 * dead end: the to-do's 待确认的花名册导入 · 去确认 reopens that batch's preview with 确认导入.
 */

/** A person of the bureau's registry on no roster yet (the pool; enrolment.spec.ts takes 301 and 302). */
const NEW_HIRE = DEMO_POOL_START + 360;

test('a roster preview left unconfirmed reopens from the to-do and is confirmed there', async ({ page }) => {
  const file = path.join(tmpdir(), `名单-待确认-${Date.now()}.csv`);
  await writeFile(
    file,
    [
      '姓名,身份证号码,人员类别,联系电话,开户银行,银行卡号,入职日期',
      `${demoName(NEW_HIRE)},${demoCertNo(NEW_HIRE)},在职职工,,,,2025-06-01`,
    ].join('\r\n'),
  );
  await loginThroughForm(page, 'unit', Account.unit);
  await menuLink(page, '/mutual-aid-staff-management').click();
  const staffPage = page.getByTestId('staff-page').filter({ visible: true });
  await expect(staffPage.getByTestId('staff-table')).toBeVisible();
  await staffPage.locator('input[type=file]').setInputFiles(file);
  const name = path.basename(file);
  const dialog = page.getByRole('dialog').filter({ hasText: `导入预览：${name}` });
  await expect(dialog.getByTestId('import-confirm')).toHaveText(/确认导入\s*1\s*人/);

  // The dialog is lost (a reload): the batch waits, unconfirmed.
  await page.reload();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/to-list');
  const item = page.getByTestId('todo-page').locator('[data-kind="rosterImport"]');
  await expect(item).toContainText('待确认的花名册导入');
  await item.getByRole('button', { name: '去确认' }).click();

  // The staff page opens the batch's preview, with 确认导入; the batch id leaves the address.
  await expect(page).toHaveURL(/\/mutual-aid-staff-management$/);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('import-counts')).toContainText('可导入1');
  await expectAccessible(page, '/mutual-aid-staff-management 导入预览（从待办事项）');
  await dialog.getByTestId('import-confirm').click();
  await expect(toast(page, '已导入 1 人（新加入 1 人，更新 0 人）')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Nothing waits any more.
  await page.goto('/to-list');
  await expect(page.getByTestId('todo-page')).toBeVisible();
  await expect(page.getByTestId('todo-page').locator('[data-kind="rosterImport"]')).toHaveCount(0);
});
