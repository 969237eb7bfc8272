import { Activity, useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { PinnedRouteHandle, useRouteHandle } from '../lib/route-handle';
import type { RouteHandle } from '../lib/route-handle';
import { useTagsStore } from '../stores/tags';
import { InsuredGuard } from './InsuredGuard';

/** A page, or the reason it is unavailable when its route needs insurance (InsuredGuard). */
const guarded = (element: ReactNode, handle: RouteHandle | undefined) =>
  handle?.meta.needInsured ? <InsuredGuard handle={handle}>{element}</InsuredGuard> : element;

/**
 * The page area with keep-alive (R22 keepAlive): each open keep-alive tag owns one <Activity>
 * boundary, hidden (state kept, effects paused) while another page shows, and dropped when
 * its tag closes or is refreshed. Other pages mount and unmount as usual. needInsured routes go
 * through InsuredGuard here, so no page repeats that check.
 */
export function AppMain() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const keepAlive = Boolean(handle?.meta.keepAlive);
  const cachedViews = useTagsStore((state) => state.cachedViews);
  const kept = useRef(new Map<string, { element: ReactNode; handle: RouteHandle | undefined }>());

  // The element a keep-alive page was last rendered with, and its route; only its own route replaces it.
  if (keepAlive) kept.current.set(pathname, { element: outlet, handle });
  for (const path of kept.current.keys()) {
    if (path !== pathname && !cachedViews.includes(path)) kept.current.delete(path);
  }

  return (
    <main className="app-main" data-testid="app-main">
      {[...kept.current].map(([path, page]) => (
        <Activity key={path} mode={keepAlive && path === pathname ? 'visible' : 'hidden'}>
          <PinnedRouteHandle.Provider value={page.handle}>{guarded(page.element, page.handle)}</PinnedRouteHandle.Provider>
        </Activity>
      ))}
      {keepAlive ? null : <div key={pathname}>{guarded(outlet, handle)}</div>}
    </main>
  );
}
