import { expect, type BrowserContext, type Page } from '@playwright/test';
import { settled } from './antd';
import { CAPTCHA, PASSWORD } from './api';

/**
 * Browser-side helpers of the end-to-end suite: the login form, the sidebar menu, breadcrumb,
 * tags and the tokens the portal keeps in its cookies. Expected values come from the spec
 * (REQUIREMENTS.md R8-R10, GLOSSARY.md), not from the app's own route table.
 */

export type LoginKind = 'unit' | 'personal';

/** Product title ({城市}总工会职工医疗互助网上服务大厅) with the e2e server's city. */
export const PRODUCT_TITLE = '长沙市总工会职工医疗互助网上服务大厅';

/** Demo accounts (README.md). */
export const Account = {
  unit: 'qydw92101', // level 2 under the 92 union, insured
  unitUninsured: 'qydw92102', // level 2, not insured
  union92: 'lhgh92001',
  union93: 'hygh93001',
  union99: 'dlgh99001',
  personal: '430102198503150022', // 李华, insured
  personalPassword: '430103199007120044', // 王芳: the personal password screen changes her password
  personalUninsured: '430105199211080011', // 刘洋
  unitPassword: 'fhgh93102', // the unit password dialog changes its password
  unitSpare: 'fhgh93101', // for session tests that end sessions
} as const;

/** Display names the header shows (seed: unit names with the city, persons' names). */
export const DisplayName: Record<string, string> = {
  qydw92101: '长沙市星辰科技有限公司',
  qydw92102: '长沙市远航物流有限公司',
  lhgh92001: '长沙市高新区联合基层工会',
  hygh93001: '长沙市建筑行业工会',
  dlgh99001: '长沙市第一人民医院工会',
  fhgh93101: '长沙市建工集团分会',
  fhgh93102: '长沙市路桥公司分会',
  '430102198503150022': '李华',
  '430103199007120044': '王芳',
  '430105199211080011': '刘洋',
};

export interface MenuItem {
  path: string;
  title: string;
}
export interface MenuGroupItems {
  group: string;
  items: MenuItem[];
}
export interface RoleMenu {
  home: MenuItem;
  groups: MenuGroupItems[];
}

const HOME: MenuItem = { path: '/Home', title: '首页' };

const R8_BASIC: MenuItem[] = [
  { path: '/mail', title: '收件箱消息' },
  { path: '/to-list', title: '待办事项' },
];
const R8_HANDLING: MenuItem[] = [
  { path: '/apply-query', title: '互助申请' },
  { path: '/payment', title: '应缴金额' },
  { path: '/mutual-aid-staff-management', title: '互助人员管理' },
  { path: '/subsidy-application', title: '补助申请' },
];
const R8_QUERY: MenuItem[] = [
  { path: '/mutual-aid-treatment-query', title: '互助待遇查询' },
  { path: '/subsidy-record-query', title: '补助记录查询' },
  { path: '/participation', title: '职工参加医疗互助情况' },
  // 互助档案: feature flag archives, shown by default (spec §9).
  { path: '/mutual-aid-archive', title: '单位互助档案' },
];
const UNION_INFO: MenuItem[] = [
  { path: '/uniInformationBase', title: '基层工会信息' },
  { path: '/uniInformationEdit', title: '工会信息变更记录' },
];

const menu = (basic: MenuItem[], handling: MenuItem[], query: MenuItem[]): RoleMenu => ({
  home: HOME,
  groups: [
    { group: '基础管理', items: basic },
    { group: '网上经办', items: handling },
    { group: '综合查询', items: query },
  ],
});

/** The exact menus of R8-R10, per role (groups and items in order). */
export const EXPECTED_MENUS = {
  // R8: unit user, uactLevel ≠ 1
  unit: menu(R8_BASIC, R8_HANDLING, R8_QUERY),
  // R9: level 1, type 92: R8 plus union information, enterprises and application review
  union92: menu(
    [...R8_BASIC, ...UNION_INFO, { path: '/basic-management', title: '企业单位管理' }],
    [...R8_HANDLING, { path: '/apply-examine', title: '申请审核' }],
    R8_QUERY,
  ),
  // R9: type 93: R8 plus union information and branch unions
  union93: menu([...R8_BASIC, ...UNION_INFO, { path: '/subuni-management', title: '下属分会管理' }], R8_HANDLING, R8_QUERY),
  // R9: type 99: R8 plus union information
  union99: menu([...R8_BASIC, ...UNION_INFO], R8_HANDLING, R8_QUERY),
  // R10: personal user
  personal: menu(
    [...R8_BASIC, { path: '/personalInformationBase', title: '个人基本信息' }],
    [{ path: '/subsidy-application-personal', title: '补助申请' }],
    [
      { path: '/mutual-aid-treatment-query-personal', title: '互助待遇查询' },
      { path: '/subsidy-record-query-personal', title: '补助记录查询' },
      { path: '/mutual-aid-archive-personal', title: '个人互助档案' },
    ],
  ),
} satisfies Record<string, RoleMenu>;

/** Demo accounts without an active medical-insurance registration (the seed's 刘洋 and 远航物流). */
export const UNINSURED_ACCOUNTS: readonly string[] = [Account.unitUninsured, Account.personalUninsured];

/**
 * Logs in through the gateway's form: the tab of the login kind, account, password and the
 * e2e server's fixed captcha; waits for /Home with the portal layout drawn. /Home is a needInsured
 * page (R49): an uninsured account sees the reason there instead of the home page.
 */
export async function loginThroughForm(page: Page, kind: LoginKind, account: string, password: string = PASSWORD) {
  await page.goto('/gatePage');
  await submitLoginForm(page, kind, account, password);
  await expect(page).toHaveURL(/\/Home$/);
  if (UNINSURED_ACCOUNTS.includes(account)) {
    await expect(
      page.getByTestId('not-insured-page').filter({ has: page.getByRole('heading', { name: '首页', exact: true }) }),
    ).toBeVisible();
    await expect(page.getByTestId('home-page')).toHaveCount(0);
  } else await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('app-header')).toContainText(DisplayName[account] ?? account);
}

/**
 * Opens the menu under the user's name in the header and chooses 修改密码 once the menu has
 * settled (units get the dialog, persons the password screen); the menu closes.
 */
export async function chooseChangePassword(page: Page) {
  await page.getByTestId('user-menu').click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').filter({ has: page.getByRole('menuitem', { name: '修改密码' }) });
  await settled(menu);
  await menu.getByRole('menuitem', { name: '修改密码' }).click();
  await expect(menu).toBeHidden();
}

/** Fills and submits the login form on an already open gateway. */
export async function submitLoginForm(page: Page, kind: LoginKind, account: string, password: string = PASSWORD) {
  const tab = page.getByRole('tab', { name: kind === 'unit' ? '单位用户登录' : '个人用户登录' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const prefix = `${kind}-login`;
  // The captcha image must be there: its id travels with the answer.
  await expect(page.getByTestId(`${prefix}-captcha-image`)).toBeVisible();
  await page.getByTestId(`${prefix}-account`).fill(account);
  await page.getByTestId(`${prefix}-password`).fill(password);
  await page.getByTestId(`${prefix}-captcha`).fill(CAPTCHA);
  await page.getByTestId(`${prefix}-submit`).click();
}

/** The sidebar as the user sees it: 首页, then each group's title with its item titles in order. */
export async function readMenu(page: Page): Promise<{ home: string[]; groups: Array<{ group: string; items: string[] }> }> {
  const sidebar = page.getByTestId('sidebar-menu');
  await expect(sidebar).toBeVisible();
  return sidebar.evaluate((root) => {
    const text = (el: Element | null) => (el?.textContent ?? '').trim();
    const top = [...root.children].filter((el) => el.matches('li.ant-menu-item, li.ant-menu-submenu'));
    const home = top.filter((el) => el.matches('li.ant-menu-item')).map((el) => text(el.querySelector('.ant-menu-title-content')));
    const groups = top
      .filter((el) => el.matches('li.ant-menu-submenu'))
      .map((el) => ({
        group: text(el.querySelector(':scope > .ant-menu-submenu-title .ant-menu-title-content')),
        items: [...el.querySelectorAll(':scope > ul > li.ant-menu-item')].map((item) =>
          text(item.querySelector('.ant-menu-title-content')),
        ),
      }));
    return { home, groups };
  });
}

/** The expected menu in the shape readMenu returns. */
export const menuTitles = (expected: RoleMenu) => ({
  home: [expected.home.title],
  groups: expected.groups.map((g) => ({ group: g.group, items: g.items.map((i) => i.title) })),
});

/** The menu link of a page (menu items are real links). */
export const menuLink = (page: Page, path: string) => page.getByTestId('sidebar-menu').locator(`a[href="${path}"]`);

/**
 * Breadcrumb crumbs as rendered (separators are drawn, not text of the crumbs), as they read now:
 * assert them with expect.poll (a navigation renders as a transition, after the URL changes).
 */
export async function readBreadcrumb(page: Page, testId = 'breadcrumb'): Promise<string[]> {
  const crumbs = page.getByTestId(testId).locator('li');
  return crumbs.evaluateAll((items) =>
    items.map((li) => (li.firstElementChild?.textContent ?? li.textContent ?? '').trim()).filter((text) => text && text !== '/'),
  );
}

/** Paths of the open tags, in order. */
export async function readTags(page: Page): Promise<string[]> {
  return page
    .getByTestId('tags-view')
    .getByTestId('tag')
    .evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-path') ?? ''));
}

export const tag = (page: Page, path: string) => page.getByTestId('tags-view').locator(`[data-testid="tag"][data-path="${path}"]`);

/** Waits until the page's document title is the route title + product title (R6). */
export async function expectTitle(page: Page, routeTitle: string) {
  await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(routeTitle)}`));
  await expect(page).toHaveTitle(`${routeTitle} - ${PRODUCT_TITLE}`);
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The portal's tokens, read from its cookies (hall-token / hall-refresh-token). */
export async function browserTokens(context: BrowserContext) {
  const cookies = await context.cookies();
  const value = (name: string) => cookies.find((cookie) => cookie.name === name)?.value;
  return { access: value('hall-token'), refresh: value('hall-refresh-token') };
}

/** Writes a cookie of the portal's origin (same path and attributes as the app's js-cookie). */
export async function setPortalCookie(context: BrowserContext, baseURL: string, name: string, value: string) {
  // A host-only cookie at path / (what js-cookie writes), so it replaces the app's own.
  await context.addCookies([{ name, value, url: new URL('/', baseURL).href, sameSite: 'Strict' }]);
  const same = (await context.cookies()).filter((cookie) => cookie.name === name);
  expect(
    same.map((cookie) => cookie.value),
    `one ${name} cookie`,
  ).toEqual([value]);
}

/** The pathname of the page's URL. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Records the code of every API answer the page receives (through a pass-through route, so the
 * body is read even when the page navigates away right after the answer).
 */
export async function recordApiCodes(page: Page) {
  const answers: Array<{ path: string; code: number | undefined }> = [];
  await page.route('**/api/**', async (route) => {
    const response = await route.fetch();
    let body: Buffer;
    try {
      body = await response.body();
    } catch {
      // The page left the document that asked (a reload, the redirect to /Transfer/404) while the
      // answer was on its way: Playwright disposed it, and the page never saw it.
      return;
    }
    let code: number | undefined;
    try {
      code = JSON.parse(body.toString('utf8'))?.code;
    } catch {
      code = undefined;
    }
    answers.push({ path: new URL(route.request().url()).pathname.replace(/^\/api/, ''), code });
    await route.fulfill({ response, body }).catch(() => undefined);
  });
  return answers;
}

/** The element of each page built so far (apps/web/src/features), by path; the other menu pages are placeholders. */
export const PAGE_TEST_IDS: Record<string, string> = {
  '/mail': 'mail-page',
  '/to-list': 'todo-page',
  '/apply-query': 'apply-query-page',
  '/payment': 'payment-page',
  '/mutual-aid-staff-management': 'staff-page',
  '/apply-examine': 'apply-examine-page',
  '/participation': 'participation-page',
  '/mutual-aid-treatment-query': 'treatment-query-page',
  '/mutual-aid-treatment-query-personal': 'treatment-personal-page',
  '/subsidy-application': 'subsidy-application-page',
  '/subsidy-record-query': 'subsidy-record-query-page',
  '/subsidy-application-personal': 'subsidy-application-personal-page',
  '/subsidy-record-query-personal': 'subsidy-record-query-personal-page',
  '/uniInformationBase': 'union-info-page',
  '/uniInformationEdit': 'union-changes-page',
  '/basic-management': 'org-page',
  '/subuni-management': 'org-page',
  '/personalInformationBase': 'personal-info-page',
  '/mutual-aid-archive': 'archive-unit-page',
  '/mutual-aid-archive-personal': 'archive-personal-page',
};

/** A selector of any page's own element inside the layout: a page, /Home, or the needInsured reason in a page's place. */
export const PAGE_ROOTS = ['home-page', 'not-insured-page', ...Object.values(PAGE_TEST_IDS)]
  .map((id) => `[data-testid="${id}"]`)
  .join(', ');
