import { onTestFinished } from 'vitest';

/** Whether a media query's width conditions ((min-width: Npx), (max-width: Npx)) hold at `width`. */
function holds(query: string, width: number) {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  return conditions.length > 0 && conditions.every(([, side, px]) => (side === 'min' ? width >= Number(px) : width <= Number(px)));
}

/**
 * For the rest of the test, matchMedia answers as a screen `width` px wide (jsdom matches no query):
 * antd's breakpoints (Grid.useBreakpoint, the `responsive` columns of a table) see that screen.
 * Call it before rendering.
 */
export function onScreenWidth(width: number) {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      matches: holds(query, width),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  onTestFinished(() => {
    window.matchMedia = original;
  });
}
