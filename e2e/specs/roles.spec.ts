import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import {
  Account,
  EXPECTED_MENUS,
  expectTitle,
  loginThroughForm,
  menuLink,
  menuTitles,
  PAGE_TEST_IDS,
  readBreadcrumb,
  readMenu,
  type LoginKind,
  type RoleMenu,
} from '../support/portal';

/**
 * R7-R10, R6, R17: each role logs in through the form, lands on /Home, sees exactly its menu,
 * and every menu entry opens its page with the right document title and breadcrumb. Every page
 * passes axe (no serious or critical violation).
 */
const ROLES: Array<{ name: string; kind: LoginKind; account: string; menu: RoleMenu }> = [
  { name: 'unit user of level 2 (R8)', kind: 'unit', account: Account.unit, menu: EXPECTED_MENUS.unit },
  { name: 'level 1 union of type 92 (R9)', kind: 'unit', account: Account.union92, menu: EXPECTED_MENUS.union92 },
  { name: 'level 1 union of type 93 (R9)', kind: 'unit', account: Account.union93, menu: EXPECTED_MENUS.union93 },
  { name: 'level 1 union of type 99 (R9)', kind: 'unit', account: Account.union99, menu: EXPECTED_MENUS.union99 },
  { name: 'personal user (R10)', kind: 'personal', account: Account.personal, menu: EXPECTED_MENUS.personal },
];

for (const role of ROLES) {
  test(`${role.name}: exact menu, every page with its title and breadcrumb`, async ({ page }) => {
    test.slow(); // every page, each with an axe run
    await loginThroughForm(page, role.kind, role.account);
    await expect(page).toHaveURL(/\/Home$/);
    await expectTitle(page, '首页');
    await expect.poll(() => readBreadcrumb(page)).toEqual(['首页']);
    await expectAccessible(page, `${role.account} /Home`);

    expect(await readMenu(page)).toEqual(menuTitles(role.menu));

    for (const { group, items } of role.menu.groups) {
      for (const item of items) {
        await menuLink(page, item.path).click();
        await expect(page).toHaveURL(new RegExp(`${item.path}$`));
        await expectTitle(page, item.title);
        await expect.poll(() => readBreadcrumb(page), { message: `breadcrumb of ${item.path}` }).toEqual(['首页', group, item.title]);
        // The page itself drew (not an error boundary): every menu page is built (issue 10: nothing
        // says 建设中) and shows its own element. Pages name themselves with their title as a heading, except
        // /participation, whose panels carry only section titles (按互助项目统计, 参保人员明细).
        const heading = page.getByTestId('app-main').getByRole('heading', { name: item.title, exact: true });
        const built = PAGE_TEST_IDS[item.path];
        expect(built, `${item.path} has its page's test id in PAGE_TEST_IDS`).toBeTruthy();
        await expect(page.getByTestId('app-main').getByTestId(built)).toBeVisible();
        if (item.path !== '/participation') await expect(heading).toBeVisible();
        await expectAccessible(page, `${role.account} ${item.path}`);
      }
    }

    // And back to 首页 through its menu link.
    await menuLink(page, '/Home').click();
    await expect(page).toHaveURL(/\/Home$/);
    await expectTitle(page, '首页');
    await expect.poll(() => readBreadcrumb(page)).toEqual(['首页']);
  });
}

/** R49: needInsured pages tell an uninsured user why they are unavailable; other pages do not. */
test.describe('needInsured empty state', () => {
  const UNIT_REASON = '您的单位尚未办理医保参保登记，暂不能使用本功能';
  const PERSON_REASON = '您尚未办理医保参保登记，暂不能使用本功能';
  /** The layout's panel in place of a needInsured page (layout/InsuredGuard.tsx). */
  const shownNotInsured = (page: Page, title: string) =>
    page
      .getByTestId('app-main')
      .getByTestId('not-insured-page')
      .filter({ visible: true, has: page.getByRole('heading', { name: title, exact: true }) });

  test('uninsured unit sees the reason on needInsured pages', async ({ page }) => {
    // /Home is needInsured too: the login lands on the reason (loginThroughForm checks it).
    await loginThroughForm(page, 'unit', Account.unitUninsured);
    // Same menu as any level-2 unit.
    expect(await readMenu(page)).toEqual(menuTitles(EXPECTED_MENUS.unit));
    // Every needInsured page of its menu: built pages and placeholders alike.
    for (const { path, title } of [
      { path: '/apply-query', title: '互助申请' },
      { path: '/payment', title: '应缴金额' },
      { path: '/mutual-aid-staff-management', title: '互助人员管理' },
      { path: '/subsidy-application', title: '补助申请' },
      { path: '/mutual-aid-treatment-query', title: '互助待遇查询' },
      { path: '/subsidy-record-query', title: '补助记录查询' },
      { path: '/participation', title: '职工参加医疗互助情况' },
    ]) {
      await menuLink(page, path).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(shownNotInsured(page, title).getByRole('status')).toHaveText(new RegExp(`^${UNIT_REASON}`));
      // Instead of the page, not beside it.
      await expect(page.getByTestId('app-main').getByTestId(PAGE_TEST_IDS[path])).toHaveCount(0);
      await expectAccessible(page, `uninsured ${path}`);
    }
  });

  // Issue 17 (docs/decisions.md, "Uninsured users read their own"): mail and to-do are readable without insurance.
  for (const [kind, account] of [
    ['unit', Account.unitUninsured],
    ['personal', Account.personalUninsured],
  ] as const) {
    test(`uninsured ${kind} reads its mail and to-do`, async ({ page }) => {
      await loginThroughForm(page, kind, account);
      // /Home (needInsured) says who loads the registry, and links to what stays open.
      const home = shownNotInsured(page, '首页');
      await expect(home.getByRole('status')).toContainText('由长沙市总工会在收到医保局报送的数据后导入本大厅');
      await home.getByRole('navigation', { name: '无需参保即可办理' }).getByRole('link', { name: '收件箱消息' }).click();
      await expect(page).toHaveURL(/\/mail$/);
      const mail = page.getByTestId('app-main').getByTestId('mail-page').filter({ visible: true });
      await expect(mail.getByTestId('mail-table')).toContainText('欢迎使用长沙市总工会职工医疗互助网上服务大厅');
      await expectAccessible(page, `uninsured ${kind} /mail`);
      await menuLink(page, '/to-list').click();
      await expect(page).toHaveURL(/\/to-list$/);
      const todo = page.getByTestId('app-main').getByTestId('todo-page').filter({ visible: true });
      await expect(todo.locator('[data-kind="notInsured"]')).toContainText('办理医保参保登记');
      await expect(page.getByTestId('app-main').getByTestId('not-insured-page').filter({ visible: true })).toHaveCount(0);
    });
  }

  test('insured unit does not see the reason on the same page', async ({ page }) => {
    await loginThroughForm(page, 'unit', Account.unit);
    await menuLink(page, '/payment').click();
    await expect(page).toHaveURL(/\/payment$/);
    const shown = page.getByTestId('app-main').getByTestId('payment-page');
    await expect(shown.getByRole('heading', { name: '应缴金额', exact: true })).toBeVisible();
    await expect(shown.getByTestId('unpaid-total')).toHaveText(/^¥[\d,]+\.\d{2}$/);
    await expect(page.getByTestId('not-insured-page')).toHaveCount(0);
    await expect(page.getByText(UNIT_REASON)).toHaveCount(0);
  });

  test('uninsured person sees the reason on needInsured pages only', async ({ page }) => {
    await loginThroughForm(page, 'personal', Account.personalUninsured);
    expect(await readMenu(page)).toEqual(menuTitles(EXPECTED_MENUS.personal));

    await menuLink(page, '/subsidy-application-personal').click();
    await expect(page).toHaveURL(/\/subsidy-application-personal$/);
    await expect(shownNotInsured(page, '补助申请').getByRole('status')).toHaveText(new RegExp(`^${PERSON_REASON}`));

    // Pages without needInsured work for him.
    await menuLink(page, '/personalInformationBase').click();
    await expect(page).toHaveURL(/\/personalInformationBase$/);
    const info = page.getByTestId('app-main').getByTestId('personal-info-page');
    await expect(info.getByTestId('personal-record')).toContainText('刘洋');
    await expect(info.getByText(PERSON_REASON)).toHaveCount(0);
    // His treatments (none: never covered): the page, with the reason it is empty, not the needInsured one.
    await menuLink(page, '/mutual-aid-treatment-query-personal').click();
    await expect(page).toHaveURL(/\/mutual-aid-treatment-query-personal$/);
    const treatments = page.getByTestId('app-main').getByTestId('treatment-personal-page');
    await expect(treatments.getByText(/暂无互助待遇记录：医保结算数据由市总工会定期导入/)).toBeVisible();
    // Kept-alive tabs (/Home, 补助申请) stay mounted, hidden, with their reason: only what is shown counts.
    await expect(page.getByTestId('app-main').getByText(PERSON_REASON).filter({ visible: true })).toHaveCount(0);
  });

  test('a union (insured) sees no reason on its no-insured page /uniInformationBase', async ({ page }) => {
    await loginThroughForm(page, 'unit', Account.union92);
    await menuLink(page, '/uniInformationBase').click();
    await expect(page).toHaveURL(/\/uniInformationBase$/);
    const shown = page.getByTestId('app-main').getByTestId('union-info-page');
    await expect(shown.getByTestId('union-record')).toBeVisible();
    await expect(shown.getByText(/尚未办理医保参保登记/)).toHaveCount(0);
  });
});
