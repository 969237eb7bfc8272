import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { Session } from '../lib/storage';
import { layoutRoutesFor, transferRoutesFor } from './access';
import { layoutRoutes, publicRoutes, transferRoutes, type PageRoute, type RouteHandle, type TransferRoute } from './routes';
import { RootShell } from './RootShell';
import { BootScreen } from './BootScreen';
import { RouteErrorPage } from './RouteErrorPage';
import { safeInternalPath } from '../lib/safe-path';
import { loadAntdStyles } from '../lib/antd-styles';

/** Pages load on demand (R6): the route's module is fetched when the route is first entered. */
function pageObject(route: PageRoute | TransferRoute): RouteObject {
  const handle: RouteHandle = {
    meta: route.meta,
    group: route.group,
    transferGroup: 'transferGroup' in route ? route.transferGroup : undefined,
  };
  return {
    path: route.path,
    handle,
    lazy: async () => ({ Component: (await route.page()).default }),
  };
}

const searchOf = (request: Request) => new URL(request.url).searchParams;

/** Paths that exist for some signed-in user (any role's menus, the transfer pages). */
const signedInPaths = new Set([...layoutRoutes, ...transferRoutes].map((route) => route.path.toLowerCase()));
const isSignedInPage = (request: Request) => signedInPaths.has(new URL(request.url).pathname.replace(/\/+$/, '').toLowerCase() || '/');

/** Element of the redirect-only routes (their loader always redirects before it renders). */
const Redirecting = () => null;

/**
 * The route set of one session (R5): public pages always; the portal layout and the transfer
 * layout only with a session, holding only what access.ts allows. Built at start-up and again
 * when a login starts a session in this tab.
 */
export function buildRoutes(session: Session | null): RouteObject[] {
  const gate = publicRoutes.find((route) => route.path === '/gatePage')!;
  // Everything but the gateway renders inside AntdShell (antd's ConfigProvider and App), loaded
  // on demand so the gateway's first load stays antd-free (bundle budget).
  const antdScreens: RouteObject[] = publicRoutes.filter((route) => route !== gate).map(pageObject);
  if (!session) {
    // R1 for visitors: /redirect/{path} re-enters a public page (with a session it lives in the layout).
    antdScreens.push({ path: '/redirect/*', lazy: async () => ({ Component: (await import('./RedirectPage')).default }) });
  }
  if (session) {
    antdScreens.push(
      {
        id: 'layout',
        lazy: async () => ({ Component: (await import('../layout/MainLayout')).default }),
        children: layoutRoutesFor(session).map(pageObject),
      },
      {
        id: 'transfer',
        lazy: async () => ({ Component: (await import('../layout/TransferLayout')).default }),
        children: transferRoutesFor(session).map(pageObject),
      },
    );
  }
  const children: RouteObject[] = [
    {
      ...pageObject(gate),
      // Logged in, the gateway forwards to /Home unless asked to show itself (?showFlag=true).
      loader: ({ request }: LoaderFunctionArgs) => (session && searchOf(request).get('showFlag') !== 'true' ? redirect('/Home') : null),
    },
    {
      id: 'antd',
      // antd's first-screen styles arrive beside the shell's code, so its first render need not compute them.
      lazy: async () => ({ Component: (await Promise.all([import('./AntdShell'), loadAntdStyles()]))[0].default }),
      children: antdScreens,
    },
    {
      // R11: the old logout path /login?redirect= still leads to a login, or on when logged in.
      path: '/login',
      Component: Redirecting,
      loader: ({ request }: LoaderFunctionArgs) => {
        const target = safeInternalPath(searchOf(request).get('redirect'));
        if (session) return redirect(target ?? '/Home');
        return redirect(target ? `/gatePage?redirect=${encodeURIComponent(target)}` : '/gatePage');
      },
    },
    // R3 and R7: the root goes to /Home with a session, to the gateway without.
    { path: '/', Component: Redirecting, loader: () => redirect(session ? '/Home' : '/gatePage') },
    // R3 / R4: a page of some signed-in user needs a login (gateway); anything else does not exist.
    { path: '*', Component: Redirecting, loader: ({ request }) => redirect(!session && isSignedInPage(request) ? '/gatePage' : '/404') },
  ];
  return [{ id: 'root', Component: RootShell, HydrateFallback: BootScreen, ErrorBoundary: RouteErrorPage, children }];
}
