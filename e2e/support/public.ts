import { expect, type Locator, type Page } from '@playwright/test';
import { ApiPath, checkIdCard, checkUscc } from '@hall/shared';
import { apiPost, captchaProof } from './api';
import { latestCode, ops } from './ops';
import { settled } from './antd';
import { escapeRegExp } from './portal';

/**
 * Helpers of the public-area specs (public-*.spec.ts): made-up but valid identities, antd
 * widgets driven like a user does, and the server-side steps the back office would take.
 */

/** A few digits that differ between runs and between calls of one run. */
let counter = 0;
export function unique(digits = 6): string {
  counter += 1;
  const n = (Date.now() * 7 + counter * 7919 + Math.floor(Math.random() * 1000)) % 10 ** digits;
  return String(n).padStart(digits, '0');
}

/** A mobile number nobody else in the suite uses (one code a minute per number). */
export const uniquePhone = () => `139${unique(8)}`;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** A citizen ID number of 长沙市岳麓区 with a valid check character (GB 11643). */
export function makeIdCard(birth = '19900312'): string {
  const body = `430104${birth}${unique(3)}`;
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * ID_WEIGHTS[i], 0);
  const id = body + ID_CHECK[sum % 11];
  expect(checkIdCard(id, new Date()), `generated ID ${id}`).toBeNull();
  return id;
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A unified social credit code of an enterprise in 长沙市 with a valid check character (GB 32100). */
export function makeUscc(): string {
  const body = `91430104MA4L${unique(5)}`;
  const sum = [...body].reduce((acc, ch, i) => acc + USCC_CHARS.indexOf(ch) * USCC_WEIGHTS[i], 0);
  const code = body + USCC_CHARS[(31 - (sum % 31)) % 31];
  expect(checkUscc(code), `generated USCC ${code}`).toBeNull();
  return code;
}

/** The form item around a field (its label, input and message). */
export const formItem = (page: Page, testId: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByTestId(testId) })
    .last();

/** The messages the forms show under their fields, in order. */
export async function fieldErrors(scope: Page | Locator): Promise<string[]> {
  const messages = scope.locator('.ant-form-item-explain-error');
  await expect(messages.first()).toBeVisible();
  return (await messages.allTextContents()).map((t) => t.trim());
}

/** The antd dropdown that is open now (closed ones stay in the body with a hidden class). */
const openDropdown = (page: Page, kind: 'select' | 'cascader') =>
  page.locator(`.ant-${kind}-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"])`);

/** The whole antd Select around a locator that may point at its inner combobox input. */
const selectRoot = (select: Locator) =>
  select.locator('xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');

/**
 * Picks an option of an antd Select: opens it, optionally types to search, clicks the first option
 * whose text starts with `option`, and checks that the select shows it and the dropdown closed.
 */
export async function chooseOption(page: Page, select: Locator, option: string, search?: string) {
  await select.click();
  if (search) await select.locator('input').fill(search);
  const dropdown = openDropdown(page, 'select');
  const item = dropdown
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${escapeRegExp(option)}`) })
    .first();
  await expect(item).toBeVisible();
  await settled(dropdown);
  await item.click();
  await expect(selectRoot(select)).toContainText(option);
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
}

/** Picks a region in RegionSelect (antd Cascader) by searching its name. */
export async function chooseRegion(page: Page, wrapper: Locator, search: string, pathText: string) {
  await wrapper.locator('.ant-select').click();
  await wrapper.locator('input').fill(search);
  const dropdown = openDropdown(page, 'cascader');
  const item = dropdown.locator('.ant-cascader-menu-item').filter({ hasText: pathText }).first();
  await expect(item).toBeVisible();
  await settled(dropdown);
  await item.click();
  await expect(wrapper).toContainText(pathText.split(' / ').at(-1)!);
}

/** Types a date into an antd DatePicker and commits it. */
export async function typeDate(picker: Locator, date: string) {
  // The test id lands on the picker's input itself.
  const input = (await picker.evaluate((el) => el.tagName)) === 'INPUT' ? picker : picker.locator('input');
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  await expect(input).toHaveValue(date);
}

/** The newest toast of antd's message. */
export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });

/**
 * Counts the API calls a page makes to one path from now on (to prove that bad input sends
 * nothing).
 */
export function countCalls(page: Page, path: string) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api${path}`) seen.push(request.url());
  });
  return {
    get count() {
      return seen.length;
    },
  };
}

export const PUBLIC_PASSWORD = 'Hall@2026pw';

/**
 * An agent's personal account made through the API, as another visitor would (the code read
 * from the outbox): the person recovery and screen tests start from.
 */
export async function registerAgentByApi(name = '周敏') {
  const certno = makeIdCard('19880716');
  const phone = uniquePhone();
  const sent = await apiPost(ApiPath.sendMessage, { phone, purpose: 'agent-register', certno, ...(await captchaProof()) });
  expect(sent.code, sent.message).toBe(0);
  expect(sent.data.onRecord).toBe(false); // a new person: the code went to the phone given
  const msgAuthCode = await latestCode(phone);
  const answer = await apiPost(ApiPath.agentRegister, {
    opterTel: phone,
    pwd: PUBLIC_PASSWORD,
    confirmPassword: PUBLIC_PASSWORD,
    certType: '01',
    certno,
    certificateStartDate: '2018-07-01',
    certificateEndDate: '长期',
    empOpterName: name,
    msgAuthCode,
  });
  expect(answer.code, answer.message).toBe(0);
  return { certno, phone, name, password: PUBLIC_PASSWORD };
}

/** A unit registration submitted through the API under the 92 union; approved by the operator when asked. */
export async function registerUnitByApi({ approve = false, name }: { approve?: boolean; name?: string } = {}) {
  const empUact = `api_${unique(6)}`;
  const empName = name ?? `长沙市测试${unique(4)}科技有限公司`;
  const phone = uniquePhone();
  const answer = await apiPost(ApiPath.insertRegisterInfo, {
    empUact,
    pwd: PUBLIC_PASSWORD,
    confirmPassword: PUBLIC_PASSWORD,
    empName,
    uscc: makeUscc(),
    legentTel: phone,
    empAddr: '湖南省长沙市岳麓区麓谷大道 627 号',
    legentName: '赵刚',
    entLegrepIdcard: makeIdCard('19750203'),
    certType: '01',
    parentUact: 'lhgh92001',
    ...(await captchaProof()),
  });
  expect(answer.code, answer.message).toBe(0);
  if (approve) expect(await ops('registration-approve', '--uact', empUact)).toContain('已审核通过');
  return { empUact, empName, phone, password: PUBLIC_PASSWORD };
}
