import { readFile } from 'node:fs/promises';
import { ApiPath, errorReportName } from '@hall/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO_POOL_START, DEMO_ROSTERS, demoCertNo, demoName } from '../../apps/server/src/db/seed/demo-staff';
import { apiPost, loginElsewhere } from '../support/api';
import { expectAccessible } from '../support/axe';
import { ops, serverToday } from '../support/ops';
import { chooseOption } from '../support/public';
import { Account, DisplayName, escapeRegExp, loginThroughForm, menuLink } from '../support/portal';

/**
 * Issue 8 "Done when": a level-2 unit of the 92 union (qydw92101) imports next year's application
 * with two bad rows, downloads the error report, confirms the rest and submits; the union
 * approves it in /apply-examine; /payment shows the amount and prints the notice; the operator
 * confirms the payment from the CLI; /participation shows the staff covered from the right date;
 * mail and to-do follow every step. The uninsured demo unit (qydw92102) sees the explanation on
 * each needInsured page and the server refuses its calls. And the staff page: add a person from
 * the bureau's registry pool, see them masked in the list, 减员.
 *
 * The users act through the portal only; the operator through the CLI (`ops`). The steps run in
 * order on one server (serial): each step is what the next one builds on.
 */

const UNIT = Account.unit; // qydw92101 星辰科技, level 2 under the 92 union lhgh92001
const UNIT_NAME = DisplayName[UNIT];
const UNION = Account.union92;
const NOT_INSURED = '您的单位尚未办理医保参保登记，暂不能使用本功能';
/** The e2e server's payment account: the development defaults of apps/server/src/config.ts (HALL_PAY_* unset). */
const PAY_ACCOUNT = { name: '长沙市总工会', bank: '中国工商银行长沙市分行营业部（演示）', accountNo: '1901 0000 0920 0000 888' };

/** Generated people of the demo (demo-staff.ts): on qydw92101's roster, covered this year, not declared for next year (the demo declares 0–449). */
const CONTINUING = [600, 601, 602, 603, 604, 605, 606, 607, 608, 609];
/** A person of another unit's roster (dlgh99001): not on qydw92101's. */
const OTHER_UNITS_PERSON = DEMO_ROSTERS.dlgh99001[0] + 100;
/** People of the bureau's registry not on any roster yet (the pool): one new hire who joins next year, one added and then 减员. */
const NEW_HIRE = DEMO_POOL_START + 301;
const LEAVER = DEMO_POOL_START + 302;

interface Period {
  year: number;
  startDate: string;
  payDeadline: string;
  waitingDays: number;
  /** Rate per share per product code, in fen. */
  rates: Record<string, number>;
  products: Record<string, string>;
}

/** Shared between the steps (serial). */
const state: {
  period?: Period;
  today?: string;
  applicationNo?: string;
  amountFen?: number;
  headcount?: number;
} = {};

// ——— helpers ———

const isFemale = (certNo: string) => Number(certNo[16]) % 2 === 0;
const yuanText = (fen: number) => `${Math.floor(fen / 100).toLocaleString('en-US')}.${String(fen % 100).padStart(2, '0')}`;
const money = (fen: number) => `¥${yuanText(fen)}`;

/** 人民币大写 of a whole number of yuan below 10,000 (what this test's amounts are), written independently of the app. */
function capitalOfYuan(yuan: number): string {
  if (!Number.isInteger(yuan) || yuan <= 0 || yuan >= 10_000) throw new Error(`amount outside this helper: ${yuan}`);
  const DIGITS = '零壹贰叁肆伍陆柒捌玖';
  const UNITS = ['仟', '佰', '拾', ''];
  const digits = String(yuan).padStart(4, '0').split('').map(Number);
  let out = '';
  let zero = false;
  digits.forEach((d, i) => {
    if (d === 0) {
      if (out) zero = true;
      return;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d] + UNITS[i];
  });
  return `${out}元整`;
}

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const enrollingBlock = (listing: string) => listing.split(/\n(?=\d{4}年度)/).find((b) => b.split('\n')[0].includes('【申报中】'));

/**
 * The period open for enrolment, as the operator lists it (`ops period-list`): next year's. The
 * demo city enrols from 1 November (late November is its "today"); run earlier in the year, the
 * operator opens next year's window from today first.
 */
async function enrollingPeriod(today: string): Promise<Period> {
  let listing = await ops('period-list');
  if (!enrollingBlock(listing)) {
    const next = String(Number(today.slice(0, 4)) + 1);
    expect(await ops('period-set', '--year', next, '--enrol-start', today)).toContain(`已修改${next}年度互助期`);
    listing = await ops('period-list');
  }
  const block = enrollingBlock(listing);
  if (!block) throw new Error(`no period in enrolment:\n${listing}`);
  const year = Number(block.slice(0, 4));
  const dates = /保障期 (\S+) 至 (\S+)；申报 (\S+) 至 (\S+)；缴费截止 (\S+)；等待期 (\d+) 天/.exec(block);
  if (!dates) throw new Error(`period dates not found:\n${block}`);
  const rates: Record<string, number> = {};
  const products: Record<string, string> = {};
  for (const m of block.matchAll(/- (\d{2}) (\S+) {2}¥([\d,]+)\.(\d{2})\/份/g)) {
    rates[m[1]] = Number(m[3].replaceAll(',', '')) * 100 + Number(m[4]);
    products[m[1]] = m[2];
  }
  return { year, startDate: dates[1], payDeadline: dates[5], waitingDays: Number(dates[6]), rates, products };
}

/** Opens a page through its menu link and waits for the page's own element. */
async function openPage(page: Page, path: string, testId: string) {
  await menuLink(page, path).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}$`));
  const shown = page.getByTestId(testId).filter({ visible: true });
  await expect(shown).toBeVisible();
  return shown;
}

/** Types a date into an antd DatePicker and accepts it. */
async function pickDate(picker: Locator, day: string) {
  const input = picker.locator('input').first();
  await input.click();
  await input.fill(day);
  await input.press('Enter');
  await expect(input).toHaveValue(day);
  await expect(picker.page().locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toHaveCount(0);
}

/** The unread/read message of /mail whose title is given; opening it shows its text. */
async function openMail(page: Page, title: string) {
  const mail = await openPage(page, '/mail', 'mail-page');
  await mail.getByTestId('mail-refresh').click();
  const row = mail.getByTestId('mail-table').getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('未读');
  await row.getByTestId('mail-open').click();
  const detail = page.getByTestId('mail-detail');
  await expect(detail).toBeVisible();
  await expect(row).toContainText('已读');
  return detail;
}

const closeDrawer = async (page: Page) => {
  // Escape closes the drawer that holds the focus: after a confirmation, once its dialog has gone
  // and given the focus back to the drawer (DetailDrawer's afterClose).
  await expect
    .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.ant-drawer-open'))), { message: 'focus in the drawer' })
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
};

/** /to-list with a fresh answer of the server (the page is kept alive: 刷新 asks again). */
async function todoItems(page: Page) {
  const todo = await openPage(page, '/to-list', 'todo-page');
  const answered = page.waitForResponse((r) => r.url().endsWith(`/api${ApiPath.todoList}`));
  await todo.getByTestId('todo-refresh').click();
  await answered;
  await expect(todo.getByTestId('todo-summary').or(todo.getByTestId('todo-empty'))).toBeVisible();
  return todo;
}

/** Adds a person of the registry through 新增 and finds them in the list by their full ID number. */
async function addStaff(page: Page, i: number, joinedOn: string) {
  const staffPage = await openPage(page, '/mutual-aid-staff-management', 'staff-page');
  await staffPage.getByTestId('staff-add').click();
  const form = page.getByTestId('staff-form');
  await expect(form).toBeVisible();
  await form.getByTestId('staff-name').fill(demoName(i));
  await form.getByTestId('staff-certNo').fill(demoCertNo(i));
  await chooseOption(page, form.getByTestId('staff-psnType'), '在职职工');
  await form.getByTestId('staff-phone').fill(`1397310${String(i).padStart(4, '0')}`);
  await pickDate(form.locator('.ant-picker'), joinedOn);
  await expectAccessible(page, '/mutual-aid-staff-management 新增');
  await page.getByTestId('staff-form-submit').click();
  await expect(page.getByText('已新增互助人员')).toBeVisible();
  await expect(form).toBeHidden();

  await staffPage.getByTestId('filter-certNo').fill(demoCertNo(i));
  await staffPage.getByTestId('filter-search').click();
  const row = staffPage.getByTestId('staff-table').locator('tbody tr.ant-table-row');
  await expect(row).toHaveCount(1);
  return { staffPage, row };
}

test.describe.configure({ mode: 'serial' });

test.describe('mutual-aid enrolment, from the import to the cover (issue 8)', () => {
  test.beforeAll(async () => {
    state.today = await serverToday();
    state.period = await enrollingPeriod(state.today);
    // Next year's period is the one open for enrolment (the demo's late November).
    expect(state.period.year).toBe(Number(state.today.slice(0, 4)) + 1);
    expect(Object.keys(state.period.rates)).toEqual(expect.arrayContaining(['01', '02', '03']));
  });

  test('staff page: a person of the registry is added, listed with the ID number masked, and 减员', async ({ page }) => {
    const today = state.today!;
    await loginThroughForm(page, 'unit', UNIT);
    const certNo = demoCertNo(LEAVER);
    const { staffPage, row } = await addStaff(page, LEAVER, `${today.slice(0, 8)}01`);
    await expectAccessible(page, '/mutual-aid-staff-management');

    // The list shows the person with the ID number masked (first and last four digits), never in full.
    await expect(row).toContainText(demoName(LEAVER));
    await expect(row).toContainText(`${certNo.slice(0, 4)}${'*'.repeat(10)}${certNo.slice(-4)}`);
    await expect(staffPage.getByTestId('staff-table')).not.toContainText(certNo);
    await expect(row).toContainText('在职');
    await expect(row).toContainText(isFemale(certNo) ? '女' : '男');

    // 减员 with today's date and a reason.
    await row.locator('[data-testid^="leave-"]').click();
    const leaveForm = page.getByTestId('leave-form');
    await expect(leaveForm).toBeVisible();
    await pickDate(leaveForm.locator('.ant-picker'), today);
    await leaveForm.locator('.ant-select input').fill('辞职');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: /^辞职$/ })
      .click();
    await expect(leaveForm.locator('.ant-select input')).toHaveValue('辞职');
    await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
    await expectAccessible(page, '/mutual-aid-staff-management 减员');
    await page.getByTestId('leave-submit').click();
    await expect(page.getByText('已减员 1 人')).toBeVisible();
    await expect(leaveForm).toBeHidden();

    // No longer among the current staff; listed as 已减员 with the date.
    await expect(row).toHaveCount(0);
    await chooseOption(page, staffPage.getByTestId('filter-state'), '已减员');
    await staffPage.getByTestId('filter-search').click();
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`已减员 ${today}`);
    await expect(row.locator('[data-testid^="leave-"]')).toHaveCount(0);
  });

  test('the unit imports next year’s application with two bad rows, downloads the report, confirms the rest and submits', async ({
    page,
  }) => {
    test.slow();
    const period = state.period!;
    const today = state.today!;
    await loginThroughForm(page, 'unit', UNIT);
    // A new hire joins today: on the roster first, then declared with the others.
    await addStaff(page, NEW_HIRE, today);

    // The application file: the continuing staff (one with two shares of 重大疾病互助, women also
    // with 女职工特殊疾病互助), the new hire by product name, and two bad rows.
    const rows: Array<[string, string, string, string | number]> = [];
    const lines: Array<{ code: string; shares: number; person: number }> = [];
    const declare = (i: number, code: string, shares: number, byName = false) => {
      rows.push([demoName(i), demoCertNo(i), byName ? period.products[code] : code, shares === 1 && !byName ? '' : shares]);
      lines.push({ code, shares, person: i });
    };
    for (const i of CONTINUING) {
      declare(i, '01', 1);
      if (isFemale(demoCertNo(i))) declare(i, '02', 1);
    }
    declare(CONTINUING[0], '03', 2);
    declare(NEW_HIRE, '01', 1, true);
    const wrongCheck = demoCertNo(610).slice(0, 17) + (demoCertNo(610).endsWith('1') ? '2' : '1');
    rows.splice(3, 0, [demoName(610), wrongCheck, '01', 1]);
    rows.push([demoName(OTHER_UNITS_PERSON), demoCertNo(OTHER_UNITS_PERSON), '01', 1]);
    const badRowNos = [3 + 2, rows.length + 1]; // row numbers in the sheet (title row is 1)

    const fileBase = `星辰科技${period.year}年度互助申请`;
    const file = test.info().outputPath(`${fileBase}.xlsx`);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('互助申请');
    sheet.addRow(['姓名', '身份证号码', '互助项目', '份数']);
    for (const r of rows) sheet.addRow(r);
    await book.xlsx.writeFile(file);

    const amountFen = lines.reduce((sum, l) => sum + l.shares * period.rates[l.code], 0);
    const headcount = new Set(lines.map((l) => l.person)).size;
    state.amountFen = amountFen;
    state.headcount = headcount;

    // /apply-query works on the period in enrolment by default.
    const apply = await openPage(page, '/apply-query', 'apply-query-page');
    await expect(apply.getByTestId('period-select')).toContainText(`${period.year}年度（申报中）`);
    await expect(apply.getByTestId('period-info')).toContainText(`缴费截止 ${period.payDeadline}`);
    await expectAccessible(page, '/apply-query');

    await apply.getByTestId('import-open').click();
    const dialog = page.getByRole('dialog', { name: `导入${period.year}年度互助申请` });
    await expect(dialog.getByTestId('import-upload')).toBeVisible();
    await expectAccessible(page, '/apply-query 导入');
    await dialog.locator('input[type=file]').setInputFiles(file);

    // The preview: counts, the two bad rows with their reasons. Nothing is written yet.
    const preview = dialog.getByTestId('import-preview');
    await expect(preview).toBeVisible();
    await expect(preview.locator('.ant-statistic')).toHaveText([`名单行数${rows.length}`, `可导入${lines.length}`, '有问题2']);
    const invalid = preview.getByTestId('invalid-rows').locator('tbody tr.ant-table-row');
    await expect(invalid).toHaveCount(2);
    await expect(invalid.nth(0)).toContainText(String(badRowNos[0]));
    // The preview masks ID numbers (the error report, the clerk's own file, has them in full).
    await expect(invalid.nth(0)).toContainText(`${wrongCheck.slice(0, 4)}${'*'.repeat(10)}${wrongCheck.slice(-4)}`);
    await expect(preview).not.toContainText(wrongCheck);
    await expect(invalid.nth(0)).toContainText('身份证号码不正确（请核对位数、出生日期和末位校验码）');
    await expect(invalid.nth(1)).toContainText(String(badRowNos[1]));
    await expect(invalid.nth(1)).toContainText(demoName(OTHER_UNITS_PERSON));
    await expect(invalid.nth(1)).toContainText('不是本单位在册职工');
    await expectAccessible(page, '/apply-query 导入预览');

    // The error report: an Excel workbook named {导入名}错误报告-{file}, with both rows and reasons.
    const downloading = page.waitForEvent('download');
    await dialog.getByTestId('import-report').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(errorReportName('apply', `${fileBase}.xlsx`));
    const saved = test.info().outputPath(download.suggestedFilename());
    await download.saveAs(saved);
    const bytes = await readFile(saved);
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK'); // a zip container, as .xlsx is
    const report = new ExcelJS.Workbook();
    await report.xlsx.readFile(saved);
    const reportText = report.worksheets[0]
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).filter((v) => v !== undefined && v !== null).join('|'));
    expect(reportText).toHaveLength(3); // title row and the two bad rows
    expect(reportText[1]).toContain(wrongCheck);
    expect(reportText[1]).toContain('身份证号码不正确');
    expect(reportText[2]).toContain(demoCertNo(OTHER_UNITS_PERSON));
    expect(reportText[2]).toContain('不是本单位在册职工');

    // Confirm the valid rows: a new draft application opens in the drawer.
    await dialog.getByTestId('import-confirm').click();
    await expect(page.getByText(new RegExp(`已导入 ${lines.length} 条（申请 SQ${period.year}\\d{6}）`))).toBeVisible();
    await expect(dialog).toBeHidden();
    const view = page.getByTestId('application-view');
    await expect(view).toBeVisible();
    const title = page.locator('.ant-drawer-open .ant-drawer-title');
    await expect(title).toHaveText(new RegExp(`^互助申请 SQ${period.year}\\d{6}$`));
    const no = (await title.innerText()).replace('互助申请 ', '');
    state.applicationNo = no;
    await expect(view).toContainText('待提交');
    await expect(view).toContainText(`${headcount} 人`);
    await expect(view).toContainText(money(amountFen));
    await expect(view).toContainText(`人员明细（${lines.length} 条）`);
    await expectAccessible(page, '/apply-query 申请详情');

    await page.getByTestId('submit-application').click();
    // 提交 asks first (issue 17).
    await page
      .locator('.ant-modal-confirm')
      .filter({ visible: true, hasText: `提交互助申请 ${no}？` })
      .getByRole('button', { name: /提\s*交/ })
      .click();
    await expect(page.getByText('已提交，等待上级工会审核')).toBeVisible();
    await expect(view.locator('.ant-descriptions')).toContainText('已提交');
    await closeDrawer(page);
    const listed = apply.getByTestId('apply-table').getByRole('row').filter({ hasText: no });
    await expect(listed).toContainText('已提交');
    await expect(listed).toContainText(money(amountFen));

    // The unit's own mail says it waits for the union.
    const detail = await openMail(page, `互助申请 ${no} 已提交`);
    await expect(detail).toContainText(`${headcount}人，应缴 ${money(amountFen)}`);
    await expect(detail).toContainText('等待上级工会审核');
  });

  test('the union finds it in /to-list, /mail and /apply-examine and approves it', async ({ page }) => {
    const no = state.applicationNo!;
    await loginThroughForm(page, 'unit', UNION);

    // To-do: the review item counts the applications waiting, ours among them.
    let todo = await todoItems(page);
    const review = todo.locator('[data-testid="todo-item"][data-kind="review"]');
    await expect(review).toBeVisible();
    await expect(review).toContainText('待审核的企业互助申请');
    const pending = Number(/(\d+)份会员企业的互助申请等待您审核/.exec(await review.innerText())?.[1]);
    expect(pending).toBeGreaterThanOrEqual(1);
    await expectAccessible(page, `${UNION} /to-list`);

    // Mail: 待审核 with the application's number.
    const mail = await openMail(page, `待审核：${UNIT_NAME}的互助申请 ${no}`);
    await expect(mail).toContainText(
      `${UNIT_NAME}提交了${state.period!.year}年度互助申请（${state.headcount}人，应缴 ${money(state.amountFen!)}）`,
    );
    await expectAccessible(page, `${UNION} /mail`);
    await closeDrawer(page);

    // The to-do item leads to /apply-examine, where the waiting applications are listed first.
    todo = await todoItems(page);
    await review.getByTestId('todo-open').click();
    await expect(page).toHaveURL(/\/apply-examine$/);
    const examine = page.getByTestId('apply-examine-page').filter({ visible: true });
    await expect(examine).toBeVisible();
    await expect(examine.locator('.ant-pagination-total-text')).toHaveText(`共 ${pending} 条`);
    const row = examine.getByTestId('examine-table').getByRole('row').filter({ hasText: no });
    await expect(row).toContainText(UNIT_NAME);
    await expect(row).toContainText('已提交');
    await expect(row).toContainText(money(state.amountFen!));
    await expectAccessible(page, `${UNION} /apply-examine`);

    // The detail, then 审核通过 from it.
    await row.getByRole('button', { name: no }).click();
    const view = page.getByTestId('application-view');
    await expect(view).toBeVisible();
    await expect(view).toContainText(`${state.headcount} 人`);
    await expect(view).toContainText(money(state.amountFen!));
    await expectAccessible(page, `${UNION} /apply-examine 申请详情`);
    await page.getByTestId('drawer-approve').click();
    await page
      .locator('.ant-modal-confirm')
      .filter({ visible: true, hasText: `审核通过 ${UNIT_NAME} 的申请 ${no}？` })
      .getByRole('button', { name: '审核通过' })
      .click();
    await expect(page.getByText(`${UNIT_NAME}的申请 ${no} 已审核通过`)).toBeVisible();
    // The decision made, the drawer closes by itself (issue 17).
    await expect(page.locator('.ant-drawer-open')).toHaveCount(0);

    // No longer waiting: one fewer to review, here and in the to-do list.
    await expect(row).toHaveCount(0);
    await expect(examine.locator('.ant-table-tbody')).not.toContainText(no);
    todo = await todoItems(page);
    if (pending === 1) await expect(review).toHaveCount(0);
    else await expect(review).toContainText(`${pending - 1}份会员企业的互助申请等待您审核`);
  });

  test('the unit is told to pay: mail, to-do, /payment with the amount, and the printed notice', async ({ page }) => {
    const no = state.applicationNo!;
    const period = state.period!;
    const amountFen = state.amountFen!;
    await loginThroughForm(page, 'unit', UNIT);

    const mail = await openMail(page, `互助申请 ${no} 待缴费`);
    await expect(mail).toContainText(`请于 ${period.payDeadline} 前按缴费通知单缴费`);
    await closeDrawer(page);

    const todo = await todoItems(page);
    const unpaid = todo.locator('[data-testid="todo-item"][data-kind="unpaid"]');
    await expect(unpaid).toContainText('待缴费的互助申请');
    await expect(unpaid).toContainText(`1份互助申请待缴费，合计 ${money(amountFen)}；请于 ${period.payDeadline} 前按缴费通知单缴费。`);
    await expectAccessible(page, `${UNIT} /to-list`);

    // /payment: the application with its amount, 待缴费; the breakdown adds up to it.
    await unpaid.getByTestId('todo-open').click();
    await expect(page).toHaveURL(/\/payment$/);
    const payment = page.getByTestId('payment-page').filter({ visible: true });
    await expect(payment).toBeVisible();
    await expect(payment.getByTestId('unpaid-total')).toHaveText(money(amountFen));
    const row = payment.getByRole('row').filter({ hasText: no });
    await expect(row).toContainText(money(amountFen));
    await expect(row).toContainText('待缴费');
    await expect(row).toContainText(period.payDeadline);
    await expect(row).toContainText(String(state.headcount));
    await row.locator('.ant-table-row-expand-icon').click();
    const breakdown = payment.locator('.payment-breakdown');
    await expect(breakdown).toBeVisible();
    await expect(breakdown.locator('.ant-table-summary')).toContainText(money(amountFen));
    await expect(breakdown).toContainText(`${money(period.rates['01'])}/年`);
    await expectAccessible(page, `${UNIT} /payment`);

    // 打印缴费通知单 opens the notice.
    await row.getByRole('button', { name: '打印缴费通知单' }).click();
    await expect(page).toHaveURL(/\/print\?kind=payment-notice&id=\d+$/);
    const notice = page.getByTestId('print-document');
    await expect(notice.getByRole('heading', { name: '职工医疗互助缴费通知单' })).toBeVisible();
    await expect(notice).toContainText(`通知单号：${no}`);
    await expect(notice).toContainText(`${UNIT_NAME}（${UNIT}）`);
    await expect(notice.getByTestId('notice-total')).toHaveText(money(amountFen));
    await expect(notice.getByTestId('notice-capital')).toHaveText(`人民币${capitalOfYuan(amountFen / 100)}`);
    await expect(notice.locator('.notice-deadline')).toHaveText(period.payDeadline);
    await expect(notice).toContainText(PAY_ACCOUNT.name);
    await expect(notice).toContainText(PAY_ACCOUNT.bank);
    await expect(notice.getByTestId('notice-account-no')).toHaveText(PAY_ACCOUNT.accountNo);
    await expect(page.getByTestId('print-button')).toBeEnabled();
    await expectAccessible(page, '/print?kind=payment-notice');
  });

  test('the operator confirms the payment from the CLI', async () => {
    const no = state.applicationNo!;
    const period = state.period!;
    const today = await serverToday();
    state.today = today;
    const amount = yuanText(state.amountFen!).replaceAll(',', '');
    const newFrom = [addDays(today, period.waitingDays), period.startDate].sort().at(-1)!;
    const answer = await ops(
      'payment-confirm',
      '--application',
      no,
      '--amount',
      amount,
      '--date',
      today,
      '--voucher',
      `E2E-${no}-${Date.now()}`,
    );
    expect(answer).toContain(`已确认 ${UNIT_NAME}（${UNIT}）申请 ${no} 缴费 ${money(state.amountFen!)}，缴费日期 ${today}`);
    const lineCount = CONTINUING.length + CONTINUING.filter((i) => isFemale(demoCertNo(i))).length + 2;
    expect(answer).toContain(`生成参保记录 ${lineCount} 条，连续参保 ${lineCount - 1} 条自 ${period.startDate} 起，其余自 ${newFrom} 起`);
    // The same payment is not confirmed twice.
    await expect(
      ops('payment-confirm', '--application', no, '--amount', amount, '--date', today, '--voucher', `E2E-${no}-again`),
    ).rejects.toThrow('只有待缴费的申请可以确认缴费');
  });

  test('paid: mail and to-do follow, /payment shows the record, /participation the cover dates', async ({ page }) => {
    const no = state.applicationNo!;
    const period = state.period!;
    const today = state.today!;
    await loginThroughForm(page, 'unit', UNIT);

    const mail = await openMail(page, `互助申请 ${no} 已缴费`);
    await expect(mail).toContainText(`已确认缴费（${state.headcount}人，应缴 ${money(state.amountFen!)}）`);
    await closeDrawer(page);

    const todo = await todoItems(page);
    await expect(todo.locator('[data-testid="todo-item"][data-kind="unpaid"]')).toHaveCount(0);

    const payment = await openPage(page, '/payment', 'payment-page');
    const row = payment.getByRole('row').filter({ hasText: no });
    await expect(row).toContainText('已缴费');
    await expect(row).toContainText(`${today} · ${money(state.amountFen!)}`);
    await expect(payment.getByTestId('unpaid-total')).toHaveText('¥0.00');

    // /participation for next year: continuing staff are covered from the period's start; the
    // new hire after the waiting days from the payment.
    const participation = await openPage(page, '/participation', 'participation-page');
    await chooseOption(page, participation.getByRole('combobox', { name: '互助年度' }), `${period.year}年度职工医疗互助`);
    await expect(participation).toContainText(`保障期 ${period.startDate} 至`);
    await expectAccessible(page, `${UNIT} /participation`);
    const table = participation.getByTestId('person-table');
    const lookUp = async (i: number) => {
      await participation.getByPlaceholder('可输入前几位').fill(demoCertNo(i));
      await participation.getByRole('button', { name: /查询$/ }).click();
      const rows = table.locator('tbody tr.ant-table-row');
      await expect(rows.first()).toContainText(demoName(i));
      return rows;
    };
    const expectCover = async (rows: Locator, product: string, from: string) => {
      const line = rows.filter({ hasText: product });
      await expect(line).toHaveCount(1);
      await expect(line).toContainText(from);
      await expect(line).toContainText(from <= today ? '已参保' : '等待期');
    };
    // Paid in November or December, the new hire's waiting days run past the period's start.
    const newFrom = [addDays(today, period.waitingDays), period.startDate].sort().at(-1)!;

    let rows = await lookUp(CONTINUING[0]);
    await expectCover(rows, period.products['01'], period.startDate);
    await expectCover(rows, period.products['03'], period.startDate);
    rows = await lookUp(NEW_HIRE);
    await expectCover(rows, period.products['01'], newFrom);
    // A product not declared for them: 未参保.
    await expect(rows.filter({ hasText: period.products['03'] })).toContainText('未参保');
  });

  test('the uninsured unit sees the explanation on each needInsured page, and the server refuses its calls', async ({ page }) => {
    await loginThroughForm(page, 'unit', Account.unitUninsured);
    // (/mail and /to-list are open to it: roles.spec.ts, docs/decisions.md, "Uninsured users read their own".)
    const pages = [
      { path: '/apply-query', title: '互助申请', real: 'apply-query-page' },
      { path: '/payment', title: '应缴金额', real: 'payment-page' },
      { path: '/mutual-aid-staff-management', title: '互助人员管理', real: 'staff-page' },
      { path: '/participation', title: '职工参加医疗互助情况', real: 'participation-page' },
    ];
    for (const { path, title, real } of pages) {
      await menuLink(page, path).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      // The layout's panel in place of the page (kept-alive panels of earlier pages stay, hidden).
      const shown = page
        .getByTestId('app-main')
        .getByTestId('not-insured-page')
        .filter({ visible: true, has: page.getByRole('heading', { name: title, exact: true }) });
      await expect(shown).toBeVisible();
      await expect(shown.getByRole('status')).toContainText(NOT_INSURED);
      await expect(shown.getByRole('status')).toContainText('医疗保障经办机构办理单位医保参保登记');
      await expect(page.getByTestId(real)).toHaveCount(0);
      await expectAccessible(page, `${Account.unitUninsured} ${path}`);
    }

    // Called directly with its own token, the needInsured calls are refused.
    const login = await loginElsewhere('unit', Account.unitUninsured);
    expect(login.code).toBe(0);
    const token = login.data.accessToken;
    const year = state.period!.year;
    for (const [path, payload] of [
      [ApiPath.payableList, {}],
      [ApiPath.staffPage, { pageNum: 1, pageSize: 10 }],
      [ApiPath.applyList, { periodYear: year, pageNum: 1, pageSize: 10 }],
      [ApiPath.joinMedSituationTotal, { year }],
    ] as const) {
      const answer = await apiPost(path, payload, token);
      expect({ path, code: answer.code, message: answer.message }).toEqual({ path, code: 1, message: NOT_INSURED });
    }
  });
});
