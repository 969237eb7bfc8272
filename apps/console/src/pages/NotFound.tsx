import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** 404 of the console: an unknown /console/... path (the portal's 404 is the portal's). */
export default function NotFound() {
  const navigate = useNavigate();
  return (
    <div data-testid="console-404">
      <Result
        status="404"
        title="页面不存在"
        subTitle="您访问的后台页面不存在，请从左侧菜单进入。"
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            返回工作台
          </Button>
        }
      />
    </div>
  );
}
