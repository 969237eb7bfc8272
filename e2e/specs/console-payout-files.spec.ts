import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { consoleLogin, consoleMenu } from '../support/console';
import { ops, serverToday } from '../support/ops';
import { Account, DisplayName, escapeRegExp, loginThroughForm, menuLink } from '../support/portal';

/**
 * 代发 (issue 20 "Done when", its payout part): finance pays the treatments in a batch, exports the
 * batch's 代发文件 (read from the download), loads the bank's result with one failed line; the
 * worker sees the failure with the bank's reason in her 互助待遇查询; finance pays the next batch,
 * which takes the line again, and the bank's result of it closes that batch.
 *
 * The worker is the demo's 李华 (personal login, covered this year from 10 February + 90 days, a
 * card on record): the bureau's file of one stay of hers is loaded first, so she has a treatment
 * 待发放 whatever ran before.
 */

const WORKER = Account.personal;
const WORKER_NAME = DisplayName[WORKER];
const REASON = '户名与账号不符';

/** Pays every payable treatment from /console/payouts on the server's day (the browser's may be past midnight): the new batch's number. */
async function payTreatments(page: Page, today: string): Promise<string> {
  await page.goto('/console/payouts');
  await page.getByTestId('pay-treatments').click();
  await page.getByTestId('pay-paid-on').fill(today);
  await page.getByTestId('pay-confirm').click();
  const result = page.getByRole('dialog').filter({ hasText: '互助待遇已发放' });
  await expect(result).toBeVisible();
  const batchNo = /FF\d{13}/.exec((await result.textContent()) ?? '')?.[0];
  expect(batchNo).toBeTruthy();
  await result.getByRole('button', { name: '知道了' }).click();
  return batchNo!;
}

/** Opens a batch's drawer from 发放批次 (the page loaded afresh: the pay dialog gone). */
async function openBatch(page: Page, batchNo: string, { checkAccessible = false } = {}) {
  await page.goto('/console/payouts?tab=batches');
  await expect(page.getByTestId(`open-${batchNo}`)).toBeVisible();
  if (checkAccessible) await expectAccessible(page, '/console/payouts 发放批次');
  await page.getByTestId(`open-${batchNo}`).click();
  await expect(page).toHaveURL(new RegExp(`batch=${batchNo}`));
  const drawer = page.getByTestId('batch-drawer');
  await expect(drawer).toContainText(`发放批次 ${batchNo}`);
  return drawer;
}

/** The 代发文件 as CSV from the drawer: its lines (BOM gone). */
async function bankFileLines(page: Page, batchNo: string): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page.getByTestId('bank-file-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`代发文件_${batchNo}.csv`);
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1).trimEnd().split('\r\n');
}

/** The bank's result of the file's lines: 成功, or 失败 with the reason for the lines `fail` picks. */
function resultFile(lines: string[], fail: (cells: string[]) => boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-payout-result-'));
  const file = path.join(dir, '代发回执.csv');
  const rows = lines.slice(1, -1).map((line) => {
    const [no, , , card, amount, memo] = line.split(',');
    return fail(line.split(',')) ? [no, memo, card, amount, '失败', REASON] : [no, memo, card, amount, '成功', ''];
  });
  writeFileSync(file, `\uFEFF${['序号,附言,银行卡号,金额,处理结果,失败原因', ...rows.map((r) => r.join(','))].join('\r\n')}\r\n`);
  return file;
}

/** Loads a result file through the drawer (after its confirmation): the report's text. */
async function loadResult(page: Page, file: string) {
  await page.getByTestId('batch-drawer').locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('dialog').filter({ hasText: '代发回执.csv' }).getByRole('button', { name: '导入' }).click();
  const report = page.getByTestId('result-report');
  await expect(report).toBeVisible();
  return report;
}

test('finance exports a payout batch, loads a result with one failed line; the worker sees it; the next batch pays it', async ({
  page: worker,
  browser,
}) => {
  test.setTimeout(180_000);
  const today = await serverToday();
  const year = today.slice(0, 4);
  const run = Date.now().toString(36).toUpperCase();

  // The bureau's file: one stay of 李华's after her cover began.
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-payout-settlement-'));
  const settlements = path.join(dir, `结算-${run}.csv`);
  writeFileSync(
    settlements,
    `\uFEFF${[
      '结算单号,身份证号码,姓名,医院名称,医院等级,就医类型,入院日期,出院日期,结算日期,医疗总费用,政策范围内费用,统筹基金支付,政策范围内个人自付,政策范围外自费,诊断编码,诊断名称,冲销标志',
      `PAY${run},${WORKER},${WORKER_NAME},中南大学湘雅医院,三级,住院,${year}-09-01,${year}-09-06,${year}-09-06,30000.00,28000.00,20000.00,8000.00,2000.00,K35.8,急性阑尾炎,否`,
    ].join('\n')}\n`,
  );
  expect(await ops('settlement-load', '--file', settlements)).toMatch(/新增 1/);

  // Finance (its own browser) pays the batch and exports its 代发文件.
  const office = await browser.newContext();
  const page = await office.newPage();
  await consoleLogin(page, 'ops-finance');
  await consoleMenu(page).getByRole('link', { name: '发放', exact: true }).click();
  await expect(page).toHaveURL(/\/console\/payouts$/);
  const first = await payTreatments(page, today);
  const drawer = await openBatch(page, first, { checkAccessible: true });
  await expect(drawer).toContainText('待银行回执');
  const lines = await bankFileLines(page, first);
  expect(lines[0]).toBe('序号,姓名,开户银行,银行卡号,金额,附言');
  const body = lines.slice(1, -1).map((line) => line.split(','));
  body.forEach((cells, i) => {
    expect(cells[0]).toBe(String(i + 1));
    expect(cells[5]).toBe(`${first}-${i + 1}`);
  });
  const total = body.reduce((sum, cells) => sum + Math.round(Number(cells[4]) * 100), 0);
  expect(lines.at(-1)).toBe(`合计,${body.length}笔,,,${(total / 100).toFixed(2)},`);
  const mine = body.find((cells) => cells[1] === WORKER_NAME);
  expect(mine, `${WORKER_NAME} is in the batch`).toBeTruthy();
  const amount = mine![4];

  // The bank's result: every line paid but hers.
  const report = await loadResult(
    page,
    resultFile(lines, (cells) => cells[1] === WORKER_NAME),
  );
  await expect(report).toContainText(`成功 ${body.length - 1} 笔，失败 1 笔`);
  await expect(report).toContainText('本批次已完成');
  await expect(drawer.getByTestId('batch-failed')).toHaveText('1');
  const failed = drawer.getByTestId('failed-lines');
  await expect(failed).toContainText(WORKER_NAME);
  await expect(failed).toContainText(REASON);
  await expect(failed).toContainText('待下一批次');

  // The worker sees the failure with the bank's reason.
  await loginThroughForm(worker, 'personal', WORKER);
  await menuLink(worker, '/mutual-aid-treatment-query-personal').click();
  const query = worker.getByTestId('treatment-personal-page').filter({ visible: true });
  await expect(query).toBeVisible();
  const row = query.locator('tbody tr.ant-table-row').filter({ hasText: `${year}-09-06` });
  await expect(row).toContainText('待发放');
  await expect(row).toContainText(`发放失败：${REASON}`);

  // The next batch takes her line again; its result closes it.
  const next = await payTreatments(page, today);
  await openBatch(page, next);
  const again = await bankFileLines(page, next);
  expect(again.slice(1, -1)).toEqual([
    expect.stringMatching(new RegExp(`^1,${escapeRegExp(WORKER_NAME)},.*,${escapeRegExp(amount)},${next}-1$`)),
  ]);
  const closing = await loadResult(
    page,
    resultFile(again, () => false),
  );
  await expect(closing).toContainText('成功 1 笔，失败 0 笔');
  await expect(closing).toContainText('本批次已完成');

  // The first batch's failed line names the batch that paid it.
  await openBatch(page, first);
  await expect(page.getByTestId('failed-lines')).toContainText(next);

  await worker.reload();
  const paid = worker
    .getByTestId('treatment-personal-page')
    .filter({ visible: true })
    .locator('tbody tr.ant-table-row')
    .filter({ hasText: `${year}-09-06` });
  await expect(paid).toContainText('已发放');
  await expect(paid).not.toContainText('发放失败');
  await office.close();
});
