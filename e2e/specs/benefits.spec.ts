import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiPath,
  ATTACHMENT_KIND_LABELS,
  type AttachmentKind,
  addDays,
  CLAIM_TYPES,
  claimDeadline,
  maskCertNo,
  type RuleStay,
  yearTreatments,
  yuan,
} from '@hall/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PRODUCTS } from '../../apps/server/src/db/seed/periods';
import { simplePdf } from '../../apps/server/src/db/seed/pdf';
import { demoCertNo, demoName } from '../../apps/server/src/db/seed/demo-staff';
import { expectAccessible } from '../support/axe';
import { ops, opsAs, serverToday } from '../support/ops';
import { chooseOption, toast, typeDate } from '../support/public';
import { Account, DisplayName, escapeRegExp, loginThroughForm, menuLink } from '../support/portal';

/**
 * Issue 9 "Done when": the operator loads the bureau's settlement file; the covered worker's
 * treatments appear, computed by the one benefit rule, in the unit's and the worker's 互助待遇查询
 * and on the home chart; the unit files a claim with its attachments, the 92 union approves it in
 * /apply-examine, the operator approves and pays it from the CLI, and it shows 已发放 with its
 * history to the unit and the worker; a claim later than two years after discharge is refused;
 * the worker files a claim of their own and the unit reviews it; mail and to-do follow each step.
 *
 * The covered worker is the demo's 李华 (personal login, female, on 星辰科技 qydw92101's roster):
 * the demo covers her this year by 01 住院医疗互助, 02 女职工特殊疾病互助 and 03 重大疾病互助 from an
 * 增员 paid on 10 February (cover after the 90 waiting days), with no settlement of her own
 * (demo-claims.ts coverDemoAccounts; demo-benefits.ts loads settlements for generated roster people
 * only), so the unit files a 重大疾病补助 for her.
 */

const UNIT = Account.unit; // qydw92101, level 2 under lhgh92001
const UNIT_NAME = DisplayName[UNIT];
const UNION = Account.union92;
const WORKER = Account.personal; // 李华
const WORKER_NAME = DisplayName[WORKER];
/** A generated member of qydw92101 covered every demo year (the demo's claims start at person 20; 7 and 8 left). */
const OLD_STAY_PERSON = 1;

const HOSPITAL_RULE = DEMO_PRODUCTS.find((p) => p.code === '01')!.benefitRule;
const BANK_CARD = '6222020000000012345';
const money = (fen: number) => `¥${yuan(fen)}`;

interface Stay {
  no: string;
  admittedOn: string;
  dischargedOn: string;
  hospital: string;
  /** 政策范围内个人自付, fen. */
  selfFen: number;
  diagnosis: [string, string];
}

const state: {
  year?: number;
  today?: string;
  stays?: Stay[];
  amounts?: Map<string, { amountFen: number; reason: string | null }>;
  coveredFrom?: string;
  claimNo?: string;
  personalClaimNo?: string;
} = {};

// ——— helpers ———

/** Opens a page through its menu link and waits for the page's own element. */
async function openPage(page: Page, href: string, testId: string) {
  await menuLink(page, href).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(href)}$`));
  const shown = page.getByTestId(testId).filter({ visible: true });
  await expect(shown).toBeVisible();
  return shown;
}

/** The newest mail with this title (several may share it: the demo's own claims send the same ones), opened. */
async function openMail(page: Page, title: string | RegExp) {
  const mail = await openPage(page, '/mail', 'mail-page');
  await mail.getByTestId('mail-refresh').click();
  const row = mail.getByTestId('mail-table').getByRole('row').filter({ hasText: title }).first();
  await expect(row).toContainText('未读');
  await row.getByTestId('mail-open').click();
  const detail = page.getByTestId('mail-detail');
  await expect(detail).toBeVisible();
  return detail;
}

/** 提交申请 and 审核通过 ask first (issue 17): the confirmation's own button. */
const confirmSubmit = (page: Page) =>
  page
    .locator('.ant-modal-confirm')
    .filter({ visible: true, hasText: '提交这份补助申请？' })
    .getByRole('button', { name: /提\s*交/ })
    .click();
const confirmApprove = (page: Page, claimNo: string) =>
  page
    .locator('.ant-modal-confirm')
    .filter({ visible: true, hasText: `的补助申请 ${claimNo}？` })
    .getByRole('button', { name: '审核通过' })
    .click();

const closeDrawer = async (page: Page) => {
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
};

/** /to-list with a fresh answer of the server. */
async function todoItems(page: Page) {
  const todo = await openPage(page, '/to-list', 'todo-page');
  const answered = page.waitForResponse((r) => r.url().endsWith(`/api${ApiPath.todoList}`));
  await todo.getByTestId('todo-refresh').click();
  await answered;
  await expect(todo.getByTestId('todo-summary').or(todo.getByTestId('todo-empty'))).toBeVisible();
  return todo;
}

/** The home chart's figures of one year, read from its accessible summary (互助待遇：2026年度3笔¥…). */
async function chartYear(page: Page, kind: '互助待遇' | '已发放补助', year: number) {
  const chart = page.getByTestId('home-page').getByRole('img', { name: new RegExp(`^${kind}：`) });
  await expect(chart).toBeVisible();
  const label = (await chart.getAttribute('aria-label')) ?? '';
  const m = new RegExp(`${year}年度(\\d+)[笔次](¥[\\d,.]+)`).exec(label);
  return { count: m ? Number(m[1]) : 0, amountFen: m ? Math.round(Number(m[2].slice(1).replaceAll(',', '')) * 100) : 0, label };
}

/** One CSV line of the settlement file (docs-treatment.md "The settlement file"). */
function csvLine(s: Stay, certNo: string, name: string) {
  const y = (fen: number) => (fen / 100).toFixed(2);
  const policy = s.selfFen * 3;
  return [
    s.no,
    certNo,
    name,
    s.hospital,
    '三级',
    '住院',
    s.admittedOn,
    s.dischargedOn,
    s.dischargedOn,
    y(policy + 150_000),
    y(policy),
    y(policy - s.selfFen),
    y(s.selfFen),
    y(150_000),
    s.diagnosis[0],
    s.diagnosis[1],
    '否',
  ].join(',');
}

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Uploads a small real file for each required attachment kind of the claim form. */
async function uploadRequired(page: Page, form: Locator, kinds: readonly AttachmentKind[]) {
  for (const kind of kinds) {
    const row = form.locator(`li[data-kind="${kind}"]`);
    const file =
      kind === 'bank_card'
        ? { name: `${kind}.png`, mimeType: 'image/png', buffer: PNG_1X1 }
        : { name: `${kind}.pdf`, mimeType: 'application/pdf', buffer: simplePdf(kind, ['e2e attachment']) };
    await row.locator('input[type="file"]').setInputFiles(file);
    await expect(toast(page, `${ATTACHMENT_KIND_LABELS[kind]}已上传`).first()).toBeVisible();
    await expect(row).toContainText(file.name);
  }
}

/** Fills the stay of a claim form. */
async function fillStay(form: Locator, admittedOn: string, dischargedOn: string, hospital: string) {
  await typeDate(form.getByPlaceholder('入院日期', { exact: true }), admittedOn);
  await typeDate(form.getByPlaceholder('出院日期', { exact: true }), dischargedOn);
  await form.getByPlaceholder('如：中南大学湘雅医院').fill(hospital);
}

// ——— the loop ———

test.describe
  .serial('issue 9: settlements, treatments and subsidy claims', () => {
    // Long flows (two accounts, uploads, a dozen axe passes) on a 2-core machine: a larger budget, no retries.
    test.describe.configure({ timeout: 150_000 });

    test('the operator loads a settlement file; the unit home chart grows by the treatments the rule gives', async ({ page }) => {
      const today = await serverToday();
      const year = Number(today.slice(0, 4));
      state.today = today;
      state.year = year;
      // 李华's cover this year: the demo's 增员 paid on 10 February, 90 waiting days.
      const coveredFrom = addDays(`${year}-02-10`, 90);
      state.coveredFrom = coveredFrom;
      const run = Date.now().toString(36).toUpperCase();
      const stays: Stay[] = [
        // In the waiting period: nothing, and it uses none of the deductible.
        {
          no: `E2E${run}A`,
          admittedOn: `${year}-03-02`,
          dischargedOn: `${year}-03-09`,
          hospital: '长沙市第一医院',
          selfFen: 200_000,
          diagnosis: ['J18.9', '肺炎'],
        },
        {
          no: `E2E${run}B`,
          admittedOn: `${year}-07-01`,
          dischargedOn: `${year}-07-11`,
          hospital: '中南大学湘雅医院',
          selfFen: 600_000,
          diagnosis: ['S72.0', '股骨颈骨折'],
        },
        {
          no: `E2E${run}C`,
          admittedOn: `${year}-08-03`,
          dischargedOn: `${year}-08-10`,
          hospital: '湖南省人民医院',
          selfFen: 300_000,
          diagnosis: ['K80.2', '胆囊结石'],
        },
      ];
      state.stays = stays;
      const ruleStays: RuleStay[] = stays.map((s) => ({
        id: s.no,
        admittedOn: s.admittedOn,
        dischargedOn: s.dischargedOn,
        baseFen: s.selfFen,
      }));
      const results = yearTreatments(HOSPITAL_RULE, { coveredFrom, shares: 1 }, ruleStays);
      state.amounts = new Map(results.map((r) => [String(r.id), { amountFen: r.amountFen, reason: r.reason }]));
      // What the rule says, written out: the waiting stay 0; ¥6,000 − ¥1,000 deductible at 45 %;
      // ¥3,000 more, at 50 % above ¥5,000 counted.
      expect(results.map((r) => r.amountFen)).toEqual([0, 225_000, 150_000]);
      const payable = results.filter((r) => r.amountFen > 0);
      const addedFen = payable.reduce((s, r) => s + r.amountFen, 0);

      // The unit's home chart before.
      await loginThroughForm(page, 'unit', UNIT);
      const before = await chartYear(page, '互助待遇', year);

      // The file: one unknown person and one bad row besides 李华's stays.
      const dir = mkdtempSync(path.join(tmpdir(), 'e2e-settlements-'));
      const file = path.join(dir, `结算-${run}.csv`);
      const header =
        '结算单号,身份证号码,姓名,医院名称,医院等级,就医类型,入院日期,出院日期,结算日期,医疗总费用,政策范围内费用,统筹基金支付,政策范围内个人自付,政策范围外自费,诊断编码,诊断名称,冲销标志';
      const unknown = { ...stays[1], no: `E2E${run}X` };
      const bad = { ...stays[1], no: `E2E${run}Y`, admittedOn: `${year}-07-20`, dischargedOn: `${year}-07-11` };
      writeFileSync(
        file,
        `\uFEFF${[
          header,
          ...stays.map((s) => csvLine(s, WORKER, WORKER_NAME)),
          csvLine(unknown, '11010519491231002X', '路人甲'),
          csvLine(bad, WORKER, WORKER_NAME),
        ].join('\n')}\n`,
      );
      const report = await ops('settlement-load', '--file', file);
      expect(report).toMatch(/医保结算已导入（批次 \d+）：共 5 行，新增 3，更正或冲销 0，未变 0，非本大厅人员 1，有误 1/);
      expect(report).toMatch(new RegExp(`互助待遇：重新计算 1 人次，写入 3 条，新增待发放 ${payable.length} 条，待冲减 0 条`));
      expect(report).toContain('第6行：');
      // Loaded twice, nothing changes.
      expect(await ops('settlement-load', '--file', file)).toContain('新增 0，更正或冲销 0，未变 3');

      await page.reload();
      await expect(page.getByTestId('home-page')).toBeVisible();
      const after = await chartYear(page, '互助待遇', year);
      expect(after.count - before.count, after.label).toBe(payable.length);
      expect(after.amountFen - before.amountFen, after.label).toBe(addedFen);
    });

    test('the unit sees the treatments in /mutual-aid-treatment-query with the totals and the computation', async ({ page }) => {
      const stays = state.stays!;
      const amounts = state.amounts!;
      await loginThroughForm(page, 'unit', UNIT);
      const query = await openPage(page, '/mutual-aid-treatment-query', 'treatment-query-page');
      await query.getByTestId('filter-certNo').fill(WORKER);
      await query.getByTestId('filter-search').click();
      const table = query.getByTestId('treatment-table');
      const rows = table.locator('tbody tr.ant-table-row');
      await expect(rows).toHaveCount(3);
      const totalFen = [...amounts.values()].reduce((s, a) => s + a.amountFen, 0);
      const totals = query.getByTestId('treatment-totals');
      await expect(totals).toContainText('3 条');
      await expect(query.getByTestId('total-amount')).toContainText(money(totalFen));
      await expect(query.getByTestId('total-paid')).toContainText(money(0));
      await expect(query.getByTestId('total-pending')).toContainText(money(totalFen));
      await expect(rows.first()).toContainText(maskCertNo(WORKER));
      await expect(table).not.toContainText(WORKER);
      for (const s of stays) {
        const row = rows.filter({ hasText: s.dischargedOn });
        await expect(row).toContainText(WORKER_NAME);
        await expect(row).toContainText(money(amounts.get(s.no)!.amountFen));
      }
      const waiting = rows.filter({ hasText: stays[0].dischargedOn });
      await expect(waiting).toContainText('无待遇');
      await expect(waiting).toContainText(`等待期内入院（保障自${state.coveredFrom}起）`);
      await expect(rows.filter({ hasText: stays[2].dischargedOn })).toContainText('待发放');
      await expectAccessible(page, `${UNIT} /mutual-aid-treatment-query`);

      // The detail of the third stay: the deductible already used, ¥3,000 counted, split 45 % / 50 %.
      await rows.filter({ hasText: stays[2].dischargedOn }).getByRole('button', { name: '详情' }).click();
      const detail = page.getByTestId('treatment-detail');
      await expect(detail).toBeVisible();
      await expect(detail).toContainText(stays[2].no);
      await expect(detail).toContainText(stays[2].hospital);
      await expect(detail).toContainText(money(stays[2].selfFen));
      await expect(detail).toContainText(state.coveredFrom!);
      await expect(detail).toContainText('1 份');
      const computation = detail.locator('.ant-descriptions').filter({ hasText: '计算过程' });
      await expect(computation).toContainText(`本年度此前已计入${money(500_000)}`);
      await expect(computation).toContainText(`本次计入${money(300_000)}`);
      const bands = detail.locator('.treatment-detail__bands');
      await expect(bands.locator('tbody tr').filter({ hasText: '45%' })).toContainText(money(0));
      await expect(bands.locator('tbody tr').filter({ hasText: '50%' })).toContainText(money(150_000));
      await expect(bands.locator('.ant-table-summary')).toContainText(money(150_000));
      await expectAccessible(page, `${UNIT} /mutual-aid-treatment-query 详情`);
      await closeDrawer(page);
    });

    test('the worker sees her own treatments, the mail of each and the home chart', async ({ page }) => {
      const stays = state.stays!;
      const amounts = state.amounts!;
      await loginThroughForm(page, 'personal', WORKER);
      const mine = await chartYear(page, '互助待遇', state.year!);
      const payable = stays.filter((s) => amounts.get(s.no)!.amountFen > 0);
      expect(mine.count).toBe(payable.length);
      expect(mine.amountFen).toBe(payable.reduce((sum, s) => sum + amounts.get(s.no)!.amountFen, 0));

      const query = await openPage(page, '/mutual-aid-treatment-query-personal', 'treatment-personal-page');
      const rows = query.getByTestId('treatment-table').locator('tbody tr.ant-table-row');
      await expect(rows).toHaveCount(3);
      for (const s of stays) await expect(rows.filter({ hasText: s.dischargedOn })).toContainText(money(amounts.get(s.no)!.amountFen));
      await expectAccessible(page, `${WORKER} /mutual-aid-treatment-query-personal`);
      await rows.filter({ hasText: stays[1].dischargedOn }).getByRole('button', { name: '详情' }).click();
      const detail = page.getByTestId('treatment-detail');
      await expect(detail).toContainText(stays[1].no);
      await expect(detail.locator('.treatment-detail__bands .ant-table-summary')).toContainText(money(amounts.get(stays[1].no)!.amountFen));
      await closeDrawer(page);

      // One mail per payable treatment.
      const s = stays[1];
      const a = amounts.get(s.no)!.amountFen;
      const mail = await openMail(page, '您有一笔互助待遇待发放');
      const text = await mail.innerText();
      const expected = payable.map(
        (p) =>
          `您${p.admittedOn}至${p.dischargedOn}在${p.hospital}的医疗费用，按${state.year}年度住院医疗互助计算互助待遇 ${money(amounts.get(p.no)!.amountFen)}，待发放 ${money(amounts.get(p.no)!.amountFen)}`,
      );
      expect(
        expected.some((e) => text.includes(e)),
        text,
      ).toBe(true);
      expect(a).toBeGreaterThan(0);
      await expectAccessible(page, `${WORKER} /mail`);
    });

    test('the unit files a claim for the worker with its attachments on /subsidy-application', async ({ page }) => {
      const year = state.year!;
      await loginThroughForm(page, 'unit', UNIT);
      const apply = await openPage(page, '/subsidy-application', 'subsidy-application-page');
      await apply.getByTestId('claim-new').click();
      const form = apply.getByTestId('claim-form');
      await expect(form).toBeVisible();
      await chooseOption(page, form.getByTestId('claim-staff'), WORKER_NAME, WORKER_NAME);

      // 重大疾病补助 with a diagnosis from the scheme's list: the lump sum, one share.
      const admittedOn = `${year}-10-08`;
      const dischargedOn = `${year}-10-20`;
      await chooseOption(page, form.getByTestId('claim-type'), CLAIM_TYPES.major_disease.label);
      await fillStay(form, admittedOn, dischargedOn, '湖南省肿瘤医院');
      const preview = form.getByTestId('claim-preview');
      await expect(form.getByTestId('claim-days')).toHaveText('12 天');
      // Searched in the diagnosis catalogue by the common word (肺癌 → C34, on the list as 恶性肿瘤).
      await chooseOption(page, form.getByTestId('claim-diagnosis'), 'C34 · 肺恶性肿瘤（肿瘤）', '肺癌');
      await expect(preview).toContainText(`预计补助金额：${money(1_500_000)}`);
      await expect(preview).toContainText('15,000.00元 × 1份');
      await expect(preview.locator('.claim-problems')).toHaveCount(0);
      // The demo registers no bank card for 李华: the clerk gives the one to pay into.
      await form.getByPlaceholder('默认为登记的银行', { exact: true }).fill('中国工商银行长沙市分行');
      await form.getByPlaceholder('默认为登记的银行卡', { exact: true }).fill(BANK_CARD);
      await expect(form.getByTestId('claim-submit')).toBeDisabled();
      await expectAccessible(page, `${UNIT} /subsidy-application 新建`);

      await form.getByTestId('claim-save').click();
      const saved = toast(page, /已保存草稿 BZ\d{10}，请上传申请材料后提交/);
      await expect(saved).toBeVisible();
      const claimNo = /BZ\d{10}/.exec(await saved.innerText())![0];
      state.claimNo = claimNo;

      // Submitting before the attachments: refused with what is missing (after its confirmation, issue 17).
      await form.getByTestId('claim-submit').click();
      await confirmSubmit(page);
      await expect(toast(page, '请上传身份证、诊断证明、出院小结、银行卡')).toBeVisible();

      await uploadRequired(page, form, CLAIM_TYPES.major_disease.required);
      await expect(form.getByTestId('claim-attachments')).not.toContainText('必需，尚未上传');
      await expectAccessible(page, `${UNIT} /subsidy-application 材料`);
      await form.getByTestId('claim-submit').click();
      await confirmSubmit(page);
      await expect(toast(page, `补助申请 ${claimNo} 已提交，当前状态：工会审核`)).toBeVisible();
      await expect(form).toBeHidden();

      // The unit's record: 工会审核, ¥15,000.00.
      const records = await openPage(page, '/subsidy-record-query', 'subsidy-record-query-page');
      await records.getByTestId('filter-search').click();
      const row = records.getByRole('row').filter({ hasText: claimNo });
      await expect(row).toContainText('工会审核');
      await expect(row).toContainText(money(1_500_000));
      await expect(row).toContainText(maskCertNo(WORKER));

      // Mail to the unit and to the worker.
      const mail = await openMail(page, `补助申请 ${claimNo} 等待工会审核`);
      await expect(mail).toContainText(`为职工${WORKER_NAME}申请的重大疾病补助已提交，等待上级工会审核。`);
    });

    test('the 92 union finds it in its to-do and mail and approves it under 补助审核', async ({ page }) => {
      const claimNo = state.claimNo!;
      await loginThroughForm(page, 'unit', UNION);
      const todo = await todoItems(page);
      const item = todo.locator('[data-testid="todo-item"][data-kind="claimUnionReview"]');
      await expect(item).toContainText('待审核的企业补助申请');
      const pending = Number(/(\d+)份会员企业职工的补助申请等待您审核/.exec(await item.innerText())?.[1]);
      expect(pending).toBeGreaterThanOrEqual(1);

      const mail = await openMail(page, `待审核：${UNIT_NAME}的补助申请`);
      await expect(mail).toContainText(`${UNIT_NAME}职工${WORKER_NAME}的重大疾病补助申请（${claimNo}，${money(1_500_000)}）等待您审核`);
      await closeDrawer(page);

      await todoItems(page);
      await item.getByTestId('todo-open').click();
      await expect(page).toHaveURL(/\/apply-examine\?tab=claims$/);
      const panel = page.getByTestId('claim-examine-panel').filter({ visible: true });
      await expect(panel).toBeVisible();
      const row = panel.getByTestId('claim-examine-table').getByRole('row').filter({ hasText: claimNo });
      await expect(row).toContainText(WORKER_NAME);
      await expect(row).toContainText('工会审核');
      await expectAccessible(page, `${UNION} /apply-examine 补助审核`);

      await row.getByRole('button', { name: claimNo }).click();
      const view = page.getByTestId('claim-view');
      await expect(view).toBeVisible();
      await expect(view.getByTestId('claim-amount')).toHaveText(money(1_500_000));
      await expect(view).toContainText('C34 肺恶性肿瘤');
      for (const label of ['身份证', '诊断证明', '出院小结', '银行卡'])
        await expect(view.locator('.claim-required')).toContainText(`✓ ${label}`);
      await expectAccessible(page, `${UNION} /apply-examine 补助详情`);
      await page.getByTestId('drawer-approve').click();
      await confirmApprove(page, claimNo);
      await expect(toast(page, `${WORKER_NAME}的补助申请 ${claimNo} 已审核通过，转入市总审核`)).toBeVisible();
      await closeDrawer(page);
      await expect(panel.getByTestId('claim-examine-table')).not.toContainText(claimNo);
      const after = await todoItems(page);
      if (pending === 1) await expect(after.locator('[data-testid="todo-item"][data-kind="claimUnionReview"]')).toHaveCount(0);
      else await expect(item).toContainText(`${pending - 1}份会员企业职工的补助申请等待您审核`);
    });

    test('the operator approves and pays it from the CLI', async () => {
      const claimNo = state.claimNo!;
      expect(await opsAs('ops-review', 'claim-approve', '--no', claimNo)).toBe(
        `补助申请 ${claimNo} 审核通过，核定金额 ${money(1_500_000)}，转入待发放`,
      );
      const paid = await opsAs('ops-finance', 'claim-pay');
      expect(paid).toMatch(/^发放批次 \S+（\d{4}-\d{2}-\d{2}）：\d+ 笔，合计 ¥[\d,.]+/);
      expect(paid).toMatch(new RegExp(`  ${claimNo}  ${WORKER_NAME}  ${escapeRegExp(money(1_500_000))}`));
      await expect(ops('claim-approve', '--no', claimNo)).rejects.toThrow();
    });

    test('paid: the unit and the worker see 已发放 with the history, and their mail says so', async ({ page, browser }) => {
      const claimNo = state.claimNo!;
      await loginThroughForm(page, 'unit', UNIT);
      const records = await openPage(page, '/subsidy-record-query', 'subsidy-record-query-page');
      await records.getByTestId('filter-search').click();
      const row = records.getByRole('row').filter({ hasText: claimNo });
      await expect(row).toContainText('已发放');
      await expectAccessible(page, `${UNIT} /subsidy-record-query`);
      const mail = await openMail(page, `补助申请 ${claimNo} 已发放`);
      await expect(mail).toContainText(`为职工${WORKER_NAME}申请的重大疾病补助核定的 ${money(1_500_000)} 已发放`);

      const context = await browser.newContext();
      const worker = await context.newPage();
      await loginThroughForm(worker, 'personal', WORKER);
      const own = await openPage(worker, '/subsidy-record-query-personal', 'subsidy-record-query-personal-page');
      const mine = own.getByRole('row').filter({ hasText: claimNo });
      await expect(mine).toContainText('已发放');
      await expect(mine).toContainText(money(1_500_000));
      await mine.getByRole('button', { name: claimNo }).click();
      const view = worker.getByTestId('claim-view');
      await expect(view).toBeVisible();
      const history = view.locator('.ant-timeline');
      for (const step of ['草稿', '草稿 → 工会审核', '工会审核 → 市总审核', '市总审核 → 待发放', '待发放 → 已发放'])
        await expect(history).toContainText(step);
      await expectAccessible(worker, `${WORKER} /subsidy-record-query-personal 详情`);
      await closeDrawer(worker);
      const told = await openMail(worker, `补助申请 ${claimNo} 已发放`);
      await expect(told).toContainText(`单位为您申请的重大疾病补助核定的 ${money(1_500_000)} 已发放`);
      await context.close();
    });

    test('a claim more than two years after discharge is refused with the deadline, and nothing goes to review', async ({ page }) => {
      const year = state.year!;
      const admittedOn = `${year - 2}-01-10`;
      const dischargedOn = `${year - 2}-01-20`;
      const deadline = claimDeadline(dischargedOn);
      expect(deadline < state.today!).toBe(true);
      const message = `出院已超过两年，不能申请补助（申请期限至${deadline}）`;
      const person = demoName(OLD_STAY_PERSON);

      await loginThroughForm(page, 'unit', UNIT);
      const apply = await openPage(page, '/subsidy-application', 'subsidy-application-page');
      await apply.getByTestId('claim-new').click();
      const form = apply.getByTestId('claim-form');
      await chooseOption(page, form.getByTestId('claim-staff'), person, demoCertNo(OLD_STAY_PERSON));
      await chooseOption(page, form.getByTestId('claim-type'), CLAIM_TYPES.hospital_allowance.label);
      await fillStay(form, admittedOn, dischargedOn, '长沙市中心医院');
      await form.getByPlaceholder('出院诊断').fill('肺炎');
      const preview = form.getByTestId('claim-preview');
      await expect(preview.locator('.claim-problems')).toContainText(message);

      // Not even a draft is kept of it: the save is refused with the deadline, nothing is stored.
      await form.getByTestId('claim-save').click();
      await expect(toast(page, message)).toBeVisible();
      await expect(form).toBeVisible();
      const records = await openPage(page, '/subsidy-record-query', 'subsidy-record-query-page');
      await records.getByTestId('filter-search').click();
      await expect(records.getByRole('row').filter({ hasText: person }).filter({ hasText: dischargedOn })).toHaveCount(0);
    });

    test('the worker files 住院生活补助 herself; the unit reviews and approves it', async ({ page, browser }) => {
      const stay = state.stays![1];
      await loginThroughForm(page, 'personal', WORKER);
      const apply = await openPage(page, '/subsidy-application-personal', 'subsidy-application-personal-page');
      await expectAccessible(page, `${WORKER} /subsidy-application-personal`);
      await apply.getByTestId('claim-new').click();
      const form = apply.getByTestId('claim-form');
      await chooseOption(page, form.getByTestId('claim-type'), CLAIM_TYPES.hospital_allowance.label);
      await fillStay(form, stay.admittedOn, stay.dischargedOn, stay.hospital);
      await form.getByPlaceholder('出院诊断').fill(stay.diagnosis[1]);
      // 10 days × ¥50 × 1 share; the demo already granted her 10 days this year.
      const preview = form.getByTestId('claim-preview');
      await expect(preview).toContainText(`预计补助金额：${money(50_000)}`);
      await expect(preview).toContainText('住院10天 × 50.00元 × 1份（本年度已申请10天，每年最多60天）');
      await form.getByTestId('claim-save').click();
      const saved = toast(page, /已保存草稿 BZ\d{10}/);
      await expect(saved).toBeVisible();
      const claimNo = /BZ\d{10}/.exec(await saved.innerText())![0];
      state.personalClaimNo = claimNo;
      await uploadRequired(page, form, CLAIM_TYPES.hospital_allowance.required);
      await expectAccessible(page, `${WORKER} /subsidy-application-personal 表单`);
      await form.getByTestId('claim-submit').click();
      await confirmSubmit(page);
      await expect(toast(page, `补助申请 ${claimNo} 已提交，当前状态：单位审核`)).toBeVisible();
      const mine = await openMail(page, `补助申请 ${claimNo} 已提交`);
      await expect(mine).toContainText('您的住院生活补助申请已提交，等待单位审核。');

      // The unit: mail, to-do, 职工申请审核.
      const context = await browser.newContext();
      const unit = await context.newPage();
      await loginThroughForm(unit, 'unit', UNIT);
      const mail = await openMail(unit, `待审核：职工${WORKER_NAME}的补助申请`);
      await expect(mail).toContainText(
        `职工${WORKER_NAME}的住院生活补助申请（${claimNo}，${money(50_000)}）已提交，请在“补助申请 — 职工申请审核”中审核。`,
      );
      await closeDrawer(unit);
      const todo = await todoItems(unit);
      const item = todo.locator('[data-testid="todo-item"][data-kind="claimReview"]');
      await expect(item).toContainText('待审核的职工补助申请');
      await expectAccessible(unit, `${UNIT} /to-list`);
      await item.getByTestId('todo-open').click();
      await expect(unit).toHaveURL(/\/subsidy-application\?tab=review$/);
      const review = unit.getByTestId('claim-review-table').filter({ visible: true });
      const row = review.getByRole('row').filter({ hasText: claimNo });
      await expect(row).toContainText('单位审核');
      await expect(row).toContainText(money(50_000));
      await expectAccessible(unit, `${UNIT} /subsidy-application 职工申请审核`);
      await row.getByRole('button', { name: claimNo }).click();
      await expect(unit.getByTestId('claim-view')).toContainText(`${stay.admittedOn} 至 ${stay.dischargedOn}（10天）`);
      await unit.getByTestId('drawer-approve').click();
      await confirmApprove(unit, claimNo);
      await expect(toast(unit, `${WORKER_NAME}的补助申请 ${claimNo} 已审核通过，转入工会审核`)).toBeVisible();
      await closeDrawer(unit);
      await expect(review.getByRole('row').filter({ hasText: claimNo })).toHaveCount(0);
      await context.close();

      // The worker is told it moved on.
      await page.reload();
      const moved = await openMail(page, `补助申请 ${claimNo} 等待工会审核`);
      await expect(moved).toContainText('您的住院生活补助申请已提交，等待上级工会审核。');
    });
  });
