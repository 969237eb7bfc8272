import { Empty } from 'antd';
import { Panel } from '../../components/Panel';
import { sessionUserName, type Session } from '../../lib/storage';
import { useSignedInSession } from '../../stores/use-signed-in';
import './home.css';

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

/**
 * 首页 (R7): a welcome and the statistics area. The charts come with the issue "Unit business"
 * (ECharts, loaded there and only there, to keep this first screen light).
 */
const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

export default function HomePage() {
  const session = useSignedInSession();
  // Today in China (UTC+8 all year), read through the UTC getters; no date library on this screen.
  const now = new Date(Date.now() + 8 * 3_600_000);
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

      {/* Statistics area: filled by the issue "Unit business" (treatments and subsidies per year). */}
      <section className="home-stats" data-slot="home-statistics">
        <Panel title="互助待遇统计" className="home-stats__card">
          <Empty description="暂无统计数据" />
        </Panel>
        <Panel title="补助发放统计" className="home-stats__card">
          <Empty description="暂无统计数据" />
        </Panel>
      </section>
    </div>
  );
}
