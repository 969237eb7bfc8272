import { chinaWallClock } from '@hall/shared/china-time.ts';
import { lazy, type ReactNode, Suspense } from 'react';
import { Empty } from 'antd';
import { Link } from 'react-router';
import { NearViewport } from '../../components/NearViewport';
import { Panel } from '../../components/Panel';
import { sessionUserName, type Session } from '../../lib/storage';
import { useSignedInSession } from '../../stores/use-signed-in';
import { type ClaimYears, useClaimYears } from './api/claim-years';
import { type TreatmentYears, useTreatmentYears } from './api/treatment-years';
import { KeyFigures } from './components/KeyFigures';
import './home.css';

// ECharts comes with this chunk only, once a chart's panel is near the viewport (on a phone the
// charts are below the fold: the first load neither fetches nor runs it).
const HomeChart = lazy(() => import('./components/HomeChart'));
// A level-1 union's own report (antd tables and tabs, its charts): a chunk of its own, for unions only.
const UnionReport = lazy(() => import('./components/UnionReport'));

const UNION_TYPES: Record<string, string> = { '92': '联合基层工会', '93': '产业（行业）工会', '99': '基层工会' };

/** A line about who is signed in: the unit's account and kind, or the person's masked ID. */
function identityLine(session: Session): string {
  if (session.loginType === 'personal') {
    const certNo = session.person.certNo;
    return `个人用户 · 身份证号 ${certNo.slice(0, 4)}**********${certNo.slice(-4)}`;
  }
  const { uact, uactLevel, uniType } = session.unit;
  const kind = Number(uactLevel) === 1 ? (UNION_TYPES[String(uniType)] ?? '单位用户') : '单位用户';
  return `${kind} · 账号 ${uact}`;
}

function greeting(hour: number) {
  if (hour < 11) return '上午好';
  if (hour < 13) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

const isEmpty = (list: ReadonlyArray<{ count: number; amountFen: number }>) => list.every((y) => y.count === 0 && y.amountFen === 0);

const Loading = () => (
  <div className="home-chart-state" aria-busy="true">
    加载中…
  </div>
);

type ChartQuery<T> = { data?: T; isLoading: boolean; isError: boolean; refetch: () => unknown };

/** One chart panel: loading, failure (with a retry), "暂无统计数据", or the lazily loaded chart. */
function ChartPanel<T extends TreatmentYears | ClaimYears>({
  title,
  testId,
  query,
  link,
  chart,
}: {
  title: string;
  testId: string;
  query: ChartQuery<T>;
  link: string;
  chart: (data: T) => ReactNode;
}) {
  const { data, isLoading, isError, refetch } = query;
  const range = data ? `${data.fromYear}–${data.toYear}年度` : null;
  return (
    <Panel
      title={title}
      className="home-stats__card"
      testId={testId}
      extra={
        <>
          {range && <span className="home-stats__range">{range}</span>}
          <Link to={link}>明细 ›</Link>
        </>
      }
    >
      {isLoading ? (
        <Loading />
      ) : isError || !data ? (
        <div className="home-chart-state" role="alert">
          统计数据暂时无法获取。
          <button type="button" className="home-link-button" onClick={() => refetch()}>
            重新加载
          </button>
        </div>
      ) : isEmpty(data.list) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无统计数据" />
      ) : (
        <NearViewport fallback={<Loading />}>
          <Suspense fallback={<Loading />}>{chart(data)}</Suspense>
        </NearViewport>
      )}
    </Panel>
  );
}

/**
 * 首页 (R7): a welcome, the key figures (统计卡片) of the unit or person, and two charts per period
 * year: 互助待遇统计 and 补助发放统计 (ECharts, loaded lazily); for a level-1 union, 本工会统计报表 below.
 */
export default function HomePage() {
  const session = useSignedInSession();
  // Today in China (UTC+8 all year), read through the UTC getters; no date library on this screen.
  const now = chinaWallClock(Date.now()) as Date;
  const treatments = useTreatmentYears();
  const claims = useClaimYears();
  const personal = session.loginType === 'personal' ? '-personal' : '';
  return (
    <div className="home page-wide" data-testid="home-page">
      <section className="home-welcome">
        <div>
          <h2 className="home-welcome__title">
            {greeting(now.getUTCHours())}，{sessionUserName(session)}
          </h2>
          <p className="home-welcome__identity">{identityLine(session)}</p>
        </div>
        <div className="home-welcome__date" aria-label="今天">
          <span className="home-welcome__day">{now.getUTCDate()}</span>
          <span>
            {`${now.getUTCFullYear()}年${now.getUTCMonth() + 1}月`}
            <br />
            {WEEKDAYS[now.getUTCDay()]}
          </span>
        </div>
      </section>

      <KeyFigures />

      <section className="home-stats" data-slot="home-statistics">
        <ChartPanel
          title="互助待遇统计"
          testId="chart-treatments"
          query={treatments}
          link={`/mutual-aid-treatment-query${personal}`}
          chart={(data) => <HomeChart kind="treatment" data={data} />}
        />
        <ChartPanel
          title="补助发放统计"
          testId="chart-claims"
          query={claims}
          link={`/subsidy-record-query${personal}`}
          chart={(data) => <HomeChart kind="claim" data={data} />}
        />
      </section>

      {session.loginType === 'unit' && Number(session.unit.uactLevel) === 1 && (
        <NearViewport fallback={<Loading />}>
          <Suspense fallback={<Loading />}>
            <UnionReport thisYear={now.getUTCFullYear()} />
          </Suspense>
        </NearViewport>
      )}
    </div>
  );
}
