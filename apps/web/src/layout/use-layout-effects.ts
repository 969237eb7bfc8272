import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { layoutRoutesFor } from '../app/access';
import { useRouteHandle } from '../lib/route-handle';
import { mobileQuery, useAppStore } from '../stores/app';
import { useTagsStore } from '../stores/tags';
import { useSignedInSession } from '../stores/use-signed-in';

/** Desktop or mobile by width (R15, R34): under 992px the sidebar becomes a closed drawer. */
export function useDeviceWatcher() {
  const setDevice = useAppStore((state) => state.setDevice);
  useEffect(() => {
    const query = mobileQuery();
    const apply = () => setDevice(query.matches ? 'mobile' : 'desktop');
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, [setDevice]);
}

/** Pinned tags first, then every page the user enters becomes a tag (R16, R22). */
export function useVisitedViews() {
  const session = useSignedInSession();
  const { pathname, search } = useLocation();
  const handle = useRouteHandle();
  const addView = useTagsStore((state) => state.addView);

  useEffect(() => {
    for (const route of layoutRoutesFor(session).filter((r) => r.meta.affix)) {
      addView({
        path: route.path,
        name: route.path.slice(1),
        fullPath: route.path,
        title: route.meta.title,
        affix: true,
        keepAlive: route.meta.keepAlive,
      });
    }
  }, [session, addView]);

  useEffect(() => {
    if (!handle || pathname.startsWith('/redirect/')) return;
    const { title, affix, keepAlive } = handle.meta;
    addView({ path: pathname, name: pathname.slice(1), fullPath: pathname + search, title, affix, keepAlive });
  }, [handle, pathname, search, addView]);
}

/** Closes the mobile drawer when the page changes. */
export function useCloseDrawerOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    const { device, closeSidebar } = useAppStore.getState();
    if (device === 'mobile') closeSidebar();
  }, [pathname]);
}
