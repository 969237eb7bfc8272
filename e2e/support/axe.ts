import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Accessibility check of the page on screen with axe-core (WCAG 2.1 A/AA rules): no serious or
 * critical violation. Hidden kept-alive pages are skipped by axe itself (display: none).
 */
export async function expectAccessible(page: Page, label: string = new URL(page.url()).pathname) {
  // A dialog, drawer or dropdown still fading in or out is checked once it has come to rest
  // (colours read half-way through an opacity animation are not the page's).
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
