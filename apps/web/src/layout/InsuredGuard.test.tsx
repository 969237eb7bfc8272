import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { NOT_INSURED_MESSAGES } from '@hall/shared/contracts/define.ts';
import { AntdProviders } from '../app/AntdShell';
import { Providers } from '../app/providers';
import { layoutRoutes } from '../app/routes';
import type { Session } from '../lib/storage';
import { useSessionStore } from '../stores/session';
import { useTagsStore } from '../stores/tags';
import { personalSession, unitSession } from '../test/render';
import { AppMain } from './AppMain';

const insurance = vi.hoisted(() => ({ insured: undefined as boolean | undefined }));
vi.mock('../lib/user-info', () => ({ useInsured: () => insurance.insured }));

const route = (path: string) => {
  const found = layoutRoutes.find((r) => r.path === path);
  if (!found) throw new Error(path);
  return found;
};

/** The layout's page area on one route of the real table, with a page that says it rendered. */
function renderRoute(path: string, session: Session) {
  useSessionStore.setState({ session });
  const { meta } = route(path);
  const router = createMemoryRouter(
    [{ path: '/', element: <AppMain />, children: [{ path, handle: { meta }, element: <p data-testid="the-page">{meta.title}</p> }] }],
    {
      initialEntries: [path],
    },
  );
  render(
    <Providers client={new QueryClient()}>
      <AntdProviders>
        <RouterProvider router={router} />
      </AntdProviders>
    </Providers>,
  );
}

beforeEach(() => useTagsStore.setState({ visitedViews: [], cachedViews: [] }));

describe('needInsured in the layout (R49)', () => {
  it.each([
    ['/payment', unitSession, NOT_INSURED_MESSAGES.unit],
    ['/Home', unitSession, NOT_INSURED_MESSAGES.unit],
    ['/subsidy-application-personal', personalSession, NOT_INSURED_MESSAGES.personal],
  ] as const)('%s for a user without insurance: the reason under the title, not the page', (path, session, reason) => {
    expect(route(path).meta.needInsured).toBe(true);
    insurance.insured = false;
    renderRoute(path, session);
    expect(screen.getByRole('status').textContent).toContain(reason);
    expect(screen.getByRole('heading', { name: route(path).meta.title })).toBeTruthy();
    expect(screen.queryByTestId('the-page')).toBeNull();
  });

  it.each([true, undefined])('a needInsured route with insured = %s shows the page', (insured) => {
    insurance.insured = insured;
    renderRoute('/payment', unitSession);
    expect(screen.getByTestId('the-page').textContent).toBe('应缴金额');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('the reason says who loads the registry, and links to what stays open', () => {
    insurance.insured = false;
    renderRoute('/payment', unitSession);
    expect(screen.getByRole('status').textContent).toContain('由长沙市总工会在收到医保局报送的数据后导入本大厅');
    const open = screen.getByRole('navigation', { name: '无需参保即可办理' });
    expect([...open.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['收件箱消息', '/mail'],
      ['待办事项', '/to-list'],
      ['基层工会信息', '/uniInformationBase'],
    ]);
  });

  // Issue 17 (docs/decisions.md, "Uninsured users read their own"): an uninsured unit or person reads its mail and to-do.
  it.each([
    ['/mail', unitSession],
    ['/to-list', unitSession],
    ['/mail', personalSession],
    ['/to-list', personalSession],
    ['/personalInformationBase', personalSession],
  ] as const)('%s is open to a user without insurance', (path, session) => {
    expect(route(path).meta.needInsured).toBeFalsy();
    insurance.insured = false;
    renderRoute(path, session);
    expect(screen.getByTestId('the-page').textContent).toBe(route(path).meta.title);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a route without needInsured shows the page even to a user without insurance', () => {
    expect(route('/uniInformationBase').meta.needInsured).toBeFalsy();
    insurance.insured = false;
    renderRoute('/uniInformationBase', unitSession);
    expect(screen.getByTestId('the-page')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
