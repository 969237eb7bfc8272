import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { yuan } from '@hall/shared/enrolment/index.ts';
import { type PersonFigures, type UnitFigures, useHomeFigures } from '../api/key-figures';

/**
 * 统计卡片 of the home page: plain markup (no antd Card or Statistic: the first screen's bundle
 * budget has no room for them), each card linking to the page behind its figure.
 */

const money = (fen: number) => `¥${yuan(fen)}`;

interface CardProps {
  label: string;
  value: ReactNode;
  notes?: ReactNode[];
  links?: Array<{ to: string; text: string }>;
  tone?: 'warn';
  testId: string;
}

function FigureCard({ label, value, notes = [], links = [], tone, testId }: CardProps) {
  return (
    <article className={tone ? `home-figure home-figure--${tone}` : 'home-figure'} data-testid={testId}>
      <h3 className="home-figure__label">{label}</h3>
      <div className="home-figure__value">{value}</div>
      {notes.filter(Boolean).map((note, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a card's notes are fixed lines in a fixed order
        <p key={i} className="home-figure__note">
          {note}
        </p>
      ))}
      {links.length > 0 && (
        <div className="home-figure__links">
          {links.map((l) => (
            <Link key={l.to} to={l.to}>
              {l.text} ›
            </Link>
          ))}
        </div>
      )}
    </article>
  );
}

function UnitCards({ f }: { f: UnitFigures }) {
  const subordinates = f.scope.units - 1;
  return (
    <>
      <FigureCard
        testId="figure-enrolled"
        label="本期参保人数"
        value={
          <>
            {f.enrolled.persons}
            <small>人</small>
          </>
        }
        notes={[
          f.periodName ?? `${f.year}年度无生效的互助期`,
          f.enrolled.waiting > 0 ? `其中 ${f.enrolled.waiting} 人尚在等待期` : null,
          subordinates > 0 ? `含下属单位 ${subordinates} 家` : null,
        ]}
        links={[{ to: '/participation', text: '参保情况' }]}
      />
      <FigureCard
        testId="figure-outstanding"
        label="应缴未缴金额"
        tone={f.outstanding.overdue > 0 ? 'warn' : undefined}
        value={money(f.outstanding.amountFen)}
        notes={[
          f.outstanding.count > 0 ? `${f.outstanding.count} 份互助申请待缴费` : '暂无待缴费的互助申请',
          f.outstanding.overdue > 0 ? (
            <span key="overdue" className="home-figure__alert">
              逾期 {f.outstanding.overdue} 份，请尽快缴费
            </span>
          ) : null,
        ]}
        links={[{ to: '/payment', text: '应缴金额' }]}
      />
      <TodoCard todo={f.todo} />
      <FigureCard
        testId="figure-benefits"
        label="本年已发放待遇"
        value={money(f.benefits.paidFen)}
        notes={[`${f.year}年度 · 互助待遇 ${money(f.benefits.treatmentPaidFen)} · 补助 ${money(f.benefits.claimPaidFen)}`]}
        links={[
          { to: '/mutual-aid-treatment-query', text: '互助待遇' },
          { to: '/subsidy-record-query', text: '补助记录' },
        ]}
      />
    </>
  );
}

function TodoCard({ todo }: { todo: { count: number; urgent: number } }) {
  return (
    <FigureCard
      testId="figure-todo"
      label="待办事项"
      tone={todo.urgent > 0 ? 'warn' : undefined}
      value={
        <>
          {todo.count}
          <small>项</small>
        </>
      }
      notes={[
        todo.count === 0 ? (
          '暂无待办事项'
        ) : todo.urgent > 0 ? (
          <span key="urgent" className="home-figure__alert">
            其中 {todo.urgent} 项需优先处理
          </span>
        ) : (
          '请及时处理'
        ),
      ]}
      links={[{ to: '/to-list', text: '去处理' }]}
    />
  );
}

type Cover = NonNullable<PersonFigures['current']>;

/** `upcoming`: the next period's cover, which starts with that period (not a waiting period). */
function CoverList({ cover, upcoming = false }: { cover: Cover; upcoming?: boolean }) {
  return (
    <ul className="home-cover">
      {cover.products.map((p) => (
        <li key={p.productCode}>
          <span className="home-cover__name">{p.productName}</span>
          <span>{p.shares}份</span>
          <span className="home-cover__from">
            {p.waiting && !upcoming ? (
              <span className="home-cover__waiting">等待期内，{p.coveredFrom}起保障</span>
            ) : (
              `${p.coveredFrom}起保障`
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

function PersonCards({ f }: { f: PersonFigures }) {
  const b = f.benefits;
  return (
    <>
      <article className="home-figure home-figure--wide" data-testid="figure-cover">
        <h3 className="home-figure__label">我的保障{f.current ? ` · ${f.current.periodName}` : ''}</h3>
        {f.current ? <CoverList cover={f.current} /> : <p className="home-figure__note">本期未参加职工医疗互助，请联系所在单位办理</p>}
        {f.current?.products.some((p) => p.waiting) && (
          <p className="home-figure__note">保障起始日期前（等待期内）入院的，该险种不给予互助待遇。</p>
        )}
        {f.next && (
          <>
            <h4 className="home-figure__sub">下一期 · {f.next.periodName}（已缴费）</h4>
            <CoverList cover={f.next} upcoming />
          </>
        )}
        {f.current?.products[0] && <p className="home-figure__note">参保单位：{f.current.products[0].unitName}</p>}
      </article>
      <FigureCard
        testId="figure-benefits"
        label="本年待遇"
        value={money(b.treatmentPaidFen + b.claimPaidFen)}
        notes={[
          `${f.year}年度已发放`,
          `互助待遇 ${b.treatmentCount} 笔，核定 ${money(b.treatmentFen)}，已发放 ${money(b.treatmentPaidFen)}`,
          `补助 ${b.claimCount} 笔，已发放 ${money(b.claimPaidFen)}`,
        ]}
        links={[
          { to: '/mutual-aid-treatment-query-personal', text: '互助待遇' },
          { to: '/subsidy-record-query-personal', text: '补助记录' },
        ]}
      />
      <TodoCard todo={f.todo} />
    </>
  );
}

/** The key figures of the signed-in unit or person: a loading frame, then the cards. */
export function KeyFigures() {
  const { data, isLoading, isError, refetch } = useHomeFigures();
  if (isLoading) {
    return (
      <section className="home-figures" aria-busy="true" data-testid="home-figures">
        {['a', 'b', 'c', 'd'].map((k) => (
          <div key={k} className="home-figure home-figure--loading" />
        ))}
      </section>
    );
  }
  if (isError || !data) {
    return (
      <section className="home-figures home-figures--error" data-testid="home-figures" role="alert">
        统计数据暂时无法获取。
        <button type="button" className="home-link-button" onClick={() => refetch()}>
          重新加载
        </button>
      </section>
    );
  }
  return (
    <section className="home-figures" data-testid="home-figures">
      {data.loginType === 'unit' ? <UnitCards f={data} /> : <PersonCards f={data} />}
    </section>
  );
}
