import { createContext, useContext, useEffect } from 'react';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { documentTitle } from '../lib/config';
import { progress } from './progress';
import type { RouteHandle } from './routes';

/** The deepest matched route's meta (title, keep-alive, …). */
/**
 * The route a kept-alive page was rendered for (layout/AppMain.tsx): while hidden behind another
 * page it must still read its own meta, not that of the address on screen.
 */
export const PinnedRouteHandle = createContext<RouteHandle | undefined>(undefined);

export function useRouteHandle(): RouteHandle | undefined {
  const pinned = useContext(PinnedRouteHandle);
  const matches = useMatches();
  if (pinned) return pinned;
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.meta) return handle;
  }
  return undefined;
}

/** Root of every page: the document title (R6) and the top progress bar while a page loads. */
export function RootShell() {
  const handle = useRouteHandle();
  const navigation = useNavigation();
  const loading = navigation.state !== 'idle';

  useEffect(() => {
    document.title = documentTitle(handle?.meta.title);
  }, [handle]);

  useEffect(() => {
    if (loading) progress.start();
    else progress.done();
  }, [loading]);

  return <Outlet />;
}
