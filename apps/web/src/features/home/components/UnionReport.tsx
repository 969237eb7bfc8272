import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { Empty, Segmented, Select, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { BarsSpec } from '@hall/client/charts/options.ts';
import { UNION_ENROLMENT_GROUPS, ENROLMENT_GROUP_LABELS, type UnionEnrolmentGroup } from '@hall/shared/money/reports.ts';
import { yuan } from '@hall/shared/enrolment/index.ts';
import { ExportButton } from '../../../components/ExportButton';
import { NearViewport } from '../../../components/NearViewport';
import { Panel } from '../../../components/Panel';
import {
  type UnionBenefits,
  type UnionEnrolmentRow,
  type UnionFundRow,
  useUnionBenefits,
  useUnionEnrolment,
  useUnionFund,
  useUnionReportExport,
} from '../api/union-report';
import './union-report.css';

// The reports' chart of both apps (packages/client charts), ECharts with it: a chunk of its own,
// fetched when a chart comes near the viewport.
const BarsChart = lazy(() => import('@hall/client/charts/BarsChart.tsx'));

/** ¥1,234.00, and -¥20,124.00 for a set-off owed back or a fund in deficit. */
const money = (fen: number) => (fen < 0 ? `-¥${yuan(-fen)}` : `¥${yuan(fen)}`);
const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(2)}%`);
const right = { align: 'right' as const };

const Loading = () => (
  <div className="union-report__state" aria-busy="true">
    加载中…
  </div>
);

function Chart({ spec }: { spec: BarsSpec }) {
  return (
    <NearViewport fallback={<Loading />}>
      <Suspense fallback={<Loading />}>
        <BarsChart spec={spec} className="union-report__chart" />
      </Suspense>
    </NearViewport>
  );
}

const enrolmentColumns = (by: UnionEnrolmentGroup): ColumnsType<UnionEnrolmentRow> => [
  { title: ENROLMENT_GROUP_LABELS[by].replace('按', ''), dataIndex: 'label', ellipsis: { showTitle: true } },
  { title: '参保单位数', dataIndex: 'units', ...right },
  { title: '参保人次', dataIndex: 'lines', ...right },
  { title: '份数', dataIndex: 'shares', ...right },
  { title: '应缴金额', dataIndex: 'dueFen', ...right, render: money },
  { title: '实缴金额', dataIndex: 'receivedFen', ...right, render: money },
  { title: '缴费率', dataIndex: 'rate', ...right, render: percent },
];

/** The totals row of a table: 合计, then each figure under its column. */
function TotalRow({ cells, testId }: { cells: ReactNode[]; testId: string }) {
  return (
    <Table.Summary.Row data-testid={testId}>
      <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
      {cells.map((cell, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
        <Table.Summary.Cell key={i} index={i + 1} align="right">
          {cell}
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}

function EnrolmentTab({ year }: { year: number }) {
  const [by, setBy] = useState<UnionEnrolmentGroup>('unit');
  const query = { year, by };
  const { data, isLoading } = useUnionEnrolment(query);
  const exporting = useUnionReportExport();
  const spec = useMemo<BarsSpec | null>(
    () =>
      data
        ? {
            labels: data.list.map((r) => r.label),
            bars: [
              { name: '应缴金额', fen: data.list.map((r) => r.dueFen) },
              { name: '实缴金额', fen: data.list.map((r) => r.receivedFen) },
            ],
            rate: { name: '缴费率', values: data.list.map((r) => r.rate) },
          }
        : null,
    [data],
  );
  const t = data?.total;
  const empty = !!data && data.total.lines === 0;
  return (
    <>
      <div className="union-report__bar">
        <Segmented<UnionEnrolmentGroup>
          value={by}
          onChange={setBy}
          options={UNION_ENROLMENT_GROUPS.map((g) => ({ value: g, label: ENROLMENT_GROUP_LABELS[g] }))}
        />
        <ExportButton
          exporting={exporting}
          input={{ report: 'enrolment', query }}
          disabled={!data || empty}
          testId="union-report-export-enrolment"
          text="导出Excel"
        />
      </div>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`${year}年度本工会及下属单位暂无参保数据`} />
      ) : (
        <>
          <Table<UnionEnrolmentRow>
            rowKey="key"
            size="small"
            pagination={false}
            loading={isLoading}
            scroll={{ x: 'max-content' }}
            dataSource={data?.list ?? []}
            columns={enrolmentColumns(by)}
            data-testid="union-report-enrolment"
            summary={() =>
              t ? (
                <TotalRow
                  testId="union-report-enrolment-total"
                  cells={[t.units, t.lines, t.shares, money(t.dueFen), money(t.receivedFen), percent(t.rate)]}
                />
              ) : null
            }
          />
          {spec && <Chart spec={spec} />}
        </>
      )}
    </>
  );
}

type Month = UnionBenefits['months'][number];

function BenefitsTab({ year }: { year: number }) {
  const { data, isLoading } = useUnionBenefits(year);
  const exporting = useUnionReportExport();
  const spec = useMemo<BarsSpec | null>(
    () =>
      data
        ? {
            labels: data.months.map((m) => `${Number(m.month.slice(5))}月`),
            bars: [
              { name: '互助待遇金额', fen: data.months.map((m) => m.treatmentFen) },
              { name: '补助金额', fen: data.months.map((m) => m.claimFen) },
            ],
          }
        : null,
    [data],
  );
  const t = data?.total;
  const empty = !!t && t.treatments === 0 && t.treatmentFen === 0 && t.claims === 0 && t.claimFen === 0;
  return (
    <>
      <div className="union-report__bar">
        <span className="union-report__note">互助待遇按出院月份，补助按审批月份</span>
        <ExportButton
          exporting={exporting}
          input={{ report: 'benefits', year }}
          disabled={!data || empty}
          testId="union-report-export-benefits"
          text="导出Excel"
        />
      </div>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`${year}年本工会及下属单位暂无互助待遇与补助`} />
      ) : (
        <>
          <Table<Month>
            rowKey="month"
            size="small"
            pagination={false}
            loading={isLoading}
            scroll={{ x: 'max-content' }}
            dataSource={data?.months ?? []}
            data-testid="union-report-benefits"
            columns={[
              { title: '月份', dataIndex: 'month' },
              { title: '互助待遇笔数', dataIndex: 'treatments', ...right },
              { title: '互助待遇金额', dataIndex: 'treatmentFen', ...right, render: money },
              { title: '补助笔数', dataIndex: 'claims', ...right },
              { title: '补助金额', dataIndex: 'claimFen', ...right, render: money },
            ]}
            summary={() =>
              t ? (
                <TotalRow testId="union-report-benefits-total" cells={[t.treatments, money(t.treatmentFen), t.claims, money(t.claimFen)]} />
              ) : null
            }
          />
          {spec && <Chart spec={spec} />}
        </>
      )}
    </>
  );
}

function FundTab({ rows }: { rows: UnionFundRow[] }) {
  const exporting = useUnionReportExport();
  // The table is newest first; the chart reads left to right, oldest first.
  const spec = useMemo<BarsSpec>(() => {
    const years = [...rows].reverse();
    return {
      labels: years.map((r) => `${r.year}年度`),
      bars: [
        { name: '收入', fen: years.map((r) => r.receivedFen) },
        { name: '支出', fen: years.map((r) => r.paidOutFen) },
        { name: '待支付', fen: years.map((r) => r.committedFen) },
      ],
      rate: { name: '赔付率', values: years.map((r) => r.payoutRatio) },
    };
  }, [rows]);
  return (
    <>
      <div className="union-report__bar">
        <span className="union-report__note">收入为本工会及下属单位已确认的缴费；支出为已发放的互助待遇与补助</span>
        <ExportButton
          exporting={exporting}
          input={{ report: 'fund' }}
          disabled={rows.length === 0}
          testId="union-report-export-fund"
          text="导出Excel"
        />
      </div>
      <Table<UnionFundRow>
        rowKey="year"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        data-testid="union-report-fund"
        columns={[
          { title: '互助期', dataIndex: 'periodName' },
          { title: '收入', dataIndex: 'receivedFen', ...right, render: money },
          { title: '支出', dataIndex: 'paidOutFen', ...right, render: money },
          { title: '待支付', dataIndex: 'committedFen', ...right, render: money },
          { title: '结余', dataIndex: 'balanceFen', ...right, render: money },
          { title: '赔付率', dataIndex: 'payoutRatio', ...right, render: percent },
        ]}
      />
      <Chart spec={spec} />
    </>
  );
}

/**
 * 本工会统计报表, the section of a level-1 union's /Home (docs/decisions.md, "A union's own
 * report"): its enrolment, benefits and fund, the console's figures over the union and its units,
 * each a table with its totals, a chart and 导出Excel. Loaded lazily with its antd parts.
 */
export default function UnionReport({ thisYear }: { thisYear: number }) {
  const fund = useUnionFund();
  const years = (fund.data?.list ?? []).map((r) => r.year);
  const [chosen, setChosen] = useState<number | null>(null);
  const year = chosen ?? (years.includes(thisYear) ? thisYear : (years[0] ?? null));
  return (
    <Panel
      title="本工会统计报表"
      className="union-report"
      testId="union-report"
      extra={
        year !== null && (
          <Select<number>
            aria-label="互助年度"
            value={year}
            onChange={setChosen}
            options={years.map((y) => ({ value: y, label: `${y}年度` }))}
            style={{ width: 112 }}
            data-testid="union-report-year"
          />
        )
      }
    >
      {fund.isLoading ? (
        <Loading />
      ) : fund.isError ? (
        <div className="union-report__state" role="alert">
          统计数据暂时无法获取。
          <button type="button" className="home-link-button" onClick={() => fund.refetch()}>
            重新加载
          </button>
        </div>
      ) : year === null ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚无互助年度，暂无统计数据" />
      ) : (
        <Tabs
          items={[
            { key: 'enrolment', label: '参保统计', children: <EnrolmentTab year={year} /> },
            { key: 'benefits', label: '待遇统计', children: <BenefitsTab year={year} /> },
            { key: 'fund', label: '互助金收支', children: <FundTab rows={fund.data?.list ?? []} /> },
          ]}
        />
      )}
    </Panel>
  );
}
