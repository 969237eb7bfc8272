import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { Session } from '../lib/storage';
import { useSessionStore } from '../stores/session';
import { buildRoutes } from './build-routes';

type Router = ReturnType<typeof createBrowserRouter>;

let current: { session: Session | null; router: Router } | null = null;

/**
 * One browser router per session (R5): the route set is chosen from the stored user, so a
 * login in this tab builds a new router. Kept outside React so StrictMode's double renders
 * reuse it instead of leaking a second history listener.
 */
function routerFor(session: Session | null): Router {
  if (current?.session !== session) {
    const previous = current?.router;
    current = { session, router: createBrowserRouter(buildRoutes(session)) };
    if (previous) queueMicrotask(() => previous.dispose());
  }
  return current.router;
}

export function AppRouter() {
  const session = useSessionStore((state) => state.session);
  return <RouterProvider router={routerFor(session)} />;
}
