import { expect, type Locator, type Page } from '@playwright/test';

/** Checks for screenshots: fonts actually used, boxes that must not overlap, no sideways scroll. */

/**
 * The platform fonts Chromium used to draw the text of the first element matching `selector`
 * (DevTools CSS.getPlatformFontsForNode): proves that Chinese text is drawn with a CJK font
 * rather than as empty boxes.
 */
export async function platformFonts(page: Page, selector: string): Promise<Array<{ familyName: string; glyphCount: number }>> {
  const client = await page.context().newCDPSession(page);
  try {
    await client.send('DOM.enable');
    await client.send('CSS.enable');
    const { root } = await client.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await client.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    if (!nodeId) throw new Error(`no element for ${selector}`);
    // Chromium reports the fonts of an element's own text: ask the element and each descendant.
    const { nodeIds } = await client.send('DOM.querySelectorAll', { nodeId, selector: '*' });
    const used = new Map<string, number>();
    for (const id of [nodeId, ...nodeIds]) {
      const { fonts } = await client.send('CSS.getPlatformFontsForNode', { nodeId: id });
      for (const font of fonts) used.set(font.familyName, (used.get(font.familyName) ?? 0) + font.glyphCount);
    }
    return [...used].map(([familyName, glyphCount]) => ({ familyName, glyphCount }));
  } finally {
    await client.detach();
  }
}

/** Asserts that the element's Chinese characters were drawn with a CJK font. */
export async function expectChineseRendered(page: Page, selector: string) {
  const text = await page.locator(selector).first().innerText();
  const han = [...text].filter((ch) => /\p{Script=Han}/u.test(ch)).length;
  expect(han, `Chinese characters in ${selector}`).toBeGreaterThan(0);
  const fonts = await platformFonts(page, selector);
  const cjk = fonts.filter((font) =>
    /WenQuanYi|Micro Hei|CJK|Han Sans|Han Serif|Noto Sans SC|YaHei|PingFang|SimSun|Hei/i.test(font.familyName),
  );
  expect(cjk, `fonts of ${selector}: ${JSON.stringify(fonts)}`).not.toHaveLength(0);
  expect(cjk.reduce((sum, font) => sum + font.glyphCount, 0)).toBeGreaterThanOrEqual(han);
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${locator} has a box`).not.toBeNull();
  return box!;
}

/** Whether two boxes share any area (touching edges do not count). */
export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

export function expectNoOverlap(a: Box, b: Box, what: string) {
  expect(overlaps(a, b), `${what}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(false);
}

/** The page does not scroll sideways (nothing sticks out of the viewport). */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'document width vs viewport').toBeLessThanOrEqual(clientWidth);
}

/** Every box lies inside the viewport horizontally. */
export async function expectInsideViewport(page: Page, locator: Locator, what: string) {
  const box = await boxOf(locator);
  const width = page.viewportSize()!.width;
  expect(box.x, `${what} left edge`).toBeGreaterThanOrEqual(-0.5);
  expect(box.x + box.width, `${what} right edge`).toBeLessThanOrEqual(width + 0.5);
}

/** Waits until the screen is still: calls answered, fonts loaded, no running animation. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}
