import { useEffect, useState } from 'react';
import { Button, Empty, Form, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { yuan } from '@hall/shared/enrolment/index.ts';
import { payoutFailureText } from '@hall/shared/benefits/index.ts';
import { ExportButton } from '../../../components/ExportButton';
import { ChoiceFilter, FilterBar, RangeFilter, TextFilter } from '../../../components/FilterBar';
import { ListFailed } from '../../../components/LoadFailed';
import { Panel } from '../../../components/Panel';
import { WIDE_SCREENS_ONLY } from '../../../components/table-layout';
import { listPaging } from '../../../lib/pagination';
import '../../../lib/dayjs-zh';
import { usePeriods } from '../api/periods';
import { exportTreatments } from '../api/treatment-export';
import { type TreatmentItem, type TreatmentPageData, useTreatmentPage } from '../api/treatment-page';
import { exportPersonalTreatments } from '../api/treatment-personal-export';
import { useChange } from '../../../lib/use-change';
import { useTreatmentPersonalPage } from '../api/treatment-personal-page';
import { STATE_COLORS, STATE_OPTIONS } from './state';
import { TreatmentDrawer } from './TreatmentDrawer';
import '../treatment.css';

const money = (fen: number) => `¥${yuan(fen)}`;

export interface TreatmentFilter {
  name?: string;
  certNo?: string;
  hospital?: string;
  year?: number;
  productCode?: string;
  state?: 'none' | 'pending' | 'paid';
  dischargedFrom?: string;
  dischargedTo?: string;
}

/** The bar's values: the filter, with the discharge dates as one range. */
type FilterValues = Omit<TreatmentFilter, 'dischargedFrom' | 'dischargedTo'> & { discharged?: [Dayjs | null, Dayjs | null] | null };

interface Pager {
  pageNum: number;
  pageSize: number;
  afterKey?: string;
  beforeKey?: string;
}

function toFilter(v: FilterValues, mode: 'unit' | 'personal'): TreatmentFilter {
  const text = (s?: string) => (s?.trim() ? s.trim() : undefined);
  const out: TreatmentFilter = {
    ...(mode === 'unit' ? { name: text(v.name), certNo: text(v.certNo)?.toUpperCase() } : {}),
    hospital: text(v.hospital),
    year: v.year || undefined,
    productCode: v.productCode || undefined,
    state: v.state || undefined,
    dischargedFrom: v.discharged?.[0]?.format('YYYY-MM-DD'),
    dischargedTo: v.discharged?.[1]?.format('YYYY-MM-DD'),
  };
  return Object.fromEntries(Object.entries(out).filter(([, x]) => x !== undefined)) as TreatmentFilter;
}

function Figure({ label, value, tone, testId }: { label: string; value: string | number; tone?: string; testId?: string }) {
  return (
    <div className={`treatment-figure${tone ? ` treatment-figure--${tone}` : ''}`} data-testid={testId}>
      <span className="treatment-figure__label">{label}</span>
      <span className="treatment-figure__value">{value}</span>
    </div>
  );
}

function Totals({ totals }: { totals: NonNullable<TreatmentPageData['totals']> }) {
  return (
    <section className="treatment-figures" aria-label="合计" data-testid="treatment-totals">
      <Figure label="待遇记录" value={`${totals.count} 条`} />
      <Figure label="待遇金额合计" value={money(totals.amountFen)} testId="total-amount" />
      <Figure label="已发放" value={money(totals.paidFen)} tone="paid" testId="total-paid" />
      <Figure label="待发放" value={money(totals.pendingFen)} tone={totals.pendingFen > 0 ? 'pending' : undefined} testId="total-pending" />
    </section>
  );
}

/**
 * The treatment list both pages share: filters that stay while the tab lives, the totals of the
 * filtered set above the table, pages that step by keyset, the detail drawer, export. The unit
 * sees its staff (name and masked ID number columns); the person sees their own.
 */
export function TreatmentList({ mode }: { mode: 'unit' | 'personal' }) {
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<TreatmentFilter>({});
  const [pager, setPager] = useState<Pager>({ pageNum: 1, pageSize: 10 });
  const [opened, setOpened] = useState<string | null>(null);
  const exporting = useChange(mode === 'unit' ? exportTreatments : exportPersonalTreatments);
  // The totals of the filtered set are asked on the first page of a filter (a sum over all its
  // rows) and kept while paging: later pages ask for the rows and the count only.
  const query = { ...filter, ...pager, ...(pager.pageNum > 1 ? { withTotals: false } : {}) };
  const unitPage = useTreatmentPage(query, mode === 'unit');
  const ownPage = useTreatmentPersonalPage(query, mode === 'personal');
  const page = mode === 'unit' ? unitPage : ownPage;
  const [totals, setTotals] = useState<TreatmentPageData['totals']>(null);
  const answered = page.data?.totals;
  useEffect(() => {
    if (answered) setTotals(answered);
  }, [answered]);
  const periods = usePeriods();
  const rows = page.data?.list ?? [];
  const total = page.data?.totlCnt ?? 0;
  const filtered = Object.keys(filter).length > 0;

  const products = new Map<string, string>();
  for (const p of periods.data?.list ?? []) for (const x of p.products) if (!products.has(x.code)) products.set(x.code, x.name);

  const search = (values: FilterValues) => {
    setFilter(toFilter(values, mode));
    setPager((p) => ({ pageNum: 1, pageSize: p.pageSize }));
  };
  /** A neighbouring page steps by keyset from the rows on screen; any other page goes by number. */
  const turn = (pageNum: number, pageSize: number) => {
    if (pageSize !== pager.pageSize) return setPager({ pageNum: 1, pageSize });
    if (rows.length && pageNum === pager.pageNum + 1) return setPager({ pageNum, pageSize, afterKey: rows[rows.length - 1].key });
    if (rows.length && pageNum === pager.pageNum - 1) return setPager({ pageNum, pageSize, beforeKey: rows[0].key });
    setPager({ pageNum, pageSize });
  };

  const columns: ColumnsType<TreatmentItem> = [
    ...(mode === 'unit'
      ? ([
          { title: '姓名', dataIndex: 'name', width: 90, fixed: 'left' },
          { title: '身份证号码', dataIndex: 'certNo', width: 176 },
        ] as ColumnsType<TreatmentItem>)
      : []),
    { title: '出院日期', dataIndex: 'dischargedOn', width: 110 },
    // The unit's list, with name and ID number, leaves the hospital to the detail below 1600 px (table-layout.ts).
    {
      title: '医院',
      dataIndex: 'hospitalName',
      width: 170,
      ellipsis: true,
      responsive: mode === 'unit' ? WIDE_SCREENS_ONLY : undefined,
    },
    { title: '互助项目', key: 'product', width: 180, render: (_, r) => `${r.year}年度 ${r.productName}` },
    { title: '待遇金额', dataIndex: 'amountFen', width: 110, align: 'right', render: money },
    { title: '已发放', dataIndex: 'paidFen', width: 110, align: 'right', render: money },
    {
      title: '状态',
      dataIndex: 'state',
      width: 150,
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag color={STATE_COLORS[r.state]}>{r.stateLabel}</Tag>
          {r.payoutFailure ? (
            <Tooltip title={payoutFailureText(r.payoutFailure)}>
              <span className="treatment-reason treatment-reason--failed" data-testid={`payout-failure-${r.id}`}>
                发放失败：{r.payoutFailure}
              </span>
            </Tooltip>
          ) : r.reason ? (
            <Tooltip title={r.reason}>
              <span className="treatment-reason">{r.reason}</span>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpened(r.id)} data-testid={`detail-${r.id}`}>
          详情
        </Button>
      ),
    },
  ];

  return (
    <div className="treatment-page" data-testid={mode === 'unit' ? 'treatment-query-page' : 'treatment-personal-page'}>
      <Panel title="互助待遇查询">
        <FilterBar form={form} onSearch={search} testId="treatment-filter">
          {mode === 'unit' ? (
            <>
              <TextFilter label="姓名" name="name" maxLength={30} placeholder="姓名开头的字" data-testid="filter-name" />
              <TextFilter label="身份证号码" name="certNo" maxLength={18} placeholder="完整的18位号码" data-testid="filter-certNo" />
            </>
          ) : null}
          <RangeFilter label="出院日期" name="discharged" />
          <TextFilter label="医院" name="hospital" maxLength={50} placeholder="医院名称中的字" data-testid="filter-hospital" />
          <ChoiceFilter
            label="年度"
            name="year"
            aria-label="年度"
            className="treatment-filter__select"
            options={(periods.data?.list ?? []).map((p) => ({ value: p.year, label: `${p.year}年度` }))}
          />
          <ChoiceFilter
            label="互助项目"
            name="productCode"
            aria-label="互助项目"
            className="treatment-filter__select treatment-filter__select--wide"
            options={[...products].map(([value, label]) => ({ value, label }))}
          />
          <ChoiceFilter label="状态" name="state" aria-label="状态" className="treatment-filter__select" options={STATE_OPTIONS} />
        </FilterBar>

        <div className="treatment-toolbar">
          {page.data && totals ? <Totals totals={totals} /> : <span />}
          <ExportButton exporting={exporting} input={filter} disabled={!total} testId="treatment-export" />
        </div>

        {page.isError && !page.data ? (
          <ListFailed title="互助待遇加载失败" error={page.error} retry={() => void page.refetch()} />
        ) : (
          <Table<TreatmentItem>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={page.isFetching}
            scroll={{ x: 'max-content' }}
            data-testid="treatment-table"
            locale={{
              emptyText: (
                <Empty
                  description={
                    page.isLoading
                      ? '正在加载…'
                      : filtered
                        ? '没有符合条件的互助待遇记录，请调整查询条件'
                        : `暂无互助待遇记录：医保结算数据由市总工会定期导入，${mode === 'unit' ? '本单位参保职工' : '您'}住院或门诊特殊病的结算导入后，待遇自动计算并显示在这里`
                  }
                />
              ),
            }}
            pagination={listPaging(page.data, { pageNum: page.data?.pageNum ?? pager.pageNum, pageSize: pager.pageSize }, turn)}
          />
        )}
      </Panel>
      <TreatmentDrawer mode={mode} id={opened} onClose={() => setOpened(null)} />
    </div>
  );
}
