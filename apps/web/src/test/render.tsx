import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
// RouterProvider from 'react-router' itself: under Node, 'react-router/dom' resolves to a CommonJS
// build with its own router context, which the hooks (ESM) would not see.
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AntdProviders } from '../app/AntdShell';
import { Providers } from '../app/providers';
import type { RouteHandle } from '../app/routes';
import type { Session } from '../lib/storage';
import { useSessionStore } from '../stores/session';

export const unitSession: Session = {
  loginType: 'unit',
  unit: { uact: 'lhgh92001', psnName: '长沙市示范联合基层工会', uactLevel: 1, uniType: '92' },
};
export const personalSession: Session = { loginType: 'personal', person: { certNo: '430102198503150022', name: '李华' } };

interface Options {
  /** The address to start at. */
  path?: string;
  /** Other routes the UI may navigate to, by path, with their meta. */
  routes?: Array<{ path: string; handle?: RouteHandle; element?: ReactNode }>;
  handle?: RouteHandle;
  session?: Session | null;
}

/**
 * Renders a piece of the shell the way the app does: query cache, antd context, a data router
 * (so useMatches works) and a session in the store.
 */
export function renderInShell(ui: ReactNode, { path = '/', routes = [], handle, session = unitSession }: Options = {}) {
  useSessionStore.setState({ session });
  const children: RouteObject[] = [
    { path: path.split('?')[0], handle, element: ui },
    ...routes.map((r) => ({ path: r.path, handle: r.handle, element: r.element ?? ui })),
    { path: '*', element: <div data-testid="elsewhere" /> },
  ];
  const router = createMemoryRouter([{ path: '/', children }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <Providers client={client}>
      <AntdProviders>
        <RouterProvider router={router} />
      </AntdProviders>
    </Providers>,
  );
  return { ...view, router, client };
}
