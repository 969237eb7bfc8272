import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useSessionStore } from '../../stores/session';

/** /404 (R4): an unknown path. */
export default function NotFoundPage() {
  const signedIn = useSessionStore((state) => state.session !== null);
  return (
    <div className="error-page">
      <Result
        status="404"
        title="页面不存在"
        subTitle="抱歉，您访问的页面不存在或已被移除，请检查地址是否正确。"
        extra={
          <Link to={signedIn ? '/Home' : '/gatePage'}>
            <Button type="primary">{signedIn ? '返回首页' : '返回登录'}</Button>
          </Link>
        }
      />
    </div>
  );
}
