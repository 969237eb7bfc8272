import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Emblem } from '../../../components/Emblem';
import { ProductTitle } from '../../../components/ProductTitle';
import { appConfig } from '../../../lib/config';
import { prefetchFeedback } from '../../../lib/feedback';
import { whenIdle } from '../../../lib/idle';
import { safeInternalPath } from '../../../lib/safe-path';
import { formatDate } from '../../../lib/format';
import { useNewestNotices } from '../../../lib/notice-queries';
import { detailPath, KIND_TITLES, listPath, type NoticeKind } from '../../../lib/notices';
import type { LoginType } from '../../../lib/storage';
import { EmptyIcon } from '../components/gate-icons';
import { GateTabs } from '../components/GateTabs';
import { improveInfoPath, LoginForm } from '../components/LoginForm';
import './gate.css';

/** The newest items of a card on the gateway. */
const CARD_SIZE = 5;

/**
 * A public-area card: the newest notices or policy documents (title and date), each opening
 * /gateDetail, and 更多 for the full list. Plain elements: the gateway carries no antd.
 */
function PublicCard({ kind, slot }: { kind: NoticeKind; slot: string }) {
  const title = KIND_TITLES[kind];
  const query = useNewestNotices(kind, CARD_SIZE);
  const items = query.data?.list ?? [];
  return (
    <section
      className="gate-card"
      data-slot={slot}
      data-testid={`gate-${slot}`}
      aria-labelledby={`gate-${slot}`}
      aria-busy={query.isLoading}
    >
      <header className="gate-card__head">
        <h2 id={`gate-${slot}`} className="gate-card__title">
          {title}
        </h2>
        <Link to={listPath(kind)} className="gate-card__more" aria-label={`更多${title}`}>
          更多 ›
        </Link>
      </header>
      {query.isLoading ? (
        <ul className="gate-card__list gate-card__list--loading" aria-hidden="true">
          {Array.from({ length: CARD_SIZE }, (_, i) => (
            <li key={i} className="gate-card__skeleton" />
          ))}
        </ul>
      ) : query.isError ? (
        <div className="gate-card__empty">
          <span>{title}加载失败</span>
          <button type="button" className="gate-card__retry" onClick={() => void query.refetch()}>
            重新加载
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className="gate-card__empty">
          <EmptyIcon />
          <span>暂无{title}</span>
        </div>
      ) : (
        <ul className="gate-card__list">
          {items.map((item) => (
            <li key={item.id} className="gate-card__item">
              <Link to={detailPath(kind, item.id)} className="gate-card__link" title={item.title}>
                {item.title}
              </Link>
              <time className="gate-card__date" dateTime={item.publishedAt}>
                {formatDate(item.publishedAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
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
  useEffect(() => whenIdle(prefetchFeedback), []);

  const selectTab = (key: LoginType) => {
    const next = new URLSearchParams(search);
    if (key === 'personal') next.set('tab', 'personal');
    else next.delete('tab');
    setSearch(next, { replace: true });
  };
  const onIncomplete = (uact: string) => navigate(improveInfoPath(uact));

  return (
    <div className="gate">
      <header className="gate-banner">
        <div className="gate-banner__inner">
          <Emblem size={48} />
          <div>
            <h1 className="gate-banner__title title-words">
              <ProductTitle />
            </h1>
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
                {
                  key: 'unit',
                  label: '单位用户登录',
                  content: <LoginForm loginType="unit" active={tab === 'unit'} landing={landing} onIncomplete={onIncomplete} />,
                },
                {
                  key: 'personal',
                  label: '个人用户登录',
                  content: <LoginForm loginType="personal" active={tab === 'personal'} landing={landing} onIncomplete={onIncomplete} />,
                },
              ]}
            />
            <nav className="gate-login__links" aria-label="账号服务">
              <Link to="/unit-register" data-testid="link-register">
                单位注册
              </Link>
              <span className="gate-login__divider" aria-hidden="true" />
              <Link to="/findback-pwd" data-testid="link-findback">
                找回密码
              </Link>
            </nav>
          </div>
        </section>

        {/* Public area: the newest notices and policy documents, and the guide. */}
        <div className="gate-public page-wide">
          <PublicCard kind="notice" slot="notices" />
          <PublicCard kind="policy" slot="policies" />
        </div>
        <nav className="gate-services page-wide" aria-label="公共服务">
          <Link to="/gateRule" className="gate-service" data-testid="link-guide">
            <strong>办事指南</strong>
            <span>注册、参加互助、缴费与申请补助怎么办</span>
          </Link>
          <Link to="/unit-register" className="gate-service">
            <strong>注册服务</strong>
            <span>单位注册、公开招标单位注册、经办人注册</span>
          </Link>
          <Link to="/registerEnd" className="gate-service">
            <strong>注册进度查询</strong>
            <span>按单位账号查询注册审核结果</span>
          </Link>
        </nav>
      </main>

      <footer className="gate-footer">
        <p>主办单位：{appConfig.cityName}总工会</p>
        <p>建议使用 Chrome、Edge 或 Firefox 浏览器访问本网站</p>
      </footer>
    </div>
  );
}
