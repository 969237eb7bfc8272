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

/** A column: its title, its cell, and `num` for a figure (set right). */
type Column<T> = [title: string, cell: (row: T) => ReactNode, num?: 'num'];
type ListingProps<T> = { title: string; empty: string; rows: T[]; rowKey(row: T, i: number): string | number; columns: Column<T>[] };

/** A heading and its table of `rows`, or the `empty` line when there is none. */
function Listing<T>({ title, empty, rows, rowKey, columns }: ListingProps<T>) {
  return (
    <>
      <h3 className="archive-heading">{title}</h3>
      {rows.length ? (
        <Scroll label={title}>
          <table className="archive-table">
            <thead>
              <tr>
                {columns.map(([title, , num]) => (
                  <th key={title} className={num}>
                    {title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={rowKey(row, i)}>
                  {columns.map(([title, cell, num]) => (
                    <td key={title} className={num}>
                      {cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      ) : (
        <p className="archive-empty">{empty}</p>
      )}
    </>
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
      <Listing
        title="单位缴费记录"
        empty="暂无缴费记录"
        rows={archive.payments}
        rowKey={(p) => `${p.applicationNo}-${p.productName}`}
        columns={[
          ['互助年度', (p) => p.year],
          ['申请号', (p) => p.applicationNo],
          ['缴费单位', (p) => p.unitName],
          ['互助项目', (p) => p.productName],
          ['份数', (p) => p.shares, 'num'],
          ['金额（元）', (p) => money(p.amountFen), 'num'],
          ['缴费日期', (p) => p.paidOn ?? '—'],
        ]}
      />
      <Listing
        title="互助待遇"
        empty="暂无互助待遇"
        rows={archive.treatments}
        rowKey={(_, i) => i} // rows of one fixed answer, in its order
        columns={[
          ['互助年度', (t) => t.year],
          ['出院日期', (t) => t.dischargedOn],
          ['医院', (t) => t.hospitalName],
          ['互助项目', (t) => t.productName],
          ['待遇金额（元）', (t) => money(t.amountFen), 'num'],
          ['已发放（元）', (t) => money(t.paidFen), 'num'],
          ['状态', (t) => t.stateLabel],
        ]}
      />
      <Listing
        title="已发放的补助"
        empty="暂无已发放的补助"
        rows={archive.claims}
        rowKey={(c) => c.claimNo}
        columns={[
          ['互助年度', (c) => c.year],
          ['补助申请号', (c) => c.claimNo],
          ['补助类型', (c) => c.typeLabel],
          ['金额（元）', (c) => money(c.amountFen), 'num'],
          ['发放日期', (c) => c.paidOn ?? '—'],
        ]}
      />
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
