import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { useFreshOperator } from '../features/auth/api/me';
import LoginPage from '../features/auth/LoginPage';
import PasswordChangePage from '../features/auth/PasswordChangePage';
import { ConsoleLayout } from '../layout/ConsoleLayout';
import { CONSOLE_BASE } from '../lib/config';
import { useOperator } from '../lib/session';
import NoPermission from '../pages/NoPermission';
import NotFound from '../pages/NotFound';
import { admits, type ConsoleRoute, consoleRoutes } from './routes';

/** Signed out: the login; first password: only its change; else the layout around the page. */
function SignedIn() {
  const operator = useOperator();
  useFreshOperator(operator);
  if (!operator) return <Navigate to="/login" replace />;
  if (operator.mustChangePassword) return <PasswordChangePage operator={operator} />;
  return <ConsoleLayout operator={operator} />;
}

/** A page, or 无权访问 when the operator's roles do not admit its calls. */
function Guarded({ route }: { route: ConsoleRoute }) {
  const operator = useOperator();
  if (!operator || !admits(route, operator.roles)) return <NoPermission />;
  const Page = route.page;
  return <Page />;
}

export const consoleRouteObjects: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: <SignedIn />,
    children: [
      ...consoleRoutes.map(
        (route): RouteObject =>
          route.path === ''
            ? { index: true, element: <Guarded route={route} /> }
            : { path: route.path, element: <Guarded route={route} /> },
      ),
      { path: '*', element: <NotFound /> },
    ],
  },
];

const router = createBrowserRouter(consoleRouteObjects, { basename: CONSOLE_BASE });

export function AppRouter() {
  return <RouterProvider router={router} />;
}
