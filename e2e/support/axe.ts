import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** antd's marks of content still arriving: a spinning Spin (tables, panels), a loading button, a skeleton. */
const LOADING = '.ant-spin-spinning, .ant-btn-loading, .ant-skeleton-active';

/**
 * Accessibility check of the page on screen with axe-core (WCAG 2.1 A/AA rules): no serious or
 * critical violation (minor and moderate ones are left to review). Hidden kept-alive pages are
 * skipped by axe itself (display: none). The page is checked at rest: its data in (nothing on
 * screen still loading: a table half-dimmed by its spinner, or a button still greyed out until
 * its data came, would be judged on colours it shows for an instant) and its animations over.
 * tables.spec.ts checks that a serious violation does fail it.
 */
export async function expectAccessible(page: Page, label: string = new URL(page.url()).pathname) {
  await expect(page.locator(LOADING).filter({ visible: true }), `${label}: still loading`).toHaveCount(0);
  // A dialog, drawer or dropdown still fading in or out, or a colour still in transition (a
  // button enabled once its data came), is checked once it has come to rest.
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.nodes.length}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  expect(blocking, `axe on ${label}`).toEqual([]);
}
