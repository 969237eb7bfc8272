import { Button, Grid, type TableColumnsType } from 'antd';
import { StatusTag } from '../../../components/StatusTag';
import { actionColumn, moneyColumn } from '../../../components/columns';
import type { Payable } from '../api/payable-list';
import { QueueTable } from '../../../components/QueueTable';

interface Props {
  rows: Payable[];
  loading: boolean;
  /** Absent: the operator may not confirm (the auditor reads): no 操作 column. */
  onConfirm?(row: Payable): void;
}

const Deadline = ({ row }: { row: Payable }) => (
  <>
    {row.payDeadline}{' '}
    {row.overdue ? (
      <StatusTag color="error">{`逾期 ${-row.daysLeft} 天`}</StatusTag>
    ) : (
      <StatusTag color={row.daysLeft <= 7 ? 'warning' : 'default'}>{`剩 ${row.daysLeft} 天`}</StatusTag>
    )}
  </>
);

/** 待缴费 applications, the deadline first (the server's order); 确认缴费 on each. */
export function PayableTable({ rows, loading, onConfirm }: Props) {
  const screens = Grid.useBreakpoint();
  const all: TableColumnsType<Payable> = [
    { title: '申请编号', dataIndex: 'applicationNo', width: 140 },
    { title: '缴费识别码', dataIndex: 'paymentRef', width: 170, responsive: ['xl'] },
    { title: '单位名称', dataIndex: 'empName', width: 220, ellipsis: { showTitle: true } },
    { title: '单位账号', dataIndex: 'uact', width: 120, responsive: ['md'] },
    { title: '年度', dataIndex: 'year', width: 70, responsive: ['lg'] },
    { title: '人数', dataIndex: 'headcount', width: 70, align: 'right' },
    moneyColumn<Payable>('应缴金额', 'amountFen'),
    { title: '缴费截止', key: 'deadline', width: 190, render: (_: unknown, row) => <Deadline row={row} /> },
    actionColumn<Payable>(
      Boolean(screens.md),
      (row) => (
        <Button type="link" size="small" onClick={() => onConfirm?.(row)} data-testid={`confirm-${row.applicationNo}`}>
          确认缴费
        </Button>
      ),
      100,
    ),
  ];
  const columns = onConfirm ? all : all.filter((column) => column.key !== 'actions');
  return <QueueTable rowKey="id" columns={columns} dataSource={rows} loading={loading} empty="没有待缴费的申请" testId="payable-table" />;
}
