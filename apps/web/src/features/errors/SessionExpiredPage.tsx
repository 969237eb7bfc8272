import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** /Transfer/404 (R4): where a personal user lands after a session failure. */
export default function SessionExpiredPage() {
  return (
    <div className="error-page">
      <Result
        status="warning"
        title="登录已失效"
        subTitle="您的登录已失效或已在其他地方登录，请重新登录后继续办理。"
        extra={
          <Link to="/gatePage?tab=personal">
            <Button type="primary" data-testid="relogin">
              重新登录
            </Button>
          </Link>
        }
      />
    </div>
  );
}
