import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { ops } from '../support/ops';
import { chooseOption, toast } from '../support/public';
import { Account, escapeRegExp, loginThroughForm, menuLink } from '../support/portal';

/**
 * Issue 10 (union information): a 92 union changes its chairman; the change waits for review (the
 * record still shows the old chairman, a banner says 审核中); the operator approves it from the
 * CLI; the record shows the new chairman, /uniInformationEdit shows before and after, and the
 * union's mail says so. The demo seeds the union's approved record (chairman 周建国) with one
 * approved and one rejected change (apps/server/src/db/seed/demo-union.ts).
 */

const UNION = Account.union92;
const OLD_CHAIRMAN = '周建国';
const NEW_CHAIRMAN = '邓志强';

async function openPage(page: Page, href: string, testId: string) {
  await menuLink(page, href).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(href)}$`));
  const shown = page.getByTestId(testId).filter({ visible: true });
  await expect(shown).toBeVisible();
  return shown;
}

test.describe('union information (92 union)', () => {
  test('a chairman change waits for review, the operator approves, the record and the records show it', async ({ page }) => {
    // Two operator CLI runs (a tsx start each) and four pages: more than the default minute on a busy machine.
    test.setTimeout(150_000);
    await loginThroughForm(page, 'unit', UNION);
    let info = await openPage(page, '/uniInformationBase', 'union-info-page');
    await expect(info.getByTestId('union-field-chairmanName')).toHaveText(OLD_CHAIRMAN);
    await expect(info.getByTestId('union-field-regionCode')).toContainText('岳麓区');
    await expect(info.getByTestId('union-account')).toContainText('单位账号 lhgh92001');
    // The demo's rejected change is shown with its reason until something new is submitted.
    await expect(info.getByTestId('union-rejected-banner')).toContainText('驳回原因');
    await expectAccessible(page, '/uniInformationBase');

    // 编辑: a bad phone is refused on the page with the server's wording, then the chairman changes.
    await info.getByTestId('union-edit').click();
    const form = page.getByTestId('union-form');
    await expect(form).toBeVisible();
    await form.getByTestId('union-input-chairmanPhone').fill('1380731');
    await page.getByTestId('union-submit').click();
    await expect(form.getByText('请输入正确的手机号码')).toBeVisible();
    await form.getByTestId('union-input-chairmanPhone').fill('13907316699');
    await form.getByTestId('union-input-chairmanName').fill(NEW_CHAIRMAN);
    await page.getByTestId('union-submit').click();
    await expect(toast(page, '已提交，等待市总工会审核')).toBeVisible();
    await expect(page.locator('.ant-drawer-open')).toHaveCount(0);

    // The change waits: the record is unchanged, the banner says 审核中, 编辑 is closed.
    const banner = info.getByTestId('union-pending-banner');
    await expect(banner).toContainText('审核中');
    await expect(banner).toContainText('工会主席、主席联系电话');
    await expect(info.getByTestId('union-field-chairmanName')).toHaveText(OLD_CHAIRMAN);
    await expect(info.getByTestId('union-edit')).toBeDisabled();

    // The operator lists and approves it.
    const listed = await ops('union-change-list');
    const id = new RegExp(`\\[(\\d+)\\] [^\\n]*（${UNION}）`).exec(listed)?.[1];
    expect(id, listed).toBeTruthy();
    expect(listed).toContain(`工会主席：${OLD_CHAIRMAN} → ${NEW_CHAIRMAN}`);
    expect(await ops('union-change-approve', '--id', id!, '--note', '换届材料齐全')).toContain('审核通过');

    // The record shows the new chairman; no banner.
    await page.reload();
    info = page.getByTestId('union-info-page').filter({ visible: true });
    await expect(info.getByTestId('union-field-chairmanName')).toHaveText(NEW_CHAIRMAN);
    await expect(info.getByTestId('union-field-chairmanPhone')).toHaveText('13907316699');
    await expect(info.getByTestId('union-pending-banner')).toHaveCount(0);
    await expect(info.getByTestId('union-rejected-banner')).toHaveCount(0);

    // /uniInformationEdit: the newest record 已通过 with before and after; the detail drawer.
    const records = await openPage(page, '/uniInformationEdit', 'union-changes-page');
    const first = records.getByTestId('union-changes').locator('tbody tr.ant-table-row').first();
    await expect(first).toContainText('已通过');
    await expect(first).toContainText(`工会主席：${OLD_CHAIRMAN} → ${NEW_CHAIRMAN}`);
    await expect(first).toContainText('换届材料齐全');
    await expect(records.getByTestId('union-changes').locator('tbody tr.ant-table-row')).toHaveCount(3);
    await expectAccessible(page, '/uniInformationEdit');
    await first.getByRole('button', { name: '详情' }).click();
    const drawer = page.getByTestId('change-drawer');
    await expect(drawer).toBeVisible();
    const row = drawer.getByTestId('change-fields').getByRole('row').filter({ hasText: '工会主席' }).first();
    await expect(row).toContainText(OLD_CHAIRMAN);
    await expect(row).toContainText(NEW_CHAIRMAN);
    await expect(drawer).toContainText('审核意见');
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
    // The drawer hands the focus back (to 详情, or to the page when the row re-rendered) once it has
    // closed; a click on the filter before that loses its dropdown.
    await expect(page.locator('.ant-drawer-content-wrapper')).toBeHidden();
    await expect.poll(() => page.evaluate(() => !document.activeElement?.closest('.ant-drawer'))).toBe(true);

    // The state filter stays: 已驳回 shows the demo's rejected change only.
    await chooseOption(page, records.getByTestId('filter-state'), '已驳回');
    await records.getByTestId('filter-search').click();
    await expect(records.getByTestId('union-changes').locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(records.getByTestId('union-changes').locator('tbody tr.ant-table-row').first()).toContainText('已驳回');

    // Mail arrives.
    const mail = await openPage(page, '/mail', 'mail-page');
    await mail.getByTestId('mail-refresh').click();
    const message = mail.getByTestId('mail-table').getByRole('row').filter({ hasText: '工会信息变更已审核通过' }).first();
    await expect(message).toBeVisible();

    // Back on the records tab the filter is still 已驳回 (kept alive).
    await menuLink(page, '/uniInformationEdit').click();
    await expect(records.getByTestId('union-changes').locator('tbody tr.ant-table-row')).toHaveCount(1);
  });
});
