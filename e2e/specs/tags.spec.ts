import { expect, test, type Page } from '@playwright/test';
import { Account, expectTitle, loginThroughForm, menuLink, PAGE_ROOTS, readTags, tag } from '../support/portal';

/** The tag bar (R16, R22): visited pages, context menu, pinned 首页, keep-alive. */

const openMenu = async (page: Page, path: string) => {
  await tag(page, path).click({ button: 'right' });
  const menu = page.getByTestId('tag-menu');
  await expect(menu).toBeVisible();
  return menu;
};

const chooseFromMenu = async (page: Page, path: string, action: '刷新' | '关闭' | '关闭其他' | '关闭所有') => {
  const menu = await openMenu(page, path);
  await menu.getByRole('menuitem', { name: action, exact: true }).click();
  await expect(menu).toBeHidden();
};

/**
 * Opens a page from the menu and waits until it is on screen with its tag: the address changes
 * as soon as the click is taken, but a lazily loaded page (and its tag) only once its chunk is in.
 */
const visit = async (page: Page, path: string) => {
  await menuLink(page, path).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(tag(page, path)).toBeVisible();
};

/** The page element on screen (kept-alive pages are hidden siblings inside app-main). */
const shownPage = (page: Page) => page.getByTestId('app-main').locator(PAGE_ROOTS).filter({ visible: true });

/** Marks the shown page's element so that a remount (a new element) can be told apart. */
const markShownPage = (page: Page) => shownPage(page).evaluate((el) => el.setAttribute('data-e2e-mark', 'kept'));
const shownPageIsMarked = async (page: Page) => (await shownPage(page).getAttribute('data-e2e-mark')) === 'kept';

test.describe('tag bar', () => {
  test.beforeEach(async ({ page }) => {
    // A 92 union: it has kept-alive pages and a page that is not kept alive (/uniInformationBase).
    await loginThroughForm(page, 'unit', Account.union92);
    await expect.poll(() => readTags(page)).toEqual(['/Home']);
  });

  test('visited pages become tags; 首页 is pinned without a close button', async ({ page }) => {
    await visit(page, '/mail');
    await visit(page, '/payment');
    await visit(page, '/uniInformationBase');
    await expect.poll(() => readTags(page)).toEqual(['/Home', '/mail', '/payment', '/uniInformationBase']);
    await expect(page.getByTestId('tags-view').getByTestId('tag')).toHaveText(['首页', '收件箱消息', '应缴金额', '基层工会信息']);
    await expect(tag(page, '/uniInformationBase')).toHaveAttribute('aria-current', 'page');
    await expect(tag(page, '/Home').getByTestId('tag-close')).toHaveCount(0);
    await expect(tag(page, '/mail').getByTestId('tag-close')).toHaveCount(1);

    // A second visit adds no second tag; clicking a tag opens its page.
    await visit(page, '/mail');
    await tag(page, '/payment').click();
    await expect(page).toHaveURL(/\/payment$/);
    await expectTitle(page, '应缴金额');
    await expect.poll(() => readTags(page)).toEqual(['/Home', '/mail', '/payment', '/uniInformationBase']);

    // Tags live in session storage: a reload keeps them.
    await page.reload();
    await expect(page.getByTestId('tags-view')).toBeVisible();
    await expect.poll(() => readTags(page)).toEqual(['/Home', '/mail', '/payment', '/uniInformationBase']);
  });

  test('the close button closes a tag; closing the shown one goes to the last tag', async ({ page }) => {
    await visit(page, '/mail');
    await visit(page, '/payment');
    await visit(page, '/to-list');
    await tag(page, '/mail').getByTestId('tag-close').click();
    await expect.poll(() => readTags(page)).toEqual(['/Home', '/payment', '/to-list']);
    await expect(page).toHaveURL(/\/to-list$/); // a tag in the background: the page stays

    await tag(page, '/to-list').getByTestId('tag-close').click();
    await expect.poll(() => readTags(page)).toEqual(['/Home', '/payment']);
    await expect(page).toHaveURL(/\/payment$/);
    await expectTitle(page, '应缴金额');
  });

  test('the context menu offers 刷新 / 关闭 / 关闭其他 / 关闭所有; on 首页 no 关闭', async ({ page }) => {
    await visit(page, '/mail');
    let menu = await openMenu(page, '/mail');
    await expect(menu.getByRole('menuitem')).toHaveText(['刷新', '关闭', '关闭其他', '关闭所有']);
    await page.getByTestId('app-main').click({ position: { x: 5, y: 5 } }); // a click elsewhere closes it
    await expect(menu).toBeHidden();

    menu = await openMenu(page, '/Home');
    await expect(menu.getByRole('menuitem')).toHaveText(['刷新', '关闭其他', '关闭所有']);
  });

  test('刷新 re-enters the page (a new page element, same address)', async ({ page }) => {
    await visit(page, '/payment'); // kept alive: 刷新 must drop its kept state too
    await visit(page, '/mail');
    await tag(page, '/payment').click();
    await expect(page).toHaveURL(/\/payment$/);
    await expect(shownPage(page).getByRole('heading', { name: '应缴金额' })).toBeVisible();
    await markShownPage(page);
    expect(await shownPageIsMarked(page)).toBe(true);

    await chooseFromMenu(page, '/payment', '刷新');
    await expect(page).toHaveURL(/\/payment$/);
    await expectTitle(page, '应缴金额');
    await expect(shownPage(page)).toHaveCount(1);
    await expect(shownPage(page).getByRole('heading', { name: '应缴金额' })).toBeVisible();
    expect(await shownPageIsMarked(page)).toBe(false);
    await expect.poll(() => readTags(page)).toEqual(['/Home', '/payment', '/mail']);
  });

  test('关闭 closes the tag; closing the shown page goes to the last tag', async ({ page }) => {
    await visit(page, '/mail');
    await visit(page, '/payment');
    await visit(page, '/to-list');

    await chooseFromMenu(page, '/payment', '关闭');
    await expect.poll(() => readTags(page)).toEqual(['/Home', '/mail', '/to-list']);
    await expect(page).toHaveURL(/\/to-list$/);

    await chooseFromMenu(page, '/to-list', '关闭');
    await expect.poll(() => readTags(page)).toEqual(['/Home', '/mail']);
    await expect(page).toHaveURL(/\/mail$/);
  });

  test('关闭其他 keeps the chosen tag and 首页, and shows the chosen page', async ({ page }) => {
    await visit(page, '/mail');
    await visit(page, '/payment');
    await visit(page, '/to-list');

    await chooseFromMenu(page, '/payment', '关闭其他');
    await expect.poll(() => readTags(page)).toEqual(['/Home', '/payment']);
    await expect(page).toHaveURL(/\/payment$/);
    await expectTitle(page, '应缴金额');

    // From 首页: only 首页 survives.
    await chooseFromMenu(page, '/Home', '关闭其他');
    await expect.poll(() => readTags(page)).toEqual(['/Home']);
    await expect(page).toHaveURL(/\/Home$/);
  });

  test('关闭所有 leaves only the pinned 首页 and shows it', async ({ page }) => {
    await visit(page, '/mail');
    await visit(page, '/payment');
    await visit(page, '/uniInformationBase');

    await chooseFromMenu(page, '/mail', '关闭所有');
    await expect.poll(() => readTags(page)).toEqual(['/Home']);
    await expect(page).toHaveURL(/\/Home$/);
    await expectTitle(page, '首页');
    await expect(page.getByTestId('home-page')).toBeVisible();

    // Again from 首页 itself: it survives.
    await chooseFromMenu(page, '/Home', '关闭所有');
    await expect.poll(() => readTags(page)).toEqual(['/Home']);
    await expect(page).toHaveURL(/\/Home$/);
  });

  test('keep-alive: a keepAlive page keeps its element across tag switches; others remount', async ({ page }) => {
    // /payment has meta.keepAlive; /uniInformationBase has not (routes.ts).
    // Mark each page only once it is the one on screen (the URL changes before a lazy page shows).
    await visit(page, '/payment');
    await expect(shownPage(page).getByRole('heading', { name: '应缴金额' })).toBeVisible();
    await markShownPage(page);
    await visit(page, '/uniInformationBase');
    await expect(shownPage(page).getByRole('heading', { name: '基层工会信息' })).toBeVisible();
    await markShownPage(page);

    await tag(page, '/payment').click();
    await expect(page).toHaveURL(/\/payment$/);
    await expect(shownPage(page).getByRole('heading', { name: '应缴金额' })).toBeVisible();
    expect(await shownPageIsMarked(page)).toBe(true);

    await tag(page, '/uniInformationBase').click();
    await expect(page).toHaveURL(/\/uniInformationBase$/);
    await expect(shownPage(page).getByRole('heading', { name: '基层工会信息' })).toBeVisible();
    expect(await shownPageIsMarked(page)).toBe(false);

    // Closing a kept page's tag drops its state: opened again, it is a new element.
    await tag(page, '/payment').getByTestId('tag-close').click();
    await visit(page, '/payment');
    expect(await shownPageIsMarked(page)).toBe(false);
  });

  test('keep-alive: text typed into a kept page survives a tag switch', async ({ page }) => {
    // /apply-examine has meta.keepAlive and a search box (企业名称).
    await visit(page, '/apply-examine');
    const search = page.getByTestId('apply-examine-page').getByPlaceholder('企业名称');
    await search.fill('星辰科技');
    await visit(page, '/mail');
    await expect(page.getByTestId('apply-examine-page')).toBeHidden();
    await tag(page, '/apply-examine').click();
    await expect(page).toHaveURL(/\/apply-examine$/);
    await expect(search).toBeVisible();
    await expect(search).toHaveValue('星辰科技');

    // 刷新 starts the page afresh: the box is empty again.
    await chooseFromMenu(page, '/apply-examine', '刷新');
    await expect(page).toHaveURL(/\/apply-examine$/);
    await expect(search).toBeVisible();
    await expect(search).toHaveValue('');
  });

  test('keep-alive: a hidden kept page keeps its own content', async ({ page }) => {
    await visit(page, '/payment');
    await visit(page, '/mail');
    // Both pages stay in the DOM, each with its own title; only /mail is on screen.
    const titles = page.getByTestId('app-main').locator('[data-testid="payment-page"], [data-testid="mail-page"]').locator('.panel__title');
    await expect
      .poll(async () => (await titles.evaluateAll((els) => els.map((el) => el.textContent))).sort())
      .toEqual(['应缴金额', '收件箱消息'].sort());
    await expect(page.getByTestId('payment-page')).toBeHidden();
    await expect(page.getByTestId('mail-page')).toBeVisible();
  });

  test('a long bar: the active tag is scrolled into view, and the wheel scrolls the bar sideways', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 700 });
    const paths = [
      '/mail',
      '/to-list',
      '/uniInformationBase',
      '/uniInformationEdit',
      '/basic-management',
      '/apply-query',
      '/payment',
      '/mutual-aid-staff-management',
      '/subsidy-application',
      '/apply-examine',
      '/mutual-aid-treatment-query',
      '/subsidy-record-query',
      '/participation',
    ];
    for (const path of paths) await visit(page, path);
    const bar = page.getByTestId('tags-view').locator('.tags-view__scroll');
    const scrollLeft = () => bar.evaluate((el) => el.scrollLeft);
    /** The tag lies wholly inside the bar's visible width. */
    const inView = (path: string) =>
      tag(page, path).evaluate((el) => {
        const box = el.parentElement!.getBoundingClientRect();
        const at = el.getBoundingClientRect();
        return at.left >= box.left - 1 && at.right <= box.right + 1;
      });
    expect(await bar.evaluate((el) => el.scrollWidth > el.clientWidth + 200), 'the bar overflows').toBe(true);
    await expect.poll(() => inView('/participation')).toBe(true);
    expect(await inView('/Home')).toBe(false);

    // Going to a tag that is off screen (through the menu) brings it into view.
    await visit(page, '/mail');
    await expect.poll(() => inView('/mail')).toBe(true);
    const start = await scrollLeft();

    // The vertical wheel over the bar scrolls it sideways, the page does not move.
    await bar.hover();
    await page.mouse.wheel(0, 240);
    await expect.poll(scrollLeft).toBeGreaterThan(start);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
