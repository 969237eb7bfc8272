import { lazy, Suspense } from 'react';
import type { BarsSpec } from '@hall/client/charts/options.ts';
import { Button, Form, Radio, Select, Space, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { chinaDay } from '@hall/shared/china-time.ts';
import { ENROLMENT_GROUP_LABELS, ENROLMENT_GROUPS, type EnrolmentGroup } from '@hall/shared/money/reports.ts';
import { LoadFailed } from '../../components/LoadFailed';
import {
  type BenefitQuery,
  type EnrolmentQuery,
  useBenefitReport,
  useEnrolmentReport,
  useFundReport,
  type TreatmentMixRow,
  useReportExport,
} from './api/reports';
import { AnnualStatement } from './components/AnnualStatement';
import { BenefitProductTable, BenefitTable } from './components/BenefitTable';
import { EnrolmentTable } from './components/EnrolmentTable';
import { FundTable } from './components/FundTable';
import { TreatmentMixTable } from './components/TreatmentMixTable';

// The charts of both apps (packages/client charts), ECharts with them: a chunk of its own, loaded
// with the first chart; the console's first screen does not carry it.
const BarsChart = lazy(() => import('@hall/client/charts/BarsChart.tsx'));

/** The chapters drawn: the largest; the table lists them all. */
const TOP_CHAPTERS = 10;

const TABS = { enrolment: '参保统计', benefits: '待遇统计', fund: '互助金收支' } as const;
type Tab = keyof typeof TABS;

const chart = (spec: BarsSpec) => (
  <Suspense fallback={<div style={{ height: 300 }} />}>
    <BarsChart spec={spec} />
  </Suspense>
);

/**
 * 统计报表 (finance, data, the administrator and the auditor): enrolment, benefits and the fund of
 * a year, each a table with its totals, a chart and 导出Excel. Every filter is in the URL (tab,
 * year, by, district, union, product), so a report can be sent to a colleague as it stands.
 */
export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const fund = useFundReport();
  const exporting = useReportExport();
  const years = (fund.data?.list ?? []).map((p) => p.year);
  const thisYear = Number(chinaDay(new Date()).slice(0, 4));
  const year = Number(params.get('year')) || (years.includes(thisYear) ? thisYear : years[0]);
  const tab = (params.get('tab') as Tab) in TABS ? (params.get('tab') as Tab) : 'enrolment';
  const by = (ENROLMENT_GROUPS as readonly string[]).includes(params.get('by') ?? '') ? (params.get('by') as EnrolmentGroup) : 'district';
  const district = params.get('district') ?? undefined;
  const unionId = Number(params.get('union')) || undefined;
  const productCode = params.get('product') ?? undefined;

  const set = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };

  const enrolmentQuery: EnrolmentQuery = { year, by, ...(district ? { district } : {}), ...(unionId ? { unionId } : {}) };
  const benefitQuery: BenefitQuery = { year, ...(productCode ? { productCode } : {}) };
  const ready = Boolean(year);
  const enrolment = useEnrolmentReport(enrolmentQuery, ready && tab === 'enrolment');
  // The filters' choices: the year's districts, unions and products as the reports name them.
  const districts = useEnrolmentReport({ year, by: 'district' }, ready && tab === 'enrolment');
  const unions = useEnrolmentReport({ year, by: 'union' }, ready && tab === 'enrolment');
  const benefits = useBenefitReport(benefitQuery, ready && tab === 'benefits');
  const products = useBenefitReport({ year }, ready && tab === 'benefits');

  const yearSelect = (
    <Form.Item label="互助年度">
      <Select
        value={year}
        options={years.map((y) => ({ value: y, label: `${y}年度` }))}
        onChange={(y) => set({ year: y })}
        style={{ width: 120 }}
        aria-label="互助年度"
        data-testid="report-year"
      />
    </Form.Item>
  );

  const enrolmentPane = (
    <>
      <Form layout="inline" className="list-toolbar">
        {yearSelect}
        <Form.Item label="地区">
          <Select
            allowClear
            placeholder="全部"
            value={district}
            options={(districts.data?.list ?? []).map((d) => ({ value: d.key, label: d.label }))}
            onChange={(d) => set({ district: d })}
            style={{ width: 140 }}
            aria-label="地区"
            data-testid="report-district"
          />
        </Form.Item>
        <Form.Item label="工会">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部"
            value={unionId}
            options={(unions.data?.list ?? []).map((u) => ({ value: Number(u.key), label: u.label }))}
            onChange={(u) => set({ union: u })}
            style={{ width: 220 }}
            aria-label="工会"
            data-testid="report-union"
          />
        </Form.Item>
        <Form.Item>
          <Radio.Group value={by} onChange={(e) => set({ by: e.target.value })} optionType="button" data-testid="report-by">
            {ENROLMENT_GROUPS.map((g) => (
              <Radio.Button key={g} value={g}>
                {ENROLMENT_GROUP_LABELS[g]}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item>
          <Button
            onClick={() => exporting.mutate({ kind: 'enrolment', query: enrolmentQuery })}
            loading={exporting.isPending}
            data-testid="report-enrolment-export"
          >
            导出Excel
          </Button>
        </Form.Item>
      </Form>
      {enrolment.isError && !enrolment.data ? (
        <LoadFailed what="参保统计" error={enrolment.error} onRetry={() => void enrolment.refetch()} />
      ) : (
        <>
          {enrolment.data &&
            enrolment.data.list.length > 0 &&
            chart({
              labels: enrolment.data.list.map((r) => r.label),
              bars: [
                { name: '应缴金额', fen: enrolment.data.list.map((r) => r.dueFen) },
                { name: '实缴金额', fen: enrolment.data.list.map((r) => r.receivedFen) },
              ],
              rate: { name: '缴费率', values: enrolment.data.list.map((r) => r.rate) },
            })}
          <EnrolmentTable by={by} report={enrolment.data} loading={enrolment.isFetching} />
        </>
      )}
    </>
  );

  // 互助待遇 by the settlement's hospital level and diagnosis chapter: a chart (the chapters' largest), the table, its own export.
  const mixSection = (view: 'levels' | 'chapters', heading: string, column: string, rows: TreatmentMixRow[]) => {
    const drawn = view === 'chapters' ? rows.slice(0, TOP_CHAPTERS) : rows;
    return (
      <>
        <Space className="list-toolbar" style={{ marginTop: 16 }}>
          <h3 className="page-title">
            {heading}
            {view === 'chapters' && rows.length > TOP_CHAPTERS && (
              <span className="page-title__aside">图中为金额最大的{TOP_CHAPTERS}章</span>
            )}
          </h3>
          <Button
            onClick={() => exporting.mutate({ kind: 'benefits', query: benefitQuery, view })}
            loading={exporting.isPending}
            data-testid={`report-${view}-export`}
          >
            导出Excel
          </Button>
        </Space>
        {drawn.length > 0 &&
          chart({
            labels: drawn.map((r) => (view === 'chapters' ? r.label.replace(/（.*）$/, '') : r.label)),
            bars: [
              { name: '互助待遇金额', fen: drawn.map((r) => r.treatmentFen) },
              { name: '已发放金额', fen: drawn.map((r) => r.paidFen) },
            ],
          })}
        <TreatmentMixTable rows={rows} title={column} testId={`report-benefit-${view}`} />
      </>
    );
  };

  const benefitPane = (
    <>
      <Form layout="inline" className="list-toolbar">
        {yearSelect}
        <Form.Item label="险种">
          <Select
            allowClear
            placeholder="全部"
            value={productCode}
            options={(products.data?.products ?? []).map((p) => ({ value: p.productCode, label: p.productName }))}
            onChange={(p) => set({ product: p })}
            style={{ width: 180 }}
            aria-label="险种"
            data-testid="report-product"
          />
        </Form.Item>
        <Form.Item>
          <Button
            onClick={() => exporting.mutate({ kind: 'benefits', query: benefitQuery })}
            loading={exporting.isPending}
            data-testid="report-benefit-export"
          >
            导出Excel
          </Button>
        </Form.Item>
      </Form>
      {benefits.isError && !benefits.data ? (
        <LoadFailed what="待遇统计" error={benefits.error} onRetry={() => void benefits.refetch()} />
      ) : (
        <>
          {benefits.data &&
            chart({
              labels: benefits.data.months.map((m) => `${Number(m.month.slice(5))}月`),
              bars: [
                { name: '互助待遇金额', fen: benefits.data.months.map((m) => m.treatmentFen) },
                { name: '补助金额', fen: benefits.data.months.map((m) => m.claimFen) },
              ],
            })}
          <BenefitTable report={benefits.data} loading={benefits.isFetching} />
          <h3 className="page-title" style={{ marginTop: 16 }}>
            按险种
          </h3>
          <BenefitProductTable report={benefits.data} />
          {mixSection('levels', '按医院等级', '医院等级', benefits.data?.levels ?? [])}
          {mixSection('chapters', '按疾病章节（ICD-10）', '疾病章节', benefits.data?.chapters ?? [])}
        </>
      )}
    </>
  );

  const fundRows = fund.data?.list ?? [];
  const statementRow = fundRows.find((r) => r.year === year);
  const fundPane = (
    <>
      <Space className="list-toolbar">
        <Button onClick={() => exporting.mutate({ kind: 'fund' })} loading={exporting.isPending} data-testid="report-fund-export">
          导出Excel
        </Button>
        <span className="page-title__aside">赔付率 = 支出 ÷ 收入；待支付为已核定未发放的互助待遇与已批准未发放的补助</span>
      </Space>
      {fundRows.length > 0 &&
        chart({
          labels: [...fundRows].reverse().map((r) => `${r.year}年度`),
          bars: [
            { name: '收入', fen: [...fundRows].reverse().map((r) => r.receivedFen) },
            { name: '支出', fen: [...fundRows].reverse().map((r) => r.paidOutFen) },
            { name: '待支付', fen: [...fundRows].reverse().map((r) => r.committedFen) },
          ],
          rate: { name: '赔付率', values: [...fundRows].reverse().map((r) => r.payoutRatio) },
        })}
      <FundTable rows={fundRows} loading={fund.isFetching} />
      {statementRow && <AnnualStatement row={statementRow} />}
    </>
  );

  return (
    <section className="console-panel" aria-labelledby="reports-title">
      <h2 id="reports-title" className="page-title">
        统计报表<span className="page-title__aside">数据随业务实时更新</span>
      </h2>
      {fund.isError && !fund.data ? (
        <LoadFailed what="统计报表" error={fund.error} onRetry={() => void fund.refetch()} />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => set({ tab: key })}
          items={[
            { key: 'enrolment', label: TABS.enrolment, children: tab === 'enrolment' && enrolmentPane },
            { key: 'benefits', label: TABS.benefits, children: tab === 'benefits' && benefitPane },
            { key: 'fund', label: TABS.fund, children: tab === 'fund' && fundPane },
          ]}
        />
      )}
    </section>
  );
}
