/**
 * The stylesheet of antd's first-screen styles made by the build (scripts/antd-static-styles.mjs),
 * put in the page before the first antd screen renders. It goes where antd's engine puts its own
 * styles (first in <head>, marked as the first of its queue) so the cascade is the one the engine
 * would have made: antd's rules before the portal's. Without it (dev server, tests, a failed
 * fetch) the engine computes every style itself.
 */
const href = import.meta.env.HALL_ANTD_STYLES;

let loading: Promise<void> | undefined;

function insert(css: string) {
  const style = document.createElement('style');
  // The marks of @rc-component/util's style queue: the engine's later styles go after this one.
  style.setAttribute('data-rc-order', 'prependQueue');
  style.setAttribute('data-rc-priority', '-1000');
  style.textContent = css;
  document.head.insertBefore(style, document.head.firstChild);
}

/** Resolves once the styles are in the page (or cannot be: the engine then makes them). */
export function loadAntdStyles(): Promise<void> {
  if (!href) return Promise.resolve();
  loading ??= fetch(href)
    .then((res) => (res.ok ? res.text() : ''))
    .then((css) => {
      if (css) insert(css);
    })
    .catch(() => undefined);
  return loading;
}
