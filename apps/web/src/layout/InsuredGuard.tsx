import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { InsuredEmpty } from '../components/InsuredEmpty';
import { Panel } from '../components/Panel';
import type { RouteHandle } from '../lib/route-handle';
import type { Session } from '../lib/storage';
import { useInsured } from '../lib/user-info';
import { useSignedInSession } from '../stores/use-signed-in';

/** What an uninsured user can still read (docs/decisions.md, "Uninsured users read their own"): mail, to-do, their own information. */
function openPages(session: Session): Array<{ path: string; title: string }> {
  const own =
    session.loginType === 'personal'
      ? [{ path: '/personalInformationBase', title: '个人基本信息' }]
      : session.unit.uactLevel === 1
        ? [{ path: '/uniInformationBase', title: '基层工会信息' }]
        : [];
  return [{ path: '/mail', title: '收件箱消息' }, { path: '/to-list', title: '待办事项' }, ...own];
}

/**
 * needInsured in one place (R49): a page whose route meta says `needInsured` shows, for a unit
 * or person without an active medical-insurance registration, the reason under the page's title
 * instead of the page, with links to what stays open. While the answer is unknown the page shows.
 * Pages never check it themselves; the server refuses their needInsured calls anyway
 * (app/calls.test.ts).
 */
export function InsuredGuard({ handle, children }: { handle: RouteHandle; children: ReactNode }) {
  const session = useSignedInSession();
  const insured = useInsured();
  if (insured !== false) return <>{children}</>;
  return (
    <Panel title={handle.meta.title} className="page-wide" testId="not-insured-page">
      <InsuredEmpty
        loginType={session.loginType}
        extra={
          <nav aria-label="无需参保即可办理">
            无需参保即可查看：
            {openPages(session).map((p, i) => (
              <span key={p.path}>
                {i ? '、' : ''}
                <Link to={p.path}>{p.title}</Link>
              </span>
            ))}
          </nav>
        }
      />
    </Panel>
  );
}
