import { Empty } from 'antd';
import { Panel } from '../../components/Panel';
import { useRouteHandle } from '../../app/RootShell';
import { InsuredEmpty } from '../../components/InsuredEmpty';
import { useSignedInSession } from '../../stores/use-signed-in';
import { useInsured } from '../auth/api/user-info';

/**
 * One component for every business page whose issue has not landed yet (mail, to-do, applications,
 * payments, queries, …), driven by the route meta: the title, and for needInsured pages the
 * reason when the user is not insured. Never fake data.
 */
export default function PlaceholderPage() {
  const meta = useRouteHandle()?.meta;
  const session = useSignedInSession();
  const insured = useInsured();
  const blocked = meta?.needInsured && insured === false;
  return (
    <Panel title={meta?.title} className="page-wide placeholder-page" testId="placeholder-page">
      {blocked ? (
        <InsuredEmpty loginType={session.loginType} />
      ) : (
        <Empty description={`“${meta?.title ?? ''}”功能正在建设中，敬请期待`} />
      )}
    </Panel>
  );
}
