import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

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
  for (const name of document.cookie.split(';').map((c) => c.split('=')[0].trim()).filter(Boolean)) {
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
