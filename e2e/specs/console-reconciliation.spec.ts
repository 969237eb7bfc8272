import { ApiPath, groupedReference, yuan } from '@hall/shared';
import { expect, test } from '@playwright/test';
import { loginWithPassword } from '../support/accounts';
import { apiPost, PASSWORD } from '../support/api';
import { expectAccessible } from '../support/axe';
import { consoleLogin, consoleMenu } from '../support/console';
import { serverToday } from '../support/ops';
import { loginThroughForm, menuLink } from '../support/portal';
import { unique } from '../support/public';

/**
 * 银行对账 (issue 20 "Done when", its first part): a unit pays with the payment reference; finance
 * loads a statement with that credit, one partial payment and one unknown credit. The first
 * confirms the payment (the unit's /payment shows it paid and matched), the other two wait as
 * exceptions and are resolved by hand (refunded, left).
 *
 * The notice is 第一人民医院工会's own: its demo draft (an independent union, no reviewing union)
 * submitted here goes to 待缴费 at once; no other spec pays it.
 */

const UNIT = 'dlgh99001';

const yuanOf = (fen: number) => (fen / 100).toFixed(2);

test('a unit pays with the reference; the statement confirms it, a partial and an unknown credit are resolved by hand', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The unit submits its draft: 待缴费 at once, with its reference.
  const login = await loginWithPassword('unit', UNIT, PASSWORD);
  expect(login.code, login.message).toBe(0);
  const token = login.data.accessToken as string;
  const drafts = await apiPost(ApiPath.applyList, { pageNum: 1, pageSize: 20, state: 'draft' }, token);
  const draft = drafts.data.list.find((a: { state: string }) => a.state === 'draft');
  expect(draft, '第一人民医院工会 has its demo draft').toBeTruthy();
  expect((await apiPost(ApiPath.applySubmit, { id: draft.id }, token)).code).toBe(0);
  const payables = await apiPost(ApiPath.payableList, {}, token);
  const notice = payables.data.list.find((p: { id: number }) => p.id === draft.id);
  expect(notice).toMatchObject({ state: 'unpaid' });
  const { paymentRef, amountFen } = notice as { paymentRef: string; amountFen: number };

  // The unit sees the reference to write in its transfer's memo.
  await loginThroughForm(page, 'unit', UNIT);
  await menuLink(page, '/payment').click();
  const row = page.getByTestId('payment-page').locator('tr', { hasText: notice.applicationNo });
  await expect(row).toContainText(groupedReference(paymentRef));
  await expect(row).toContainText('未缴费');

  // The bank's export: two lines above the header, a debit, the partial first, then the whole amount.
  const today = await serverToday();
  const tag = unique(6);
  const statement = [
    '中国工商银行 账户明细查询',
    '账号：1901000009200000888,户名：长沙市总工会',
    '交易日期,交易流水号,摘要,借方金额,贷方金额,对方户名,对方账号',
    `${today},P${tag},医疗互助金 ${groupedReference(paymentRef)},,${yuanOf(amountFen - 1000)},长沙市第一人民医院工会,6222020200110001`,
    `${today},F${tag},手续费,2.00,,,`,
    `${today},E${tag},医疗互助金${paymentRef},,${yuanOf(amountFen)},长沙市第一人民医院工会,6222020200110001`,
    `${today},U${tag},货款,,88.00,某某贸易公司,6222020200119999`,
  ].join('\r\n');

  const office = await browser.newContext();
  const console = await office.newPage();
  await consoleLogin(console, 'ops-finance');
  await consoleMenu(console).getByRole('link', { name: '银行对账' }).click();
  await expect(console).toHaveURL(/\/console\/reconciliation$/);
  await console
    .locator('input[type=file]')
    .setInputFiles({ name: `工行流水${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${statement}`) });
  // The preview: what loading would do, nothing written yet.
  const preview = console.getByTestId('load-preview');
  await expect(preview).toContainText('已检查 3 行，尚未导入');
  await expect(preview).toContainText('少于应缴金额（部分缴费） 1 笔');
  await expectAccessible(console, '/console/reconciliation 预览');
  await preview.getByTestId('load-confirm').click();
  await expect(console.getByTestId('statement-report')).toContainText('新到账 3 笔：自动核对并确认缴费 1 笔，待处理 2 笔');

  const credits = console.getByTestId('credit-table');
  const partial = credits.locator('tr', { hasText: `P${tag}` });
  await expect(partial).toContainText('少于应缴金额（部分缴费）');
  await expect(partial).toContainText(notice.applicationNo);
  const unknown = credits.locator('tr', { hasText: `U${tag}` });
  await expect(unknown).toContainText('附言无缴费识别码');
  await expectAccessible(console, '/console/reconciliation');

  // The partial transfer was sent back to the unit; the unknown one waits for its payer to call.
  await partial.getByTestId(`refund-P${tag}`).click();
  await console.getByTestId('reason-text').fill('部分缴费，已原路退回');
  await console.getByTestId('reason-confirm').click();
  await expect(partial).toHaveCount(0);
  await unknown.getByTestId(`leave-U${tag}`).click();
  await console.getByTestId('reason-text').fill('付款人不明，待联系');
  await console.getByTestId('reason-confirm').click();
  await expect(unknown).toHaveCount(0);
  await console.getByTestId('credit-view').getByText('已搁置').click();
  await expect(console).toHaveURL(/view=left/);
  await expect(credits.locator('tr', { hasText: `U${tag}` })).toContainText('付款人不明，待联系');
  await console.getByTestId('credit-view').getByText('已核对').click();
  await expect(credits.locator('tr', { hasText: `E${tag}` })).toContainText(notice.applicationNo);
  await office.close();

  // The unit's /payment: paid, with the transfer matched; its mail says so.
  await page.reload();
  const paid = page.getByTestId('payment-page').locator('tr', { hasText: notice.applicationNo });
  await expect(paid).toContainText('已缴费');
  await expect(paid.getByRole('list', { name: '银行到账' })).toContainText(`${today} ¥${yuan(amountFen)} 银行到账，已核对`);
  await expectAccessible(page, `${UNIT} /payment 已核对`);
  // A login of its own: the page's login ended the first API session (one session per account).
  const again = (await loginWithPassword('unit', UNIT, PASSWORD)).data.accessToken as string;
  const mail = await apiPost(ApiPath.mailPage, { pageNum: 1, pageSize: 10 }, again);
  expect(mail.code, mail.message).toBe(0);
  expect(JSON.stringify(mail.data)).toContain('缴费已到账');
});
