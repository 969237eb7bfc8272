import { expect, test, type Page } from '@playwright/test';
import { ApiPath, idCardCheckChar } from '@hall/shared';
import { CAPTCHA, PASSWORD } from '../support/api';
import { latestCode, ops } from '../support/ops';
import { Account, expectTitle, submitLoginForm } from '../support/portal';
import {
  chooseOption,
  countCalls,
  fieldErrors,
  formItem,
  makeIdCard,
  PUBLIC_PASSWORD,
  toast,
  typeDate,
  uniquePhone,
} from '../support/public';

/**
 * Issue 4, "Done when": an agent (经办人) registers on /unit-register with the SMS code read from
 * the outbox (ops sms-outbox), and logs in on the personal tab with the certificate number.
 * The send carries the image captcha (the e2e server's fixed answer) and the certificate: a
 * person the registry knows gets the code on the registry's phone. Whether an account exists, or
 * the name matches, the server says only after a valid code (the portal asks nothing before).
 */

/** Opens the agent form of /unit-register. */
async function openAgentForm(page: Page) {
  await page.goto('/unit-register');
  await page.getByTestId('choose-agent').click();
  await expect(page.getByTestId('agent-form')).toBeVisible();
}

/** Fills the form but the code and the captcha. */
async function fillAgent(page: Page, agent: { name: string; certno: string; phone: string }) {
  await page.getByTestId('agent-name').fill(agent.name);
  await page.getByTestId('agent-certno').fill(agent.certno);
  await typeDate(page.getByTestId('agent-start'), '2021-03-01');
  await page.getByTestId('agent-forever').check();
  await page.getByTestId('agent-phone').fill(agent.phone);
  await page.getByTestId('agent-pwd').fill(PUBLIC_PASSWORD);
  await page.getByTestId('agent-confirm').fill(PUBLIC_PASSWORD);
}
test('an agent registers with the SMS code from the outbox and logs in', async ({ page }) => {
  test.slow(); // a long flow: two attempts at registration, an SMS code, a login
  const agent = { name: '唐婧', certno: makeIdCard('19930204'), phone: uniquePhone() };

  await page.goto('/unit-register');
  await expectTitle(page, '注册');
  await page.getByTestId('choose-agent').click();
  const form = page.getByTestId('agent-form');
  await expect(form).toBeVisible();

  // Required fields and formats (R36, R38, R39, R41, R44); nothing is sent.
  const registrations = countCalls(page, ApiPath.agentRegister);
  const existChecks = countCalls(page, ApiPath.checkAgentExist);
  await page.getByTestId('agent-submit').click();
  // Not the captcha: only the send carries it.
  expect(await fieldErrors(form)).toEqual([
    '请输入经办人姓名',
    '请输入证件号码',
    '请选择证件有效期开始日期',
    '请选择证件有效期结束日期',
    '请输入手机号码',
    '请输入短信验证码',
    '请输入密码',
    '请再次输入密码',
  ]);
  await page.getByTestId('agent-certno').fill('430104199302040001');
  await page.getByTestId('agent-phone').fill('1380000');
  await page.getByTestId('agent-code').fill('12ab');
  await typeDate(page.getByTestId('agent-start'), '2024-05-01');
  await typeDate(page.getByTestId('agent-end'), '2024-04-30');
  await page.getByTestId('agent-submit').click();
  await expect(formItem(page, 'agent-certno')).toContainText('请输入正确的身份证号码');
  await expect(formItem(page, 'agent-phone')).toContainText('请输入正确的手机号码');
  await expect(formItem(page, 'agent-code')).toContainText('请输入6位数字验证码');
  await expect(page.locator('.date-range-fields')).toContainText('开始时间不能大于结束时间');
  await expect(page.locator('.date-range-fields')).toContainText('结束时间不能小于开始时间');
  expect(registrations.count + existChecks.count).toBe(0);

  // The code is not asked for a bad number, nor without the captcha's answer.
  const sends = countCalls(page, ApiPath.sendMessage);
  await page.getByTestId('agent-send-code').click();
  await expect(formItem(page, 'agent-phone')).toContainText('请输入正确的手机号码');
  await expect(formItem(page, 'agent-captcha')).toContainText('请输入图形验证码');
  expect(sends.count).toBe(0);

  await page.getByTestId('agent-name').fill(agent.name);
  await page.getByTestId('agent-certno').fill(agent.certno);
  await typeDate(page.getByTestId('agent-start'), '2021-03-01');
  await page.getByTestId('agent-forever').check();
  await expect(page.locator('.date-range-fields .ant-form-item-explain-error')).toHaveCount(0);
  await page.getByTestId('agent-phone').fill(agent.phone);
  await page.getByTestId('agent-captcha').fill(CAPTCHA);
  await page.getByTestId('agent-send-code').click();
  const masked = `${agent.phone.slice(0, 3)}****${agent.phone.slice(-4)}`;
  await expect(formItem(page, 'agent-code')).toContainText(`验证码已发送至 ${masked}`);
  await expect(page.getByTestId('agent-captcha')).toHaveValue(''); // spent: a new one for a next send
  await expect(page.getByTestId('agent-send-code')).toHaveText(/\d+秒后重新获取/);
  await expect(page.getByTestId('agent-send-code')).toBeDisabled();
  expect(sends.count).toBe(1);

  // Kept alive: to another page of the hall and back, the half-filled form is still there.
  await page.locator('.register-hub__foot').getByRole('link', { name: '办事指南' }).click();
  await expect(page).toHaveURL(/\/gateRule$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/unit-register$/);
  await expect(page.getByTestId('agent-name')).toHaveValue(agent.name);
  await expect(page.getByTestId('agent-certno')).toHaveValue(agent.certno);
  await expect(page.getByTestId('agent-phone')).toHaveValue(agent.phone);
  await expect(page.getByTestId('agent-send-code')).toHaveText(/\d+秒后重新获取/);

  // A wrong code is refused by the server with the tries left.
  const code = await latestCode(agent.phone);
  expect(await ops('sms-outbox', '--phone', agent.phone)).toContain('经办人注册');
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByTestId('agent-code').fill(wrong);
  await page.getByTestId('agent-pwd').fill(PUBLIC_PASSWORD);
  await page.getByTestId('agent-confirm').fill(PUBLIC_PASSWORD);
  await page.getByTestId('agent-submit').click();
  await expect(toast(page, '验证码错误，还可输入4次')).toBeVisible();

  await page.getByTestId('agent-code').fill(code);
  await page.getByTestId('agent-submit').click();
  const success = page.getByTestId('agent-success');
  await expect(success).toContainText('经办人注册成功');
  await expect(success).toContainText(agent.certno);
  expect(existChecks.count).toBe(0); // no pre-check: the registration itself answers
  expect(registrations.count).toBe(2);

  await page.getByTestId('agent-login-link').click();
  await expect(page).toHaveURL(/\/gatePage\?tab=personal$/);
  await submitLoginForm(page, 'personal', agent.certno, PUBLIC_PASSWORD);
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.getByTestId('app-header')).toContainText(agent.name);
});

test('registering a certificate that has an account: the server says so after the code, and the form offers the login', async ({
  page,
}) => {
  // 刘洋, a demo person with a personal account and a mobile on record (13807310003).
  const registry = { phone: '13807310003', masked: '138****0003' };
  const typed = uniquePhone();
  await openAgentForm(page);
  const existChecks = countCalls(page, ApiPath.checkAgentExist);
  const registrations = countCalls(page, ApiPath.agentRegister);
  await fillAgent(page, { name: '刘洋', certno: Account.personalUninsured, phone: typed });

  // The registry knows the person: the code goes to its phone, not to the one typed.
  await page.getByTestId('agent-captcha').fill(CAPTCHA);
  await page.getByTestId('agent-send-code').click();
  await expect(toast(page, `您已在职工登记信息中，验证码已发送至登记的手机号码 ${registry.masked}`)).toBeVisible();
  await expect(formItem(page, 'agent-code')).toContainText(`验证码已发送至 ${registry.masked}`);
  expect(await ops('sms-outbox', '--phone', typed)).not.toContain('经办人注册');

  // Nothing is told before the code: a wrong one is refused as any wrong code.
  const code = await latestCode(registry.phone);
  await page.getByTestId('agent-code').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('agent-submit').click();
  await expect(toast(page, /验证码错误/)).toBeVisible();
  await expect(page.getByTestId('agent-exists')).toHaveCount(0);

  await page.getByTestId('agent-code').fill(code);
  await page.getByTestId('agent-submit').click();
  await expect(page.getByTestId('agent-exists')).toContainText('该证件号码已注册，请直接登录');
  expect(existChecks.count).toBe(0);
  expect(registrations.count).toBe(2);
  await page.getByTestId('agent-exists').getByRole('link', { name: '去登录' }).click();
  await expect(page).toHaveURL(/\/gatePage\?tab=personal$/);
  await submitLoginForm(page, 'personal', Account.personalUninsured, PASSWORD);
  await expect(page).toHaveURL(/\/Home$/);
});

test('a worker the registry knows without a mobile on record gets no code and cannot register here', async ({ page }) => {
  // The first generated worker of the first demo union (seed: staffCertNo(0, 0), 张伟): no account, no phone.
  const body = '43010219680101100';
  const knownWorker = body + idCardCheckChar(body);
  const noPhone = '您的证件号码已在职工登记信息中，但未登记手机号码，请联系所在单位或市总工会核实后再注册';
  const realNameChecks = countCalls(page, ApiPath.checkRealName);
  const registrations = countCalls(page, ApiPath.agentRegister);
  const typed = uniquePhone();
  await openAgentForm(page);
  await chooseOption(page, page.getByTestId('agent-certType'), '居民身份证');
  await fillAgent(page, { name: '张伟', certno: knownWorker, phone: typed });

  await page.getByTestId('agent-captcha').fill(CAPTCHA);
  await page.getByTestId('agent-send-code').click();
  await expect(toast(page, noPhone)).toBeVisible();
  await expect(page.getByTestId('agent-send-code')).toHaveText('获取验证码'); // no code went out: no countdown
  await expect(ops('sms-outbox', '--phone', typed)).resolves.not.toContain('经办人注册');

  // The server refuses the registration the same way, whatever code is typed.
  await page.getByTestId('agent-code').fill('123456');
  const [refusal] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === `/api${ApiPath.agentRegister}`),
    page.getByTestId('agent-submit').click(),
  ]);
  expect((await refusal.json()).message).toBe(noPhone);
  await expect(toast(page, noPhone).last()).toBeVisible();
  expect(registrations.count).toBe(1);
  expect(realNameChecks.count).toBe(0); // the portal asks nothing before registering
});
