import { Empty } from 'antd';
import { Panel } from '../../components/Panel';
import { useRouteHandle } from '../../lib/route-handle';

/**
 * One component for every business page whose issue has not landed yet (mail, to-do, applications,
 * payments, queries, …), driven by the route meta: the title. Never fake data. (For needInsured
 * routes the layout shows the reason instead when the user is not insured: layout/InsuredGuard.tsx.)
 */
export default function PlaceholderPage() {
  const meta = useRouteHandle()?.meta;
  return (
    <Panel title={meta?.title} className="page-wide placeholder-page" testId="placeholder-page">
      <Empty description={`“${meta?.title ?? ''}”功能正在建设中，敬请期待`} />
    </Panel>
  );
}
