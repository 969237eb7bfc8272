import type { ReactNode } from 'react';
import { yuan } from '@hall/shared/enrolment/index.ts';
import type { PersonalArchive, UnitArchive } from './api/archive';

const money = (fen: number) => yuan(fen);

/** A table that scrolls sideways on a phone: focusable, so a keyboard can scroll it too (axe scrollable-region-focusable). */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="archive-scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}

/** The person's 互助档案 as tables: the years at a glance, then payments, treatments and claims. */
export function PersonalArchiveDocument({ archive }: { archive: PersonalArchive }) {
  if (archive.years.length === 0) return <p className="archive-empty">暂无互助记录：您尚未参加职工医疗互助。</p>;
  return (
    <div className="archive-doc" data-testid="archive-personal">
      <p className="archive-who">
        姓名：{archive.name}　身份证号码：{archive.certNo}
      </p>
      <h3 className="archive-heading">历年概况</h3>
      <Scroll label="历年概况">
        <table className="archive-table" data-testid="archive-years">
          <thead>
            <tr>
              <th>互助年度</th>
              <th>参加的互助项目</th>
              <th className="num">单位缴费（元）</th>
              <th className="num">互助待遇（笔）</th>
              <th className="num">已发放待遇（元）</th>
              <th className="num">补助（笔）</th>
              <th className="num">已发放补助（元）</th>
              <th className="num">合计获得（元）</th>
            </tr>
          </thead>
          <tbody>
            {archive.years.map((y) => (
              <tr key={y.year}>
                <td>{y.year}</td>
                <td>
                  {y.coverages.length
                    ? y.coverages.map((c) => `${c.productName}${c.shares}份（${c.unitName}，${c.coveredFrom}起）`).join('；')
                    : '—'}
                </td>
                <td className="num">{money(y.contributionFen)}</td>
                <td className="num">{y.treatmentCount}</td>
                <td className="num">{money(y.treatmentPaidFen)}</td>
                <td className="num">{y.claimCount}</td>
                <td className="num">{money(y.claimPaidFen)}</td>
                <td className="num">{money(y.benefitPaidFen)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td>合计</td>
              <td />
              <td className="num">{money(archive.totals.contributionFen)}</td>
              <td />
              <td className="num">{money(archive.totals.treatmentPaidFen)}</td>
              <td />
              <td className="num">{money(archive.totals.claimPaidFen)}</td>
              <td className="num" data-testid="archive-benefit-total">
                {money(archive.totals.benefitPaidFen)}
              </td>
            </tr>
          </tfoot>
        </table>
      </Scroll>
      <h3 className="archive-heading">单位缴费记录</h3>
      {archive.payments.length ? (
        <Scroll label="单位缴费记录">
          <table className="archive-table">
            <thead>
              <tr>
                <th>互助年度</th>
                <th>申请号</th>
                <th>缴费单位</th>
                <th>互助项目</th>
                <th className="num">份数</th>
                <th className="num">金额（元）</th>
                <th>缴费日期</th>
              </tr>
            </thead>
            <tbody>
              {archive.payments.map((p) => (
                <tr key={`${p.applicationNo}-${p.productName}`}>
                  <td>{p.year}</td>
                  <td>{p.applicationNo}</td>
                  <td>{p.unitName}</td>
                  <td>{p.productName}</td>
                  <td className="num">{p.shares}</td>
                  <td className="num">{money(p.amountFen)}</td>
                  <td>{p.paidOn ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      ) : (
        <p className="archive-empty">暂无缴费记录</p>
      )}
      <h3 className="archive-heading">互助待遇</h3>
      {archive.treatments.length ? (
        <Scroll label="互助待遇">
          <table className="archive-table">
            <thead>
              <tr>
                <th>互助年度</th>
                <th>出院日期</th>
                <th>医院</th>
                <th>互助项目</th>
                <th className="num">待遇金额（元）</th>
                <th className="num">已发放（元）</th>
                <th>状态</th>
              </tr>
            </thead>
            <tbody>
              {archive.treatments.map((t, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of one fixed answer, in its order
                <tr key={i}>
                  <td>{t.year}</td>
                  <td>{t.dischargedOn}</td>
                  <td>{t.hospitalName}</td>
                  <td>{t.productName}</td>
                  <td className="num">{money(t.amountFen)}</td>
                  <td className="num">{money(t.paidFen)}</td>
                  <td>{t.stateLabel}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      ) : (
        <p className="archive-empty">暂无互助待遇</p>
      )}
      <h3 className="archive-heading">已发放的补助</h3>
      {archive.claims.length ? (
        <Scroll label="已发放的补助">
          <table className="archive-table">
            <thead>
              <tr>
                <th>互助年度</th>
                <th>补助申请号</th>
                <th>补助类型</th>
                <th className="num">金额（元）</th>
                <th>发放日期</th>
              </tr>
            </thead>
            <tbody>
              {archive.claims.map((c) => (
                <tr key={c.claimNo}>
                  <td>{c.year}</td>
                  <td>{c.claimNo}</td>
                  <td>{c.typeLabel}</td>
                  <td className="num">{money(c.amountFen)}</td>
                  <td>{c.paidOn ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      ) : (
        <p className="archive-empty">暂无已发放的补助</p>
      )}
    </div>
  );
}

/** The unit's 互助档案: a row per year and the totals. */
export function UnitArchiveDocument({ archive }: { archive: UnitArchive }) {
  if (archive.years.length === 0) return <p className="archive-empty">暂无互助记录：本单位尚未参加职工医疗互助。</p>;
  const row = (label: string | number, y: UnitArchive['totals']) => (
    <>
      <td>{label}</td>
      <td className="num">{y.headcount}</td>
      <td className="num">{money(y.payableFen)}</td>
      <td className="num">{money(y.paidFen)}</td>
      <td className="num">{money(y.outstandingFen)}</td>
      <td className="num">{money(y.treatmentPaidFen)}</td>
      <td className="num">{money(y.claimPaidFen)}</td>
      <td className="num">{money(y.benefitPaidFen)}</td>
      <td className="num">{y.benefitPersons}</td>
    </>
  );
  return (
    <div className="archive-doc" data-testid="archive-unit">
      <p className="archive-who">
        单位：{archive.unitName}（{archive.uact}）
      </p>
      <Scroll label="各年度互助情况">
        <table className="archive-table" data-testid="archive-years">
          <thead>
            <tr>
              <th>互助年度</th>
              <th className="num">参加人数</th>
              <th className="num">应缴（元）</th>
              <th className="num">已缴（元）</th>
              <th className="num">未缴（元）</th>
              <th className="num">职工互助待遇（元）</th>
              <th className="num">职工补助（元）</th>
              <th className="num">待遇与补助合计（元）</th>
              <th className="num">获得待遇人数</th>
            </tr>
          </thead>
          <tbody>
            {archive.years.map((y) => (
              <tr key={y.year}>{row(y.year, y)}</tr>
            ))}
          </tbody>
          <tfoot>
            <tr>{row('合计', archive.totals)}</tr>
          </tfoot>
        </table>
      </Scroll>
      <p className="archive-note">
        参加人数即该年度的本期参保人数（有当年度保障的职工去重计，含年内转出的），与首页、参保情况同一口径；合计行的参加人数为各年度之和（人次）。待遇与补助按其所属互助年度计。
      </p>
    </div>
  );
}
