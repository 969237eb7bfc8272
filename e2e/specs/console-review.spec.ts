import { BenefitPath, NO_PERMISSION, OpsPath } from '@hall/shared';
import { expect, type Page, test } from '@playwright/test';
import { apiPost, CAPTCHA, captchaProof, PASSWORD } from '../support/api';
import { expectAccessible } from '../support/axe';
import { submitHospitalClaim } from '../support/claims';
import { consoleLogin, consoleMenu } from '../support/console';
import { Account, DisplayName } from '../support/portal';

/**
 * 补助审核 in the back office (issue 19 "Done when"): a unit files a claim through the portal's
 * API; the reviewer reads it in /console/claims with its attachment in the page (not downloaded)
 * and returns it with what to fix; the unit reads that reason and submits again; the reviewer
 * approves it. The auditor reads the page without the decisions, and the server refuses its approve.
 */

const WORKER = Account.personalPassword; // 王芳 of 建工集团分会 (fhgh93101, a 93 branch: no union review)
const UNIT = Account.unitSpare; // fhgh93101
const WHAT_TO_FIX = '请补充出院小结第二页（e2e）';

test.describe.configure({ mode: 'serial' });

const state: { token?: string; id?: number; claimNo?: string } = {};

/** The unit files a 住院生活补助 of 王芳 with the required scans (PDF) and submits it: 市总审核. */
async function submittedClaim() {
  // A stay of its own each run (the same person may not claim one stay twice); other specs use 34–40 days ago.
  const start = 60 + Math.floor(Math.random() * 100);
  const stay = {
    admittedDaysAgo: start,
    dischargedDaysAgo: start - 3,
    hospitalName: '长沙市第三医院',
    diagnosisName: '急性支气管炎',
    bankCard: '6222020000000067890',
  };
  const claim = await submitHospitalClaim(UNIT, WORKER, stay, 'console review e2e');
  expect(claim.state).toBe('city_review');
  return claim;
}

/** The claim's row in 补助审核 (the list of 市总审核 by default), opened in the drawer. */
async function openClaim(page: Page, claimNo: string) {
  const row = page.getByTestId('claim-table').locator('tr', { hasText: claimNo });
  await expect(row).toContainText(DisplayName[WORKER]);
  await row.getByTestId(`view-${claimNo}`).click();
  const drawer = page.getByTestId('claim-drawer');
  await expect(drawer).toContainText(claimNo);
  return drawer;
}

test('a reviewer returns a claim with what to fix, the unit resubmits it, the reviewer approves it', async ({ page }) => {
  Object.assign(state, await submittedClaim());
  const claimNo = state.claimNo!;
  await consoleLogin(page, 'ops-review');
  await expect(page.getByTestId('queue-claims')).toContainText('最早已等待');
  await page.getByTestId('queue-claims').getByRole('link', { name: '进入处理' }).click();
  await expect(page).toHaveURL(/\/console\/claims$/);
  await expectAccessible(page, '/console/claims');

  // The drawer: the rule's amount beside the claim's, the attachment in the page, never a download.
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  const drawer = await openClaim(page, claimNo);
  await expect(page).toHaveURL(new RegExp(`open=${state.id}`));
  await expect(drawer.getByTestId('rule-amount')).toContainText('¥');
  await expect(drawer.getByTestId('claim-amounts')).toContainText('住院');
  const pdf = drawer.getByTestId('inline-pdf');
  await expect(pdf).toBeVisible();
  expect(await pdf.getAttribute('src')).toMatch(/^blob:/);
  await expect(drawer.getByTestId('event-timeline')).toContainText('市总审核');
  await expectAccessible(page, '/console/claims drawer');

  // 退回补正 with what to fix.
  await drawer.getByTestId('claim-return').click();
  await page.getByTestId('reason-text').fill(WHAT_TO_FIX);
  await page.getByTestId('reason-confirm').click();
  await expect(page.locator('.ant-message-notice')).toContainText(`已退回补正：${claimNo}`);
  await expect(page.getByTestId('claim-table').locator('tr', { hasText: claimNo })).toHaveCount(0);

  // The unit reads the reason in the portal (its API), and submits again.
  const returned = await apiPost(BenefitPath.claimDetail, { id: state.id }, state.token);
  expect(returned.code, returned.message).toBe(0);
  expect(returned.data.claim).toMatchObject({ state: 'returned', reason: WHAT_TO_FIX });
  const again = await apiPost(BenefitPath.claimSubmit, { id: state.id }, state.token);
  expect(again.code, again.message).toBe(0);
  expect(again.data.claim.state).toBe('city_review');

  // 审核通过 with the computed amount.
  await page.reload();
  const back = await openClaim(page, claimNo);
  await expect(back.getByTestId('event-timeline')).toContainText(WHAT_TO_FIX);
  await back.getByTestId('claim-approve').click();
  await expect(page.getByTestId('approve-amount')).not.toHaveValue('');
  await page.getByTestId('approve-confirm').click();
  await expect(page.locator('.ant-message-notice')).toContainText(`已审核通过：${claimNo}`);
  await page.getByTestId('claim-state').getByText('待发放').click();
  await expect(page.getByTestId('claim-table').locator('tr', { hasText: claimNo })).toContainText('待发放');
  expect(downloads).toEqual([]);
});

test('the auditor reads 补助审核 without the decisions, and the server refuses its approve', async ({ page }) => {
  expect(state.id, 'the first test files the claim').toBeDefined();
  await consoleLogin(page, 'ops-audit');
  await expect(consoleMenu(page).getByRole('link', { name: '补助审核' })).toBeVisible();
  await page.goto(`/console/claims?state=approved&open=${state.id}`);
  const drawer = page.getByTestId('claim-drawer');
  await expect(drawer).toContainText(state.claimNo!);
  await expect(drawer.getByTestId('inline-pdf')).toBeVisible();
  await expect(page.getByTestId('claim-approve')).toHaveCount(0);
  await expect(page.getByTestId('claim-return')).toHaveCount(0);

  const login = await apiPost(OpsPath.opsLogin, {
    username: 'ops-audit',
    password: PASSWORD,
    ...(await captchaProof()),
    captchaCode: CAPTCHA,
  });
  expect(login.code, login.message).toBe(0);
  const refused = await apiPost(OpsPath.opsClaimApprove, { claim: state.id }, login.data.accessToken);
  expect(refused.message).toBe(NO_PERMISSION);
});

test("the reviewer's other queues pass axe, and the header search opens the claim", async ({ page }) => {
  expect(state.id, 'the first test files the claim').toBeDefined();
  await consoleLogin(page, 'ops-review');
  for (const [path, table] of [
    ['/console/union-changes?state=approved', 'union-change-table'],
    ['/console/transfers', 'transfer-table'],
    ['/console/filings', 'filing-table'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(table)).toBeVisible();
    await expectAccessible(page, path);
  }
  // A demo union's approved change: before/after per field in the drawer.
  await page.goto('/console/union-changes?state=approved');
  await page.locator('[data-testid^="view-change-"]').first().click();
  await expect(page.getByTestId('field-diff')).toContainText('已变更');
  await expectAccessible(page, '/console/union-changes drawer');

  await page.getByRole('combobox', { name: '全局查找' }).fill(state.claimNo!);
  await page.keyboard.press('Enter');
  await page.getByTestId(`hit-claim-${state.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/console/claims\\?open=${state.id}$`));
  await expect(page.getByTestId('claim-drawer')).toContainText(state.claimNo!);
});
