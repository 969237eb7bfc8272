import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { consoleRouteObjects } from '../app/AppRouter';
import { ConsoleProviders, newQueryClient } from '../app/providers';
import { type Operator, signIn } from '../lib/session';

/** The console at a path (under /console), signed in as `operator` when given. */
export function renderConsole(path: string, operator?: Operator) {
  if (operator) signIn({ accessToken: 'access-1', refreshToken: 'refresh-1' }, operator);
  const router = createMemoryRouter(consoleRouteObjects, { initialEntries: [path] });
  render(
    <ConsoleProviders client={newQueryClient()}>
      <RouterProvider router={router} />
    </ConsoleProviders>,
  );
  return router;
}

/** An answer of the request client. */
export const ok = <T,>(data: T, message = '') => ({ code: 0, type: 'success', message, data });

/** The workbench's answer (opsDashboard) of a reviewer: one registration waits. */
export const waiting = {
  today: '2026-11-27',
  queues: [
    { key: 'registrations', label: '单位注册审核', role: 'reviewer', count: 1, oldestAt: '2026-11-24T02:00:00.000Z', oldestDays: 3 },
    { key: 'claims', label: '补助审核', role: 'reviewer', count: 0, oldestAt: null, oldestDays: null },
  ],
  figures: { registrations: 1, applications: 0, payments: 0, claims: 0, payouts: 0 },
};
