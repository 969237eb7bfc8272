import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { Providers } from './providers';
import { createElement } from 'react';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useSessionStore } from '../stores/session';
import type { Session } from '../lib/storage';
import { buildRoutes } from './build-routes';

const unitLevel2: Session = { loginType: 'unit', unit: { uact: 'qydw92101', psnName: '示范企业', uactLevel: 2, uniType: '92' } };
const union92: Session = { loginType: 'unit', unit: { uact: 'lhgh92001', psnName: '长沙市示范联合基层工会', uactLevel: 1, uniType: '92' } };
const personal: Session = { loginType: 'personal', person: { certNo: '430102198503150022', name: '李华' } };

/** Where a visit to `path` ends up once loaders and redirects have run. */
async function land(session: Session | null, path: string): Promise<string> {
  const router = createMemoryRouter(buildRoutes(session), { initialEntries: [path] });
  await new Promise<void>((resolve) => {
    const settled = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (settled()) return resolve();
    const stop = router.subscribe(() => {
      if (!settled()) return;
      stop();
      resolve();
    });
  });
  const { pathname, search } = router.state.location;
  router.dispose();
  return pathname + search;
}

describe('route guard', () => {
  it.each([
    ['/', '/gatePage'],
    ['/Home', '/gatePage'],
    ['/mail', '/gatePage'],
    ['/apply-examine', '/gatePage'],
    ['/transfer/different-place-register', '/gatePage'],
    ['/no-such-page', '/404'], // R4: not a page of anyone
    ['/gatePage', '/gatePage'],
    ['/register', '/register'],
    ['/404', '/404'],
    ['/Transfer/404', '/Transfer/404'],
    ['/login?redirect=/mail', '/gatePage?redirect=%2Fmail'],
    ['/login?redirect=//evil.example', '/gatePage'],
  ])('R3 not logged in: %s → %s', async (path, expected) => {
    expect(await land(null, path)).toBe(expected);
  });

  it.each([
    [unitLevel2, '/', '/Home'],
    [personal, '/', '/Home'],
    [unitLevel2, '/gatePage', '/Home'],
    [unitLevel2, '/gatePage?showFlag=true', '/gatePage?showFlag=true'],
    [unitLevel2, '/login?redirect=/payment', '/payment'],
    [unitLevel2, '/mail', '/mail'],
  ] as const)('R7 logged in as %o: %s → %s', async (session, path, expected) => {
    expect(await land(session, path)).toBe(expected);
  });

  it.each([
    [unitLevel2, '/no-such-page'],
    [unitLevel2, '/apply-examine'],
    [unitLevel2, '/uniInformationBase'],
    [union92, '/subuni-management'],
    [personal, '/payment'],
    [union92, '/personal-password'],
  ] as const)('R4 logged in as %o: unknown or not allowed %s → /404', async (session, path) => {
    expect(await land(session, path)).toBe('/404');
  });

  it.each([
    [null, '/redirect/register', '/register'],
    [null, '/redirect/mail', '/gatePage'],
    [unitLevel2, '/redirect/payment?year=2026', '/payment?year=2026'],
  ] as const)('R1 %o: %s re-enters %s', async (session, path, expected) => {
    useSessionStore.setState({ session });
    // The layout asks the server for the unread count; there is none here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(buildRoutes(session), { initialEntries: [path] });
    // biome-ignore lint/correctness/noChildrenProp: createElement with a required children prop (no JSX in this .ts test)
    render(createElement(Providers, { client: new QueryClient(), children: createElement(RouterProvider, { router }) }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(expected));
    router.dispose();
    quiet.mockRestore();
  });

  it('routes of the role exist', async () => {
    expect(await land(union92, '/apply-examine')).toBe('/apply-examine');
    expect(await land(personal, '/personal-password')).toBe('/personal-password');
    expect(await land(personal, '/transfer/different-place-register')).toBe('/transfer/different-place-register');
  });
});
