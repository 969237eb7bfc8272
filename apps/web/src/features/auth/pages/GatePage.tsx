import { Card, Empty, Tabs } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Emblem } from '../../../components/Emblem';
import { appConfig, productTitle } from '../../../lib/config';
import { safeInternalPath } from '../../../lib/safe-path';
import type { LoginType } from '../../../lib/storage';
import { LoginForm } from '../components/LoginForm';
import './gate.css';

/**
 * The login gateway (/gatePage): unit and personal login, and the public area around them.
 * It is the default page without a session (R3); with one it shows only on ?showFlag=true.
 */
export default function GatePage() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const tab: LoginType = search.get('tab') === 'personal' ? 'personal' : 'unit';
  const landing = safeInternalPath(search.get('redirect')) ?? '/Home';

  const selectTab = (key: string) => {
    const next = new URLSearchParams(search);
    if (key === 'personal') next.set('tab', 'personal');
    else next.delete('tab');
    setSearch(next, { replace: true });
  };
  const onIncomplete = (uact: string) => navigate(`/improveInfo?uact=${encodeURIComponent(uact)}`);

  return (
    <div className="gate">
      <header className="gate-banner">
        <div className="gate-banner__inner">
          <Emblem size={48} />
          <div className="gate-banner__text">
            <h1 className="gate-banner__title">{productTitle}</h1>
            <p className="gate-banner__subtitle">职工医疗互助 · 网上经办 · 一网通办</p>
          </div>
        </div>
      </header>

      <main className="gate-main">
        <section className="gate-hero">
          <Card className="gate-login" variant="borderless" data-testid="login-card">
            <Tabs
              activeKey={tab}
              onChange={selectTab}
              centered
              size="large"
              items={[
                { key: 'unit', label: '单位用户登录', children: <LoginForm loginType="unit" landing={landing} onIncomplete={onIncomplete} /> },
                { key: 'personal', label: '个人用户登录', children: <LoginForm loginType="personal" landing={landing} onIncomplete={onIncomplete} /> },
              ]}
            />
            <div className="gate-login__links">
              <Link to="/register" data-testid="link-register">单位注册</Link>
              <span className="gate-login__divider" aria-hidden="true" />
              <Link to="/findback-pwd" data-testid="link-findback">找回密码</Link>
            </div>
          </Card>
        </section>

        {/* Public area: the issue "Public area" fills these two cards with the notice and policy lists. */}
        <section className="gate-public page-wide" aria-label="公开信息">
          <Card title="通知公告" extra={<Link to="/gateNotice">更多</Link>} className="gate-public__card" data-slot="notices">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通知公告" />
          </Card>
          <Card title="政策文件" extra={<Link to="/gateRule">更多</Link>} className="gate-public__card" data-slot="policies">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无政策文件" />
          </Card>
        </section>
      </main>

      <footer className="gate-footer">
        <p>主办单位：{appConfig.cityName}总工会</p>
        <p>建议使用 Chrome、Edge 或 Firefox 浏览器访问本网站</p>
      </footer>
    </div>
  );
}
