import type { ReactNode } from 'react';
import { InsuredEmpty } from '../components/InsuredEmpty';
import { Panel } from '../components/Panel';
import type { RouteHandle } from '../lib/route-handle';
import { useInsured } from '../lib/user-info';
import { useSignedInSession } from '../stores/use-signed-in';

/**
 * needInsured in one place (R49): a page whose route meta says `needInsured` shows, for a unit
 * or person without an active medical-insurance registration, the reason under the page's title
 * instead of the page. While the answer is unknown the page shows. Pages never check it
 * themselves; the server refuses their needInsured calls anyway (app/calls.test.ts).
 */
export function InsuredGuard({ handle, children }: { handle: RouteHandle; children: ReactNode }) {
  const session = useSignedInSession();
  const insured = useInsured();
  if (insured !== false) return <>{children}</>;
  return (
    <Panel title={handle.meta.title} className="page-wide" testId="not-insured-page">
      <InsuredEmpty loginType={session.loginType} />
    </Panel>
  );
}
