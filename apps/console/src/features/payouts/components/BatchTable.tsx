import { Button, Grid, Space, Table, type TableColumnsType } from 'antd';
import { actionColumn, moneyColumn, stateColumn, timeColumn } from '../../../components/columns';
import { StatusTag } from '../../../components/StatusTag';
import type { PayoutBatch } from '../api/batch-list';

export const KIND_LABELS: Record<PayoutBatch['kind'], string> = { treatment: '互助待遇', claim: '补助' };

const STATES: Record<PayoutBatch['state'], { label: string; color: string }> = {
  sent: { label: '待银行回执', color: 'processing' },
  closed: { label: '已完成', color: 'success' },
};

export const BatchState = ({ state }: { state: PayoutBatch['state'] }) => (
  <StatusTag color={STATES[state].color}>{STATES[state].label}</StatusTag>
);

/** The bank's progress of a batch: 成功 / 失败 / 待回执 of its lines. */
export const batchProgress = (b: PayoutBatch) =>
  b.lines === 0 ? '—' : `成功 ${b.paidLines} · 失败 ${b.failedLines} · 待回执 ${b.lines - b.paidLines - b.failedLines}`;

interface Props {
  rows: PayoutBatch[];
  loading: boolean;
  /** The batch being exported (its button spins). */
  exporting: string | null;
  onExport(row: PayoutBatch): void;
  onOpen(row: PayoutBatch): void;
}

/** The payout batches, newest first: number, kind, count, total, the bank's progress, who paid and when; each exportable and opened for its bank files. */
export function BatchTable({ rows, loading, exporting, onExport, onOpen }: Props) {
  const screens = Grid.useBreakpoint();
  const columns: TableColumnsType<PayoutBatch> = [
    { title: '批次号', dataIndex: 'batchNo', width: 170 },
    { title: '类别', dataIndex: 'kind', width: 90, render: (kind: PayoutBatch['kind']) => KIND_LABELS[kind] },
    { title: '笔数', dataIndex: 'count', width: 70, align: 'right' },
    moneyColumn<PayoutBatch>('合计金额', 'totalFen', 130),
    stateColumn<PayoutBatch>((row) => <BatchState state={row.state} />, 110),
    { title: '银行回执', key: 'progress', width: 240, render: (_, row) => batchProgress(row) },
    { title: '发放日期', dataIndex: 'paidOn', width: 110, responsive: ['md'] },
    { title: '经办人', dataIndex: 'operator', width: 90, responsive: ['lg'] },
    timeColumn<PayoutBatch>('办理时间', 'createdAt', { responsive: ['xl'] }),
    actionColumn<PayoutBatch>(
      Boolean(screens.md),
      (row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onOpen(row)} data-testid={`open-${row.batchNo}`}>
            代发与回执
          </Button>
          <Button
            type="link"
            size="small"
            loading={exporting === row.batchNo}
            onClick={() => onExport(row)}
            data-testid={`export-${row.batchNo}`}
          >
            导出明细
          </Button>
        </Space>
      ),
      190,
    ),
  ];
  return (
    <Table
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (total) => `共 ${total} 个批次` }}
      locale={{ emptyText: '还没有发放批次' }}
      data-testid="batch-table"
    />
  );
}
