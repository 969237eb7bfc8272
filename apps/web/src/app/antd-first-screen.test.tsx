import { afterAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';

// A phone (under 992px) from the start, as the store reads it when it is created.
vi.hoisted(() => {
  const phone = (query: string) => ({
    matches: query === '(max-width: 991px)',
    media: query,
    addEventListener() {},
    removeEventListener() {},
  });
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: phone });
});
// The first paint: every call still on its way.
vi.mock('../lib/request', () => ({ request: { call: () => new Promise(() => {}) } }));

const { AntdProviders } = await import('./AntdShell');
const { Providers } = await import('./providers');
const { layoutRoutes } = await import('./routes');
const { firstScreenCss } = await import('./antd-first-screen');
const { default: MainLayout } = await import('../layout/MainLayout');
const { default: HomePage } = await import('../features/home/HomePage');
const { useSessionStore } = await import('../stores/session');
const { unitSession } = await import('../test/render');

/** The style paths of antd's engine the file's map lists (`path:hash;…` in `.data-ant-cssinjs-cache-path`). */
function pathsInFile(css: string): string[] {
  const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css);
  if (!map) throw new Error('no cache-path map in the first-screen stylesheet');
  return map[1].split(';').map((entry) => entry.split(':')[0]);
}

describe("antd's first-screen stylesheet (scripts/antd-static-styles.mjs)", () => {
  afterAll(() => useSessionStore.setState({ session: null }));

  it("holds every style antd's engine registers in a phone's first paint of /Home", async () => {
    useSessionStore.setState({ session: unitSession });
    const home = layoutRoutes.find((route) => route.path === '/Home')!;
    const router = createMemoryRouter(
      [{ element: <MainLayout />, children: [{ path: '/Home', handle: { meta: home.meta }, element: <HomePage /> }] }],
      {
        initialEntries: ['/Home'],
      },
    );
    const cache = createCache();
    render(
      <StyleProvider cache={cache}>
        <Providers client={new QueryClient()}>
          <AntdProviders>
            <RouterProvider router={router} />
          </AntdProviders>
        </Providers>
      </StyleProvider>,
    );
    await screen.findByTestId('home-page');
    const registered = [...cache.cache.keys()]
      .filter((key) => key.startsWith('style%'))
      .map((key) => key.slice('style%'.length).replace(/%/g, '|'));
    expect(registered.length).toBeGreaterThan(0);
    const inFile = new Set(pathsInFile(firstScreenCss()));
    // A path missing here: add its component to antd-first-screen.tsx (or keep it off the first screen).
    expect(registered.filter((path) => !inFile.has(path))).toEqual([]);
  });
});
