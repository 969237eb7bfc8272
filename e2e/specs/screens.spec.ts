import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Account, DisplayName, loginThroughForm, menuLink, PAGE_ROOTS, PRODUCT_TITLE, type LoginKind } from '../support/portal';
import { boxOf, expectChineseRendered, expectInsideViewport, expectNoHorizontalScroll, expectNoOverlap, settle } from '../support/screens';

/**
 * Screenshots (issue 3 "Done when"): the gateway, /Home and one page per role at 1366×768 and
 * 390×844, saved to .e2e/shots/<name>-<width>.png, with checks that Chinese text is drawn with a
 * CJK font and that header, sidebar, tag bar and content do not overlap.
 */

const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

const PAGES: Array<{ name: string; kind: LoginKind; account: string; path: string; title: string }> = [
  { name: 'home-unit', kind: 'unit', account: Account.unit, path: '/Home', title: '首页' },
  { name: 'unit-payment', kind: 'unit', account: Account.unit, path: '/payment', title: '应缴金额' },
  { name: 'unit-uninsured-payment', kind: 'unit', account: Account.unitUninsured, path: '/payment', title: '应缴金额' },
  { name: 'union92-basic-management', kind: 'unit', account: Account.union92, path: '/basic-management', title: '企业单位管理' },
  { name: 'union93-subuni-management', kind: 'unit', account: Account.union93, path: '/subuni-management', title: '下属分会管理' },
  { name: 'union99-uniInformationBase', kind: 'unit', account: Account.union99, path: '/uniInformationBase', title: '基层工会信息' },
  { name: 'unit-subsidy-application', kind: 'unit', account: Account.unit, path: '/subsidy-application', title: '补助申请' },
  { name: 'unit-treatment-query', kind: 'unit', account: Account.unit, path: '/mutual-aid-treatment-query', title: '互助待遇查询' },
  { name: 'unit-subsidy-record-query', kind: 'unit', account: Account.unit, path: '/subsidy-record-query', title: '补助记录查询' },
  { name: 'union92-apply-examine', kind: 'unit', account: Account.union92, path: '/apply-examine', title: '申请审核' },
  { name: 'home-personal', kind: 'personal', account: Account.personal, path: '/Home', title: '首页' },
  {
    name: 'personal-personalInformationBase',
    kind: 'personal',
    account: Account.personal,
    path: '/personalInformationBase',
    title: '个人基本信息',
  },
  {
    name: 'personal-subsidy-application',
    kind: 'personal',
    account: Account.personal,
    path: '/subsidy-application-personal',
    title: '补助申请',
  },
  {
    name: 'personal-treatment-query',
    kind: 'personal',
    account: Account.personal,
    path: '/mutual-aid-treatment-query-personal',
    title: '互助待遇查询',
  },
  { name: 'union92-uniInformationBase', kind: 'unit', account: Account.union92, path: '/uniInformationBase', title: '基层工会信息' },
  { name: 'union92-uniInformationEdit', kind: 'unit', account: Account.union92, path: '/uniInformationEdit', title: '工会信息变更记录' },
  // 互助档案 (feature flag archives, shown by default; issue 10 item 7).
  { name: 'unit-archive', kind: 'unit', account: Account.unit, path: '/mutual-aid-archive', title: '单位互助档案' },
  { name: 'personal-archive', kind: 'personal', account: Account.personal, path: '/mutual-aid-archive-personal', title: '个人互助档案' },
];

const shot = async (page: Page, name: string) => {
  await settle(page);
  const file = path.join(test.info().project.testDir, '..', '..', '.e2e', 'shots', `${name}-${page.viewportSize()!.width}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
};

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('gateway', async ({ page }) => {
      await page.goto('/gatePage');
      const title = page.getByRole('heading', { level: 1, name: PRODUCT_TITLE });
      await expect(title).toBeVisible();
      await expect(page.getByRole('tab', { name: '单位用户登录' })).toBeVisible();
      await expect(page.getByRole('tab', { name: '个人用户登录' })).toBeVisible();
      await expect(page.getByTestId('unit-login-captcha-image')).toBeVisible();
      await settle(page);
      await expectChineseRendered(page, '.gate-banner__title');
      await expectChineseRendered(page, '[role="tablist"]');
      await shot(page, 'gateway');
      const banner = await boxOf(page.locator('.gate-banner'));
      const card = await boxOf(page.getByTestId('login-card'));
      expectNoOverlap(banner, card, 'banner and login card');
      await expectInsideViewport(page, page.getByTestId('login-card'), 'login card');
      await expectInsideViewport(page, title, 'product title');
    });

    test('gateway: nothing sticks out sideways', async ({ page }) => {
      await page.goto('/gatePage');
      await expect(page.getByTestId('login-card')).toBeVisible();
      await settle(page);
      await expectNoHorizontalScroll(page);
      for (const card of await page.locator('.gate-card').all()) await expectInsideViewport(page, card, 'public-area card');
    });

    for (const target of PAGES) {
      test(`${target.name}`, async ({ page }) => {
        await loginThroughForm(page, target.kind, target.account);
        if (target.path !== '/Home') {
          if (size.width < 992) await page.getByTestId('sidebar-toggle').click();
          await menuLink(page, target.path).click();
          await expect(page).toHaveURL(new RegExp(`${target.path}$`));
        }
        await expect(page).toHaveTitle(`${target.title} - ${PRODUCT_TITLE}`);
        const main = page.getByTestId('app-main');
        const shown = main.locator(PAGE_ROOTS).filter({ visible: true });
        await expect(shown).toHaveCount(1);
        await expect(page.getByTestId('user-menu')).toContainText(DisplayName[target.account]);
        await settle(page);
        if (size.width < 992) await expect(page.getByTestId('sidebar-menu')).toBeHidden();

        // Chinese text drawn with a CJK font: product title, menu, page.
        const logo = page.getByTestId('header-logo');
        await expect(logo).toHaveText(PRODUCT_TITLE);
        await expectChineseRendered(page, '[data-testid="header-logo"] .app-header__title');
        await expectChineseRendered(page, '[data-testid="breadcrumb"]');
        await expectChineseRendered(page, '[data-testid="tags-view"]');
        if (size.width >= 992) await expectChineseRendered(page, '[data-testid="sidebar-menu"]');

        // Nothing overlaps: header above the tag bar and breadcrumb, above the page; sidebar beside it.
        const header = await boxOf(page.getByTestId('app-header'));
        const nav = await boxOf(page.locator('.app-nav'));
        const content = await boxOf(shown);
        expectNoOverlap(header, nav, 'header and tag bar');
        expectNoOverlap(header, content, 'header and page');
        expectNoOverlap(nav, content, 'tag bar and page');
        if (size.width >= 992) {
          const sidebar = await boxOf(page.getByTestId('sidebar'));
          expectNoOverlap(sidebar, content, 'sidebar and page');
          expectNoOverlap(sidebar, nav, 'sidebar and tag bar');
          expectNoOverlap(sidebar, header, 'sidebar and header');
        }
        // The header's parts do not cover each other and stay on screen.
        const parts = ['sidebar-toggle', 'header-logo', 'return-hall', 'mail-badge', 'user-menu', 'logout'];
        const boxes = await Promise.all(parts.map((id) => boxOf(page.getByTestId(id))));
        for (let i = 0; i < parts.length; i++) {
          await expectInsideViewport(page, page.getByTestId(parts[i]), parts[i]);
          for (let j = i + 1; j < parts.length; j++) expectNoOverlap(boxes[i], boxes[j], `${parts[i]} and ${parts[j]}`);
        }
        await expectNoHorizontalScroll(page);
        await shot(page, target.name);
      });
    }
  });
}

// Issue 10, personal slice: the transfer layout's pages (R12), opened by path (they have no menu entry).
const TRANSFER_PAGES: Array<{ name: string; kind: LoginKind; account: string; path: string; title: string; group: string }> = [
  {
    name: 'unit-transfer-out',
    kind: 'unit',
    account: Account.unit,
    path: '/transfer/relationship-out-apply-register',
    title: '关系转出申请',
    group: '网上经办',
  },
  {
    name: 'unit-transfer-into',
    kind: 'unit',
    account: Account.unit,
    path: '/transfer/relationship-into-apply-register',
    title: '关系转入申请',
    group: '网上经办',
  },
  {
    name: 'unit-different-place',
    kind: 'unit',
    account: Account.unit,
    path: '/transfer/different-place-register',
    title: '异地就医备案',
    group: '网上经办',
  },
  {
    name: 'personal-different-place',
    kind: 'personal',
    account: Account.personal,
    path: '/transfer/different-place-register',
    title: '异地就医备案',
    group: '网上经办',
  },
  {
    name: 'unit-insured-status',
    kind: 'unit',
    account: Account.unit,
    path: '/transfer/insured-status-query',
    title: '医保参保状态查询',
    group: '业务查询',
  },
];
for (const size of SIZES) {
  test.describe(`transfer pages at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    for (const target of TRANSFER_PAGES) {
      test(target.name, async ({ page }) => {
        await loginThroughForm(page, target.kind, target.account);
        await page.goto(target.path);
        await expect(page).toHaveTitle(`${target.title} - ${PRODUCT_TITLE}`);
        await expect(page.getByTestId('transfer-breadcrumb')).toContainText(target.group);
        await expect(page.getByRole('heading', { name: target.title }).first()).toBeVisible();
        await settle(page);
        await expectChineseRendered(page, '[data-testid="transfer-breadcrumb"]');
        await expectNoHorizontalScroll(page);
        await shot(page, target.name);
      });
    }
  });
}
