import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Segmented, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { yuan } from '@hall/shared/enrolment/index.ts';
import type { PayableState } from '@hall/shared/enrolment/payable.ts';
import { groupedReference } from '@hall/shared/enrolment/payment-reference.ts';
import { LoadFailed } from '../../components/LoadFailed';
import { Panel } from '../../components/Panel';
import { formatDate } from '../../lib/format';
import { type Payable, usePayables } from './api/payables';
import './payment.css';

type StateFilter = 'all' | PayableState | 'overdue';

const STATE_COLORS: Record<PayableState, string> = { unpaid: 'warning', paid: 'processing', effective: 'success' };

/** The state of a payable as a tag; 逾期 in red beside 待缴费 once the deadline has passed. */
export function PayableStateTag({ payable }: { payable: Pick<Payable, 'state' | 'stateLabel' | 'overdue'> }) {
  return (
    <Space size={4} wrap>
      <Tag color={STATE_COLORS[payable.state]}>{payable.stateLabel}</Tag>
      {payable.overdue ? (
        <Tag color="error" data-testid="overdue-tag">
          逾期
        </Tag>
      ) : null}
    </Space>
  );
}

const money = (fen: number) => `¥${yuan(fen)}`;

function Breakdown({ payable }: { payable: Payable }) {
  return (
    <Table
      className="payment-breakdown"
      size="small"
      rowKey="productCode"
      pagination={false}
      dataSource={payable.breakdown}
      columns={[
        { title: '互助项目', dataIndex: 'productName' },
        { title: '人数', dataIndex: 'headcount', align: 'right' },
        { title: '份数', dataIndex: 'shares', align: 'right' },
        { title: '每份费率', dataIndex: 'rateFen', align: 'right', render: (v: number) => `${money(v)}/年` },
        { title: '金额', dataIndex: 'amountFen', align: 'right', render: (v: number) => money(v) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            {payable.headcount}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} align="right">
            {payable.breakdown.reduce((s, b) => s + b.shares, 0)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} />
          <Table.Summary.Cell index={4} align="right">
            <strong>{money(payable.amountFen)}</strong>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

const ARRIVAL_WORDS = { matched: '银行到账，已核对', waiting: '已到账，待市总工会核对', refunded: '已退款' } as const;

/** What the bank statement shows arrived for this notice, and whether the union has matched it. */
function Arrivals({ arrivals }: { arrivals: Payable['arrivals'] }) {
  if (arrivals.length === 0) return null;
  return (
    <ul className="payment-arrivals" aria-label="银行到账">
      {arrivals.map((a) => (
        <li key={a.id} className={`payment-arrival payment-arrival--${a.state}`}>
          {a.bookedOn} {money(a.amountFen)} {ARRIVAL_WORDS[a.state]}
        </li>
      ))}
    </ul>
  );
}

/**
 * /payment 应缴金额: the unit's applications waiting for payment or paid, each with its
 * breakdown (互助项目 × 人数 × 份数 × 费率), the deadline, 逾期 in red, the payment record once the
 * union confirmed it, and 打印缴费通知单 (/print). Year and state filters stay while the tab lives.
 */
export default function PaymentPage() {
  const navigate = useNavigate();
  const [year, setYear] = useState<number | undefined>();
  const [state, setState] = useState<StateFilter>('all');
  const query = usePayables(year);
  const data = query.data;
  const years = useMemo(() => {
    const set = new Set<number>((data?.list ?? []).map((p) => p.year));
    if (year) set.add(year);
    return [...set].sort((a, b) => b - a);
  }, [data, year]);
  const rows = (data?.list ?? []).filter((p) => (state === 'all' ? true : state === 'overdue' ? p.overdue : p.state === state));
  const printNotice = (p: Payable) => navigate(`/print?kind=payment-notice&id=${p.id}`);

  const columns: ColumnsType<Payable> = [
    { title: '申请号', dataIndex: 'applicationNo', width: 150 },
    {
      title: '缴费识别码',
      dataIndex: 'paymentRef',
      width: 190,
      render: (v: string) => <span className="payment-reference">{groupedReference(v)}</span>,
    },
    { title: '年度', dataIndex: 'year', width: 70 },
    { title: '类型', dataIndex: 'kindLabel', width: 70 },
    { title: '人数', dataIndex: 'headcount', width: 70, align: 'right' },
    { title: '应缴金额', dataIndex: 'amountFen', width: 120, align: 'right', render: (v: number) => <strong>{money(v)}</strong> },
    {
      title: '缴费截止',
      dataIndex: 'payDeadline',
      width: 110,
      render: (v: string, p) => <span className={p.overdue ? 'payment-late' : undefined}>{v}</span>,
    },
    { title: '状态', key: 'state', width: 130, render: (_, p) => <PayableStateTag payable={p} /> },
    {
      title: '缴费记录',
      key: 'payment',
      width: 220,
      render: (_, p) => (
        <>
          {p.payment ? (
            <span className="payment-record">
              {p.payment.paidOn} · {money(p.payment.amountFen)}
              <br />
              凭证号 {p.payment.voucherNo}
            </span>
          ) : p.arrivals.length === 0 ? (
            <span className="payment-muted">未缴费</span>
          ) : null}
          <Arrivals arrivals={p.arrivals} />
        </>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, p) => (
        <Button type="link" size="small" icon={<PrinterOutlined />} onClick={() => printNotice(p)} data-testid={`print-notice-${p.id}`}>
          {p.state === 'unpaid' ? '打印缴费通知单' : '打印通知单'}
        </Button>
      ),
    },
  ];

  return (
    <div className="payment page-wide" data-testid="payment-page">
      <section className="payment-summary" aria-label="应缴概况">
        <div className="payment-figure">
          <span className="payment-figure__label">待缴金额</span>
          <span className="payment-figure__value" data-testid="unpaid-total">
            {data ? money(data.unpaidFen) : '—'}
          </span>
        </div>
        <div className="payment-figure">
          <span className="payment-figure__label">待缴费申请</span>
          <span className="payment-figure__value">{data ? data.list.filter((p) => p.state === 'unpaid').length : '—'}</span>
        </div>
        <div className={`payment-figure${data?.overdueCount ? ' payment-figure--late' : ''}`}>
          <span className="payment-figure__label">已逾期</span>
          <span className="payment-figure__value">{data ? data.overdueCount : '—'}</span>
        </div>
        <div className="payment-figure">
          <span className="payment-figure__label">合计（含已缴）</span>
          <span className="payment-figure__value">{data ? money(data.totalFen) : '—'}</span>
        </div>
      </section>
      {data && data.overdueCount > 0 ? (
        <Alert
          type="error"
          showIcon
          className="payment-alert"
          title={`有 ${data.overdueCount} 笔申请已超过缴费截止日期仍未缴费`}
          description="请尽快按缴费通知单缴费；缴费后由市总工会确认，确认前相关职工不能享受互助保障。"
        />
      ) : null}
      <Panel title="应缴金额">
        <div className="payment-toolbar">
          <Space wrap>
            <Select
              aria-label="年度"
              placeholder="全部年度"
              allowClear
              style={{ width: 120 }}
              value={year}
              onChange={(v) => setYear(v ?? undefined)}
              options={years.map((y) => ({ value: y, label: `${y}年度` }))}
            />
            <Segmented<StateFilter>
              value={state}
              onChange={setState}
              options={[
                { value: 'all', label: '全部' },
                { value: 'unpaid', label: '待缴费' },
                { value: 'overdue', label: '逾期' },
                { value: 'paid', label: '已缴费' },
                { value: 'effective', label: '已生效' },
              ]}
            />
            <Tooltip title="刷新">
              <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} aria-label="刷新" />
            </Tooltip>
          </Space>
        </div>
        {query.isError && !data ? (
          <LoadFailed title="应缴金额加载失败" error={query.error} retry={() => void query.refetch()} />
        ) : (
          <Table<Payable>
            rowKey="id"
            size="middle"
            loading={query.isFetching}
            dataSource={rows}
            columns={columns}
            scroll={{ x: 1000 }}
            expandable={{ expandedRowRender: (p) => <Breakdown payable={p} />, rowExpandable: (p) => p.breakdown.length > 0 }}
            pagination={{ pageSize: 10, showSizeChanger: true, hideOnSinglePage: true, showTotal: (t) => `共 ${t} 笔` }}
            locale={{
              emptyText: (
                <Empty
                  description={
                    state === 'all' ? '暂无应缴金额：互助申请经审核受理后，在这里查看应缴金额并打印缴费通知单' : '没有符合条件的申请'
                  }
                />
              ),
            }}
          />
        )}
        {data ? (
          <p className="payment-note">
            截至 {formatDate(`${data.today}T04:00:00Z`)}。应缴金额 = 人数 × 份数 ×
            每份费率；缴费后由市总工会按银行回单确认，确认后状态变为“已缴费”，保障自生效日起开始。
          </p>
        ) : null}
      </Panel>
    </div>
  );
}
