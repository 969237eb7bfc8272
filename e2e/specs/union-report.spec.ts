import { expect, test } from '@playwright/test';
import { ApiPath } from '@hall/shared';
import { chinaDay } from '@hall/shared/china-time.ts';
import { yuan } from '@hall/shared/enrolment/index.ts';
import { apiPost, CAPTCHA, captchaProof, loginElsewhere, PASSWORD } from '../support/api';
import { expectAccessible } from '../support/axe';
import { Account, DisplayName, loginThroughForm } from '../support/portal';

/**
 * Issue 20: a level-1 union sees its own 统计报表 on its /Home (docs/decisions.md, "A union's own
 * report"), and the figures equal a recount: the enrolment the console shows for the same union,
 * the receipts (payments) equal to the enrolment's 实缴 (paid lines, another summary), the benefits
 * paid equal to the home charts' (the treatments' own totals and the raw claims). A unit under the
 * union has no such section.
 */

const UNION = Account.union92;
type Figures = { units: number; lines: number; dueFen: number; receivedFen: number };

test('a 92 union reads its own enrolment, benefits and fund on /Home; they equal a recount; 导出Excel downloads', async ({ page }) => {
  test.setTimeout(120_000);
  // The union's figures through its own calls (before the browser's login supersedes this session).
  const login = await loginElsewhere('unit', UNION);
  expect(login.code, login.message).toBe(0);
  const token = login.data.accessToken as string;
  const fund = (await apiPost(ApiPath.unionReportFund, {}, token)).data.list as Array<Record<string, number>>;
  // The year the page opens on: the one of today (China), when the union has that period.
  const today = Number(chinaDay(new Date()).slice(0, 4));
  const year = fund.some((r) => r.year === today) ? today : fund[0].year;
  const own = (await apiPost(ApiPath.unionReportEnrolment, { year, by: 'unit' }, token)).data as { list: Figures[]; total: Figures };
  const treatments = (await apiPost(ApiPath.treatDataYear, {}, token)).data.list as Array<{ year: number; paidFen: number }>;
  const claims = (await apiPost(ApiPath.subsidyFrequencyAmount, {}, token)).data.list as Array<{ year: number; amountFen: number }>;

  // The console's figures for the same union (another session: the back office's).
  const ops = await apiPost(ApiPath.opsLogin, {
    username: 'ops-data',
    password: PASSWORD,
    ...(await captchaProof()),
    captchaCode: CAPTCHA,
  });
  const byUnion = (await apiPost(ApiPath.opsReportEnrolment, { year, by: 'union' }, ops.data.accessToken)).data.list as Array<
    Figures & { key: string; label: string }
  >;
  const inConsole = byUnion.find((r) => r.label === DisplayName[UNION]);
  expect(inConsole, '控制台按工会分组中有本工会').toBeDefined();
  expect(own.total.lines).toBeGreaterThan(0);
  expect({ units: own.total.units, lines: own.total.lines, dueFen: own.total.dueFen, receivedFen: own.total.receivedFen }).toEqual({
    units: inConsole!.units,
    lines: inConsole!.lines,
    dueFen: inConsole!.dueFen,
    receivedFen: inConsole!.receivedFen,
  });
  const thisYear = fund.find((r) => r.year === year)!;
  expect(thisYear.receivedFen).toBe(own.total.receivedFen);
  expect(thisYear.paidTreatmentFen).toBe(treatments.find((t) => t.year === year)?.paidFen ?? 0);
  expect(thisYear.paidClaimFen).toBe(claims.find((c) => c.year === year)?.amountFen ?? 0);

  await loginThroughForm(page, 'unit', UNION);
  const report = page.getByTestId('union-report');
  await report.scrollIntoViewIfNeeded();
  await expect(report.getByTestId('union-report-year')).toContainText(`${year}年度`);
  const total = report.getByTestId('union-report-enrolment-total');
  await expect(total).toContainText(`¥${yuan(own.total.dueFen)}`);
  await expect(total).toContainText(`¥${yuan(own.total.receivedFen)}`);
  await expect(report.getByTestId('union-report-enrolment')).toContainText(DisplayName[UNION]);
  await expect(report.getByRole('img', { name: /应缴金额/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await report.getByTestId('union-report-export-enrolment').click();
  expect((await download).suggestedFilename()).toBe(`本工会参保统计-${year}.xlsx`);
  await expectAccessible(page, '/Home (本工会统计报表)');

  await report.getByRole('tab', { name: '互助金收支' }).click();
  const row = report.getByTestId('union-report-fund').locator('tr', { hasText: `${year}年度` });
  await expect(row).toContainText(`¥${yuan(thisYear.receivedFen)}`);
  await expect(row).toContainText(`¥${yuan(thisYear.paidOutFen)}`);
  await report.getByRole('tab', { name: '待遇统计' }).click();
  await expect(report.getByTestId('union-report-benefits').or(report.getByText(/暂无互助待遇与补助/))).toBeVisible();
});

test('a unit under the union has no union report on its /Home', async ({ page }) => {
  await loginThroughForm(page, 'unit', Account.unit);
  await expect(page.getByTestId('figure-enrolled')).toBeVisible();
  await expect(page.getByTestId('union-report')).toHaveCount(0);
});
