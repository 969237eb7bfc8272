import { Button, Result } from 'antd';
import { Panel } from '../../components/Panel';
import { Link } from 'react-router';
import { useRouteHandle } from '../../lib/route-handle';

/**
 * 异地就医备案 / 关系转入申请 / 关系转出申请 (R12): handled by the medical-insurance system, not
 * by the mutual-aid hall. The page says so and leads back.
 */
export default function TransferServicePage() {
  const title = useRouteHandle()?.meta.title ?? '';
  return (
    <Panel testId="transfer-page">
      <Result
        status="info"
        title={title}
        subTitle={
          <>
            <p>{title}业务由医疗保障信息系统办理，不在职工医疗互助网上服务大厅受理。</p>
            <p>请通过当地医疗保障局网上服务平台、国家医保服务平台 App 或医保经办窗口办理。</p>
          </>
        }
        extra={
          <Link to="/Home">
            <Button type="primary">返回网上服务大厅</Button>
          </Link>
        }
      />
    </Panel>
  );
}
