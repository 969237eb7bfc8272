import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// The page-load bar (app/progress.ts) removes itself on timers of its own that outlive a test file's
// document ("document is not defined" after the environment is gone, an unhandled error that fails
// the run). The bar is looked at in the browser tests; here it is a no-op.
vi.mock('nprogress', () => ({ default: { configure: () => undefined, start: () => undefined, done: () => undefined } }));

// The one Testing Library timeout of the web tests: how long findBy…/waitFor wait for the DOM
// (antd forms validate asynchronously). Not a pause: they return as soon as the condition holds.
// Tests do not set their own; what runs on a timer is moved with vi's fake timers instead.
configure({ asyncUtilTimeout: 10000 });

// jsdom lacks these; antd (responsive observers, Grid, Tabs) asks for them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// antd measures scrollbars through getComputedStyle with pseudo elements, which jsdom does not do.
const computed = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computed(element);

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  for (const name of document.cookie
    .split(';')
    .map((c) => c.split('=')[0].trim())
    .filter(Boolean)) {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; this clears the test's cookies
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
