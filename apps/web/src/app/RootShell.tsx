import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { documentTitle } from '../lib/config';
import { useRouteHandle } from '../lib/route-handle';
import { progress } from './progress';

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
