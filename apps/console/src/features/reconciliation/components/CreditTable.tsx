import { Button, Grid, Space, Table, type TableColumnsType } from 'antd';
import { CREDIT_REASON_LABELS, CREDIT_STATE_LABELS } from '@hall/shared/money/reconciliation.ts';
import { Money } from '../../../components/Money';
import { EmptyList } from '../../../components/QueueTable';
import { StatusTag } from '../../../components/StatusTag';
import { chinaMinute } from '@hall/shared/china-time.ts';
import type { Credit } from '../api/credits';

const STATE_COLORS = { matched: 'success', exception: 'warning', refunded: 'default', left: 'processing' } as const;

interface Props {
  rows: Credit[];
  loading: boolean;
  /** The finance operator's actions; none: read only (the auditor). */
  actions?: {
    selected: number[];
    onSelect(ids: number[]): void;
    onMatch(credits: Credit[]): void;
    onRefund(credit: Credit): void;
    onLeave(credit: Credit): void;
  };
}

const open = (c: Credit) => c.state === 'exception' || c.state === 'left';

/** Credits of the union's account as the bank gave them, with what became of each and why. */
export function CreditTable({ rows, loading, actions }: Props) {
  // Pinned only where there is room: on a phone the pinned actions would hide the amount.
  const wide = Grid.useBreakpoint().md ?? true;
  // What a clerk decides on first (amount, payer, why it waits, the likely notice), the bank's details after.
  const columns: TableColumnsType<Credit> = [
    { title: '交易日期', dataIndex: 'bookedOn', width: 110 },
    { title: '金额', dataIndex: 'amountFen', width: 120, align: 'right', render: (fen: number) => <Money fen={fen} /> },
    { title: '付款户名', dataIndex: 'payerName', width: 200, ellipsis: { showTitle: true } },
    {
      title: '状态',
      key: 'state',
      width: 230,
      render: (_: unknown, c) => (
        <Space direction="vertical" size={0}>
          <StatusTag color={STATE_COLORS[c.state]}>{CREDIT_STATE_LABELS[c.state]}</StatusTag>
          {c.reason && c.state !== 'matched' ? <span className="credit-reason">{CREDIT_REASON_LABELS[c.reason]}</span> : null}
          {c.note ? <span className="credit-note">{c.note}</span> : null}
        </Space>
      ),
    },
    {
      title: '缴费通知单',
      key: 'application',
      width: 230,
      render: (_: unknown, c) =>
        c.application ? (
          <Space direction="vertical" size={0}>
            <span>{c.application.applicationNo}</span>
            <span className="credit-note">
              {c.application.empName} · 应缴 <Money fen={c.application.dueFen} />
            </span>
          </Space>
        ) : (
          <span className="credit-note">—</span>
        ),
    },
    { title: '附言', dataIndex: 'memo', width: 220, ellipsis: { showTitle: true } },
    { title: '流水号', dataIndex: 'txnId', width: 150, render: (v: string, c) => `${c.bank} ${v}` },
    { title: '付款账号', dataIndex: 'payerAccount', width: 170 },
    {
      title: '处理',
      key: 'resolved',
      width: 150,
      render: (_: unknown, c) => (c.resolvedBy ? `${c.resolvedBy} ${chinaMinute(c.resolvedAt) ?? ''}` : ''),
    },
  ];
  if (actions)
    columns.push({
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: wide ? 'right' : undefined,
      render: (_: unknown, c) =>
        open(c) ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => actions.onMatch([c])} data-testid={`match-${c.txnId}`}>
              核对
            </Button>
            <Button type="link" size="small" onClick={() => actions.onRefund(c)} data-testid={`refund-${c.txnId}`}>
              退款
            </Button>
            {c.state === 'exception' ? (
              <Button type="link" size="small" onClick={() => actions.onLeave(c)} data-testid={`leave-${c.txnId}`}>
                搁置
              </Button>
            ) : null}
          </Space>
        ) : null,
    });
  if (!loading && rows.length === 0) return <EmptyList words="没有到账记录" testId="credit-table" />;
  return (
    <Table<Credit>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '没有到账记录' }}
      rowSelection={
        actions
          ? {
              selectedRowKeys: actions.selected,
              onChange: (keys) => actions.onSelect(keys as number[]),
              getCheckboxProps: (c) => ({ disabled: !open(c), 'aria-label': `选择流水 ${c.txnId}` }),
            }
          : undefined
      }
      data-testid="credit-table"
    />
  );
}
