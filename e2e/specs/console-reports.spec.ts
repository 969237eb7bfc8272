import { expect, test } from '@playwright/test';
import { OpsPath } from '@hall/shared';
import { yuan } from '@hall/shared/enrolment/index.ts';
import { apiPost, CAPTCHA, captchaProof, PASSWORD } from '../support/api';
import { expectAccessible } from '../support/axe';
import { consoleLogin, consoleMenu } from '../support/console';

/**
 * 统计报表 (issue 20, "Done when"): the reports show the demo city's figures, and their totals
 * equal a recount: the rows add up to the 合计 line, and the fund's receipts (payments) equal the
 * enrolment's 实缴 (the paid applications' lines), two summaries kept from different rows.
 */

async function opsToken(username: string): Promise<string> {
  const login = await apiPost(OpsPath.opsLogin, { username, password: PASSWORD, ...(await captchaProof()), captchaCode: CAPTCHA });
  expect(login.code, login.message).toBe(0);
  return login.data.accessToken as string;
}

type Figures = { units: number; lines: number; dueFen: number; receivedFen: number };

test('finance reads the enrolment, benefits and fund of the year; their totals equal a recount; 导出Excel downloads', async ({ page }) => {
  // Three tabs, two accessibility scans and three downloads: more than one default timeout on a busy machine.
  test.slow();
  await consoleLogin(page, 'ops-finance');
  await consoleMenu(page).getByRole('link', { name: '统计报表' }).click();
  await expect(page).toHaveURL(/\/console\/reports/);
  // The year shown once the periods have loaded (the one in force).
  await expect(page.getByTestId('report-year')).toContainText(/\d{4}年度/);
  const year = Number((await page.getByTestId('report-year').textContent())?.match(/\d{4}/)?.[0]);
  expect(year).toBeGreaterThan(2020);

  // A second operator's token for the API (the browser's session stays ops-finance's).
  const token = await opsToken('ops-data');
  const enrolment = (await apiPost(OpsPath.opsReportEnrolment, { year, by: 'district' }, token)).data as {
    list: Figures[];
    total: Figures;
  };
  expect(enrolment.total.lines).toBeGreaterThan(100);
  const sum = (k: keyof Figures) => enrolment.list.reduce((s, r) => s + r[k], 0);
  expect(sum('lines')).toBe(enrolment.total.lines);
  expect(sum('dueFen')).toBe(enrolment.total.dueFen);
  const total = page.getByTestId('report-enrolment-total');
  await expect(total).toContainText(`¥${yuan(enrolment.total.dueFen)}`);
  await expect(total).toContainText(`¥${yuan(enrolment.total.receivedFen)}`);
  await expect(page.getByRole('img', { name: /应缴金额/ })).toBeVisible();
  await expectAccessible(page, '/console/reports');

  await page.getByText('按险种', { exact: true }).click();
  await expect(page).toHaveURL(/by=product/);
  await expect(page.getByTestId('report-enrolment-table')).toContainText('险种');
  await expect(page.getByTestId('report-enrolment-total')).toContainText(`¥${yuan(enrolment.total.dueFen)}`);
  const download = page.waitForEvent('download');
  await page.getByTestId('report-enrolment-export').click();
  expect((await download).suggestedFilename()).toBe(`参保统计-${year}.xlsx`);

  await page.getByRole('tab', { name: '待遇统计' }).click();
  const benefits = (await apiPost(OpsPath.opsReportBenefits, { year }, token)).data;
  await expect(page.getByTestId('report-benefit-total')).toContainText(`¥${yuan(benefits.total.treatmentFen)}`);
  // The treatments by hospital level and by diagnosis chapter add up to the year's treatments.
  for (const view of ['levels', 'chapters'] as const) {
    const rows = benefits[view] as Array<{ treatmentFen: number }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.reduce((s, r) => s + r.treatmentFen, 0)).toBe(benefits.total.treatmentFen);
    await expect(page.getByTestId(`report-benefit-${view}-total`)).toContainText(`¥${yuan(benefits.total.treatmentFen)}`);
  }
  await expect(page.getByTestId('report-benefit-levels')).toContainText('三级');
  const chapterFile = page.waitForEvent('download');
  await page.getByTestId('report-chapters-export').click();
  expect((await chapterFile).suggestedFilename()).toBe(`待遇统计-按疾病章节-${year}.xlsx`);

  await page.getByRole('tab', { name: '互助金收支' }).click();
  const fund = (await apiPost(OpsPath.opsReportFund, { year }, token)).data.list[0];
  // Payments confirmed for the year = the lines of its paid applications.
  expect(fund.receivedFen).toBe(enrolment.total.receivedFen);
  const row = page.getByTestId('report-fund-table').locator('tr', { hasText: `${year}年度` });
  await expect(row).toContainText(`¥${yuan(fund.receivedFen)}`);
  await expect(row).toContainText(`¥${yuan(fund.paidOutFen)}`);
  await expectAccessible(page, '/console/reports?tab=fund');
});
