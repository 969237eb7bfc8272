import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Emblem } from '../../../components/Emblem';
import { appConfig, productTitle } from '../../../lib/config';
import { prefetchFeedback } from '../../../lib/feedback';
import { safeInternalPath } from '../../../lib/safe-path';
import type { LoginType } from '../../../lib/storage';
import { EmptyIcon } from '../components/gate-icons';
import { GateTabs } from '../components/GateTabs';
import { LoginForm } from '../components/LoginForm';
import './gate.css';

/** An empty public-area card; the issue "Public area" puts the lists in. */
function PublicCard({ title, more, empty, slot }: { title: string; more: string; empty: string; slot: string }) {
  return (
    <section className="gate-card" data-slot={slot} aria-labelledby={`gate-${slot}`}>
      <header className="gate-card__head">
        <h2 id={`gate-${slot}`} className="gate-card__title">{title}</h2>
        <Link to={more} className="gate-card__more">更多</Link>
      </header>
      <div className="gate-card__empty">
        <EmptyIcon />
        <span>{empty}</span>
      </div>
    </section>
  );
}

/**
 * The login gateway (/gatePage): unit and personal login, and the public area around them.
 * It is the default page without a session (R3); with one it shows only on ?showFlag=true.
 * Built without antd: this is the first page of most visits and has the tightest bundle budget.
 */
export default function GatePage() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const tab: LoginType = search.get('tab') === 'personal' ? 'personal' : 'unit';
  const landing = safeInternalPath(search.get('redirect')) ?? '/Home';

  // Toasts (a wrong password) need antd's message: fetch it while the user types.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1500));
    idle(() => prefetchFeedback());
  }, []);

  const selectTab = (key: LoginType) => {
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
          <div>
            <h1 className="gate-banner__title">{productTitle}</h1>
            <p className="gate-banner__subtitle">职工医疗互助 · 网上经办 · 一网通办</p>
          </div>
        </div>
      </header>

      <main className="gate-main">
        <section className="gate-hero">
          <div className="gate-login" data-testid="login-card">
            <GateTabs<LoginType>
              active={tab}
              onChange={selectTab}
              tabs={[
                { key: 'unit', label: '单位用户登录', content: <LoginForm loginType="unit" active={tab === 'unit'} landing={landing} onIncomplete={onIncomplete} /> },
                { key: 'personal', label: '个人用户登录', content: <LoginForm loginType="personal" active={tab === 'personal'} landing={landing} onIncomplete={onIncomplete} /> },
              ]}
            />
            <nav className="gate-login__links" aria-label="账号服务">
              <Link to="/register" data-testid="link-register">单位注册</Link>
              <span className="gate-login__divider" aria-hidden="true" />
              <Link to="/findback-pwd" data-testid="link-findback">找回密码</Link>
            </nav>
          </div>
        </section>

        {/* Public area: the issue "Public area" fills these two cards with the notice and policy lists. */}
        <div className="gate-public page-wide">
          <PublicCard title="通知公告" more="/gateNotice" empty="暂无通知公告" slot="notices" />
          <PublicCard title="政策文件" more="/gateRule" empty="暂无政策文件" slot="policies" />
        </div>
      </main>

      <footer className="gate-footer">
        <p>主办单位：{appConfig.cityName}总工会</p>
        <p>建议使用 Chrome、Edge 或 Firefox 浏览器访问本网站</p>
      </footer>
    </div>
  );
}
