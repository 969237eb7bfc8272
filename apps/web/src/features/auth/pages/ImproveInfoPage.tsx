import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { PublicFrame } from '../../public/PublicFrame';

/**
 * /improveInfo: a unit whose information is incomplete (login answer 600067) lands here. The
 * completion form itself comes with the registration issue; until then this page says what
 * is missing and how to go on.
 */
export default function ImproveInfoPage() {
  const [search] = useSearchParams();
  const uact = search.get('uact');
  return (
    <PublicFrame title="完善信息">
      <Result
        status="info"
        title="完善信息"
        subTitle={
          <>
            <p>
              {uact ? `单位账号 ${uact} ` : '您的单位'}
              的基本信息尚不完整（如统一社会信用代码、法定代表人、联系电话等），需完善后才能登录网上服务大厅办理业务。
            </p>
            <p>在线完善信息功能即将开放，如需尽快办理，请携带单位相关证明材料到所属工会经办窗口完善信息。</p>
          </>
        }
        extra={
          <Link to="/gatePage">
            <Button type="primary">返回登录</Button>
          </Link>
        }
      />
    </PublicFrame>
  );
}
