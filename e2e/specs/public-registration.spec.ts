import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ApiPath } from '@hall/shared';
import { CAPTCHA } from '../support/api';
import { latestCode, ops } from '../support/ops';
import { expectTitle, submitLoginForm } from '../support/portal';
import {
  chooseOption,
  chooseRegion,
  countCalls,
  fieldErrors,
  formItem,
  makeIdCard,
  makeUscc,
  PUBLIC_PASSWORD,
  toast,
  unique,
  uniquePhone,
} from '../support/public';

/**
 * Issue 4, "Done when": a visitor registers a unit through the pages (R24, R36-R42), the operator
 * approves it from the CLI, the unit logs in through the gateway, lands on /improveInfo (600067,
 * R30), completes its information and lands on /Home. Also the public-bidding registration with
 * its power of attorney and signed scan.
 */
test.describe.configure({ mode: 'serial' });

const unit = {
  empUact: `e2e_${unique(6)}`,
  empName: `长沙市星火${unique(4)}科技有限公司`,
  uscc: makeUscc(),
  legentName: '陈立',
  legentIdcard: makeIdCard('19800521'),
  legentTel: uniquePhone(),
};

test('a visitor registers a unit in two steps; bad input is refused on the page', async ({ page }) => {
  await page.goto('/gatePage');
  await page.getByTestId('link-register').click();
  await expect(page).toHaveURL(/\/unit-register$/);
  await expectTitle(page, '注册');
  await page.getByTestId('choose-unit').click();
  await expect(page).toHaveURL(/\/register$/);

  // Step 1: every required field says so, with its asterisk (R36), and nothing is sent.
  const accountChecks = countCalls(page, ApiPath.checkUnitInfo);
  await page.getByTestId('register-next').click();
  expect(await fieldErrors(page)).toEqual(['请输入单位账号', '请输入密码', '请再次输入密码', '请选择上级工会']);
  await expect(formItem(page, 'reg-empUact').locator('.ant-form-item-required')).toBeVisible();
  await page.getByTestId('reg-empUact').fill('123'); // no letter (R37)
  await page.getByTestId('reg-pwd').fill('abcdefgh'); // letters only (R39)
  await page.getByTestId('reg-confirmPassword').fill('abcdefgx');
  await page.getByTestId('register-next').click();
  await expect(formItem(page, 'reg-empUact')).toContainText('请输入2-14位字符，必须包含字母');
  await expect(formItem(page, 'reg-pwd')).toContainText('请输入8-16位密码，应由数字和字母组成');
  await expect(formItem(page, 'reg-confirmPassword')).toContainText('两次输入密码不一致');
  expect(accountChecks.count).toBe(0);

  // A taken account is refused by checkUnitinfo before step 2.
  await page.getByTestId('reg-empUact').fill('qydw92101');
  await page.getByTestId('reg-pwd').fill(PUBLIC_PASSWORD);
  await page.getByTestId('reg-confirmPassword').fill(PUBLIC_PASSWORD);
  await chooseOption(page, page.getByTestId('parent-union'), '长沙市高新区联合基层工会', '高新');
  await page.getByTestId('register-next').click();
  await expect(toast(page, '该单位账号已被注册，请更换账号')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  await page.getByTestId('reg-empUact').fill(unit.empUact);
  await page.getByTestId('register-next').click();
  await expect(page).toHaveURL(/\/registerNext$/);
  await expect(page.locator('.register-summary')).toContainText(unit.empUact);
  await expect(page.locator('.register-summary')).toContainText('长沙市高新区联合基层工会');

  // Back to step 1 and on again: what was entered is still there (step store).
  await page.getByTestId('reg-empName').fill(unit.empName);
  await page.getByTestId('register-prev').click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByTestId('reg-empUact')).toHaveValue(unit.empUact);
  await expect(page.getByTestId('parent-union')).toContainText('长沙市高新区联合基层工会');
  await page.getByTestId('register-next').click();
  await expect(page).toHaveURL(/\/registerNext$/);
  await expect(page.getByTestId('reg-empName')).toHaveValue(unit.empName);

  // Step 2: formats by the shared rules; the certificate number by the certificate type (R42).
  const submissions = countCalls(page, ApiPath.insertRegisterInfo);
  await page.getByTestId('reg-uscc').fill('91430100MA4L101000');
  await page.getByTestId('reg-entLegrepIdcard').fill('430104198005210000');
  await page.getByTestId('reg-legentTel').fill('12345678901');
  await page.getByTestId('register-submit').click();
  await expect(formItem(page, 'reg-uscc')).toContainText('请输入正确的统一社会信用代码');
  await expect(formItem(page, 'reg-entLegrepIdcard')).toContainText('请输入正确的身份证号码');
  await expect(formItem(page, 'reg-legentTel')).toContainText('请输入正确的手机号码');
  await expect(page.locator('.address-fields')).toContainText('请选择所在地区');
  await expect(formItem(page, 'reg-legentName')).toContainText('请输入法定代表人姓名');
  await chooseOption(page, page.getByTestId('reg-certType'), '港澳居民来往内地通行证（香港）');
  await expect(formItem(page, 'reg-entLegrepIdcard')).toContainText('请输入正确的港澳通行证号码');
  await chooseOption(page, page.getByTestId('reg-certType'), '居民身份证');
  expect(submissions.count).toBe(0);

  await page.getByTestId('reg-uscc').fill(unit.uscc);
  await chooseRegion(page, page.getByTestId('reg-region'), '岳麓', '湖南省 / 长沙市 / 岳麓区');
  await page.getByTestId('reg-addrDetail').fill('麓谷大道 627 号');
  await page.getByTestId('reg-legentName').fill(unit.legentName);
  await page.getByTestId('reg-entLegrepIdcard').fill(unit.legentIdcard);
  await page.getByTestId('reg-legentTel').fill(unit.legentTel);
  // The submission carries the image captcha (提交验证): without its answer nothing is sent.
  await expect(page.getByTestId('register-resubmit')).toHaveCount(0); // a new account: no phone code
  await page.getByTestId('register-submit').click();
  await expect(formItem(page, 'register-captcha')).toContainText('请输入图形验证码');
  expect(submissions.count).toBe(0);
  await page.getByTestId('register-captcha').fill(CAPTCHA);
  await page.getByTestId('register-submit').click();

  await expect(page).toHaveURL(new RegExp(`/registerEnd\\?uact=${unit.empUact}$`));
  await expectTitle(page, '注册完成');
  const result = page.getByTestId('registration-result');
  await expect(result).toHaveAttribute('data-status', 'pending');
  await expect(result).toContainText('注册申请已提交，等待审核');
  await expect(page.getByTestId('registration-status')).toHaveText('待审核');
  await expect(result).toContainText(unit.empName);
  await expect(result).toContainText(`${unit.legentTel.slice(0, 3)}****${unit.legentTel.slice(-4)}`);
  expect(submissions.count).toBe(1);

  // The receipt prints (print style sheet, window.print).
  await page.getByTestId('print-receipt').click();
  await expect(page).toHaveURL(new RegExp(`/print\\?kind=registration&uact=${unit.empUact}$`));
  await expect(page.getByTestId('print-document')).toContainText('单位注册回执');
  await expect(page.getByTestId('print-document')).toContainText(unit.empName);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByTestId('print-button').click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.print-toolbar')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
});

test('the operator approves; the unit logs in, completes its information and lands on /Home', async ({ page }) => {
  expect(await ops('registration-list', '--status', 'pending')).toContain(unit.empUact);
  expect(await ops('registration-approve', '--uact', unit.empUact)).toContain(`已审核通过 ${unit.empUact}`);
  // The applicant learns it by SMS, and on /registerEnd.
  expect(await ops('sms-outbox', '--phone', unit.legentTel)).toMatch(/审核通过/);
  await page.goto('/registerEnd');
  await page.getByTestId('lookup-uact').fill(unit.empUact);
  await page.getByTestId('lookup-submit').click();
  await expect(page.getByTestId('registration-status')).toHaveText('审核通过');

  await page.goto('/gatePage');
  await submitLoginForm(page, 'unit', unit.empUact, PUBLIC_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/improveInfo\\?uact=${unit.empUact}$`));
  await expectTitle(page, '完善信息');
  await expect(page.getByTestId('improve-info-page')).toContainText(unit.empName);

  const form = page.getByTestId('improve-form');
  const completions = countCalls(page, ApiPath.completionRegInfo);
  await page.getByTestId('improve-submit').click();
  await expect(formItem(page, 'improve-contactName')).toContainText('请输入联系人姓名');
  await expect(formItem(page, 'improve-staffCount')).toContainText('请输入职工人数');
  await page.getByTestId('improve-contactTel').fill('0731-1234');
  await page.getByTestId('improve-postalCode').fill('04100');
  await page.getByTestId('improve-email').fill('hr@');
  await page.getByTestId('improve-submit').click();
  await expect(formItem(page, 'improve-contactTel')).toContainText('请输入正确的联系电话');
  await expect(formItem(page, 'improve-postalCode')).toContainText('请输入正确的邮政编码');
  await expect(formItem(page, 'improve-email')).toContainText('请输入正确的邮箱地址');
  expect(completions.count).toBe(0);

  await chooseOption(page, page.getByTestId('improve-empType'), '企业');
  await page.getByTestId('improve-staffCount').fill('86');
  await chooseRegion(page, page.getByTestId('improve-region'), '岳麓', '湖南省 / 长沙市 / 岳麓区');
  await expect(page.getByTestId('improve-empAddr')).toHaveValue(/麓谷大道 627 号/);
  await page.getByTestId('improve-postalCode').fill('410006');
  await page.getByTestId('improve-contactName').fill('林晓');
  await page.getByTestId('improve-contactTel').fill('0731-88886666');
  await page.getByTestId('improve-email').fill('hr@xinghuo.example.cn');
  await expect(form).toBeVisible();
  await page.getByTestId('improve-submit').click();

  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.getByTestId('app-header')).toContainText(unit.empName);
  expect(completions.count).toBe(1);

  // The next login is an ordinary one (no 600067).
  await page.getByTestId('logout').click();
  await page.getByTestId('logout-confirm').click();
  await expect(page).toHaveURL(/\/gatePage/);
  await submitLoginForm(page, 'unit', unit.empUact, PUBLIC_PASSWORD);
  await expect(page).toHaveURL(/\/Home$/);
});

test('a public-bidding unit downloads its power of attorney, uploads the signed scan and registers', async ({ page }) => {
  test.setTimeout(150_000); // two registrations, a rejection from the CLI and a correction
  const bidder = {
    empUact: `zb_${unique(6)}`,
    empName: `长沙市公开招标${unique(4)}建设有限公司`,
    uscc: makeUscc(),
    phone: uniquePhone(),
    legentIdcard: makeIdCard('19720909'),
  };
  await page.goto('/unit-register');
  await page.getByTestId('choose-bidding').click();
  await expect(page).toHaveURL(/\/mining-register$/);

  // The letter needs at least the unit's name.
  await page.getByTestId('download-letter').click();
  await expect(formItem(page, 'bid-empName')).toContainText('请输入单位名称');

  await page.getByTestId('bid-empUact').fill(bidder.empUact);
  await page.getByTestId('bid-pwd').fill(PUBLIC_PASSWORD);
  await page.getByTestId('bid-confirmPassword').fill(PUBLIC_PASSWORD);
  await page.getByTestId('bid-empName').fill(bidder.empName);
  await page.getByTestId('bid-uscc').fill(bidder.uscc);
  await chooseOption(page, page.getByTestId('bid-empType'), '企业');
  await chooseRegion(page, page.getByTestId('bid-region'), '天心', '湖南省 / 长沙市 / 天心区');
  await page.getByTestId('bid-addrDetail').fill('芙蓉南路 1 号');
  await page.getByTestId('bid-legentName').fill('郭峰');
  await page.getByTestId('bid-entLegrepIdcard').fill(bidder.legentIdcard);
  await page.getByTestId('bid-legentTel').fill(bidder.phone);

  const [letter] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-letter').click()]);
  expect(letter.suggestedFilename()).toMatch(/授权委托书.*\.docx$/);
  const bytes = readFileSync(await letter.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK'); // a Word (OOXML) package

  // Submitting without the signed scan is refused on the page.
  const registrations = countCalls(page, ApiPath.biddingRegister);
  await page.getByTestId('bid-submit').click();
  await expect(page.locator('.ant-form-item').filter({ hasText: '上传签章件' })).toContainText('请上传已签章的授权委托书');
  expect(registrations.count).toBe(0);

  // A file of another type is refused before it is sent.
  const dir = await mkdtemp(path.join(tmpdir(), 'hall-e2e-upload-'));
  const wrong = path.join(dir, '授权委托书.txt');
  await writeFile(wrong, 'not a scan');
  await page.locator('.auth-upload input[type=file]').setInputFiles(wrong);
  await expect(toast(page, '仅支持上传 PDF、JPG、PNG 格式的文件')).toBeVisible();

  const scan = path.join(dir, '授权委托书-签章.pdf');
  await writeFile(scan, '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  await page.locator('.auth-upload input[type=file]').setInputFiles(scan);
  await expect(page.getByTestId('auth-file')).toContainText('授权委托书-签章.pdf');

  // The submission carries the image captcha.
  await page.getByTestId('bid-submit').click();
  await expect(formItem(page, 'bid-captcha')).toContainText('请输入图形验证码');
  expect(registrations.count).toBe(0);
  await page.getByTestId('bid-captcha').fill(CAPTCHA);
  await page.getByTestId('bid-submit').click();
  await expect(page).toHaveURL(new RegExp(`/registerEnd\\?uact=${bidder.empUact}$`));
  await expect(page.getByTestId('registration-status')).toHaveText('待审核');
  await expect(page.getByTestId('registration-result')).toContainText('公开招标单位注册');
  expect(registrations.count).toBe(1);

  // Rejected with a reason, the applicant reads it on /registerEnd.
  expect(await ops('registration-reject', '--uact', bidder.empUact, '--reason', '授权委托书未加盖公章')).toContain('已驳回');
  await page.reload();
  await expect(page.getByTestId('registration-status')).toHaveText('审核未通过');
  await expect(page.getByTestId('registration-result')).toContainText('授权委托书未加盖公章');

  // The applicant corrects it under the same account: the page asks for the code sent to the
  // phone the original application gave (the proof that it is the same applicant).
  await page.goto('/mining-register');
  await page.getByTestId('bid-empUact').fill(bidder.empUact);
  await page.getByTestId('bid-pwd').fill(PUBLIC_PASSWORD);
  await page.getByTestId('bid-confirmPassword').fill(PUBLIC_PASSWORD);
  await page.getByTestId('bid-empName').fill(bidder.empName);
  await page.getByTestId('bid-uscc').fill(bidder.uscc);
  await chooseOption(page, page.getByTestId('bid-empType'), '企业');
  await chooseRegion(page, page.getByTestId('bid-region'), '天心', '湖南省 / 长沙市 / 天心区');
  await page.getByTestId('bid-addrDetail').fill('芙蓉南路 1 号');
  await page.getByTestId('bid-legentName').fill('郭峰');
  await page.getByTestId('bid-entLegrepIdcard').fill(bidder.legentIdcard);
  await page.getByTestId('bid-legentTel').fill(bidder.phone);
  await page.locator('.auth-upload input[type=file]').setInputFiles(scan);
  await expect(page.getByTestId('auth-file')).toContainText('授权委托书-签章.pdf');
  await page.getByTestId('bid-captcha').fill(CAPTCHA);
  await page.getByTestId('bid-submit').click();
  await expect(page.getByTestId('bid-resubmit')).toContainText('需验证原申请时填写的法定代表人手机号码');
  expect(registrations.count).toBe(1); // asked, not sent

  await page.getByTestId('bid-resubmit-send').click();
  await expect(toast(page, '验证码已发送至原申请手机号码')).toBeVisible();
  await expect(page.getByTestId('bid-captcha')).toHaveValue(''); // the send spent it
  await page.getByTestId('bid-resubmit-code').fill(await latestCode(bidder.phone));
  await page.getByTestId('bid-captcha').fill(CAPTCHA);
  await page.getByTestId('bid-submit').click();
  await expect(page).toHaveURL(new RegExp(`/registerEnd\\?uact=${bidder.empUact}$`));
  await expect(page.getByTestId('registration-status')).toHaveText('待审核');
  expect(registrations.count).toBe(2);
});
