import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useRouteHandle } from '../../app/RootShell';
import { PublicFrame } from './PublicFrame';

/**
 * Public pages of the issue "Public area" (registration, notices, password recovery, …)
 * until that issue lands: the page's title and where to turn meanwhile. No invented content.
 */
export default function PublicPlaceholderPage() {
  const title = useRouteHandle()?.meta.title ?? '';
  return (
    <PublicFrame title={title}>
      <Result
        status="info"
        title={`${title}功能即将开放`}
        subTitle="该功能正在建设中，如需办理请联系所属工会经办窗口。"
        extra={
          <Link to="/gatePage">
            <Button type="primary">返回登录</Button>
          </Link>
        }
        data-testid="public-placeholder"
      />
    </PublicFrame>
  );
}
