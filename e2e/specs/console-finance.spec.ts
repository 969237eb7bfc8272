import { NO_PERMISSION, OpsPath } from '@hall/shared';
import { expect, test } from '@playwright/test';
import { apiPost, CAPTCHA, captchaProof, PASSWORD } from '../support/api';
import { expectAccessible } from '../support/axe';
import { consoleLogin, consoleMenu } from '../support/console';
import { ops, opsAs, serverToday } from '../support/ops';
import { loginThroughForm, menuLink } from '../support/portal';

/**
 * 财务 in the back office (issue 19 "Done when"): ops-finance confirms a demo unit's payment in
 * /console/payments and the unit's /payment shows it paid; ops-review approves a claim (CLI) and
 * ops-finance pays the claim batch in /console/payouts, where the batch is listed. The reviewer has
 * no 财务 menu and the server refuses its pay call.
 */

test.describe.configure({ mode: 'serial' });

/** The default second-check amount (HALL_PAYMENT_SECOND_CHECK_YUAN): above it a second finance operator would be needed. */
const SECOND_CHECK_FEN = 50_000 * 100;
/** qydw92101's application is enrolment.spec's; fhgh93102's password is changed by password.spec. */
const OTHER_SPECS = ['qydw92101', 'fhgh93102'];

const state: { claimNo?: string; reviewerToken?: string } = {};

/** A demo unit's unpaid application one finance operator may confirm alone (`ops payable-list`). */
async function unpaidApplication() {
  const rows = (await ops('payable-list'))
    .split('\n')
    .map((line) => /^(SQ\d+) {2}(\S+) {2}.+ {2}¥([\d,]+\.\d{2}) {2}截止/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ no: m[1], uact: m[2], yuan: m[3].replaceAll(',', '') }))
    .filter((r) => Math.round(Number(r.yuan) * 100) <= SECOND_CHECK_FEN);
  const row = rows.find((r) => !OTHER_SPECS.includes(r.uact)) ?? rows.find((r) => r.uact !== 'qydw92101');
  if (!row) throw new Error('no unpaid demo application below the second-check amount');
  return row;
}

async function opsToken(username: string): Promise<string> {
  const login = await apiPost(OpsPath.opsLogin, { username, password: PASSWORD, ...(await captchaProof()), captchaCode: CAPTCHA });
  expect(login.code, login.message).toBe(0);
  return login.data.accessToken as string;
}

test('the reviewer has no 财务 menu, and the server refuses its pay call', async ({ page }) => {
  await consoleLogin(page, 'ops-review');
  await expect(consoleMenu(page).getByText('业务审核', { exact: true })).toBeVisible();
  await expect(consoleMenu(page).getByText('财务', { exact: true })).toHaveCount(0);
  await page.goto('/console/payouts');
  await expect(page.getByTestId('console-403')).toContainText('无权访问');
  state.reviewerToken = await opsToken('ops-review');
  expect((await apiPost(OpsPath.opsClaimPay, {}, state.reviewerToken)).message).toBe(NO_PERMISSION);
  expect((await apiPost(OpsPath.opsPaymentConfirm, { application: '1' }, state.reviewerToken)).message).toBe(NO_PERMISSION);
});

test('finance confirms a payment in the browser; the unit’s /payment shows it paid', async ({ page }) => {
  const app = await unpaidApplication();
  const today = await serverToday();
  await consoleLogin(page, 'ops-finance');
  await consoleMenu(page).getByRole('link', { name: '缴费确认' }).click();
  await expect(page).toHaveURL(/\/console\/payments$/);
  const row = page.getByTestId('payable-table').locator('tr', { hasText: app.no });
  await expect(row).toContainText(app.uact);
  await expectAccessible(page, '/console/payments');
  await row.getByTestId(`confirm-${app.no}`).click();
  await page.getByTestId('payment-amount').fill(app.yuan);
  await page.getByTestId('payment-paid-on').fill(today);
  await page.getByTestId('payment-voucher').fill(`E2E-CONSOLE-${app.no}`);
  await expectAccessible(page, '/console/payments 确认缴费');
  await page.getByTestId('payment-voucher').press('Enter');
  const done = page.getByRole('dialog', { name: `已确认缴费：${app.no}` });
  await expect(done).toContainText(`E2E-CONSOLE-${app.no}`);
  await done.getByRole('button', { name: '知道了' }).click();
  await expect(page.getByTestId('payable-table')).not.toContainText(app.no);

  await loginThroughForm(page, 'unit', app.uact);
  await menuLink(page, '/payment').click();
  const payment = page.getByTestId('payment-page').filter({ visible: true });
  await expect(payment.getByRole('row').filter({ hasText: app.no })).toContainText('已缴费');
});

test('the reviewer approves a claim (CLI); finance pays the claim batch in the browser', async ({ page }) => {
  const waiting = await apiPost(OpsPath.opsClaimList, {}, state.reviewerToken ?? (await opsToken('ops-review')));
  expect(waiting.code, waiting.message).toBe(0);
  const claim = (waiting.data.list as Array<{ claimNo: string; hasBankCard: boolean }>).find((c) => c.hasBankCard);
  if (!claim) throw new Error('no demo claim at 市总审核 with a card');
  state.claimNo = claim.claimNo;
  expect(await opsAs('ops-review', 'claim-approve', '--no', claim.claimNo)).toContain('转入待发放');

  await consoleLogin(page, 'ops-finance');
  // Finance pays what the reviewer approved; the reviewer's queue is not its page.
  await expect(consoleMenu(page).getByRole('link', { name: '补助审核' })).toHaveCount(0);
  await consoleMenu(page).getByRole('link', { name: '发放', exact: true }).click();
  await expect(page).toHaveURL(/\/console\/payouts$/);
  await expectAccessible(page, '/console/payouts 互助待遇发放');
  await page.getByTestId('payout-tab').getByText('补助发放').click();
  await expect(page.getByTestId('claim-due-table')).toContainText(claim.claimNo);
  await expectAccessible(page, '/console/payouts 补助发放');
  await page.getByTestId('pay-claims').click();
  await expectAccessible(page, '/console/payouts 发放补助');
  await page.getByTestId('pay-confirm').click();
  const result = page.getByRole('dialog').filter({ hasText: '补助已发放' });
  await expect(result).toBeVisible();
  const batchNo = /BZFF\d{13}/.exec((await result.textContent()) ?? '')?.[0];
  expect(batchNo).toBeTruthy();
  await result.getByRole('button', { name: '知道了' }).click();
  await expect(page.getByTestId('claim-due-table')).not.toContainText(claim.claimNo);

  await page.getByTestId('payout-tab').getByText('发放批次').click();
  await expect(page.getByTestId('batch-table').locator('tr', { hasText: batchNo! })).toContainText('补助');
  await expectAccessible(page, '/console/payouts 发放批次');
  const download = page.waitForEvent('download');
  await page.getByTestId(`export-${batchNo}`).click();
  expect((await download).suggestedFilename()).toBe(`发放明细_${batchNo}.xlsx`);

  const detail = await apiPost(OpsPath.opsClaimDetail, { claim: claim.claimNo }, await opsToken('ops-review'));
  expect(detail.data.claim.state).toBe('paid');
});
