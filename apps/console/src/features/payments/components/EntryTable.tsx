import { Button, Grid, type TableColumnsType } from 'antd';
import { actionColumn, moneyColumn, timeColumn } from '../../../components/columns';
import type { PaymentEntry } from '../api/payment-entries';
import { QueueTable } from '../../../components/QueueTable';

interface Props {
  rows: PaymentEntry[];
  loading: boolean;
  /** Absent: the operator may not confirm (the auditor reads): no 操作 column. */
  onCheck?(row: PaymentEntry): void;
}

/** Large payments entered by one finance operator, oldest first; 复核确认 opens the second entry. */
export function EntryTable({ rows, loading, onCheck }: Props) {
  const screens = Grid.useBreakpoint();
  const all: TableColumnsType<PaymentEntry> = [
    { title: '申请编号', dataIndex: 'applicationNo', width: 140 },
    { title: '单位名称', dataIndex: 'empName', width: 220, ellipsis: { showTitle: true } },
    { title: '单位账号', dataIndex: 'uact', width: 120, responsive: ['md'] },
    moneyColumn<PaymentEntry>('应缴金额', 'amountFen'),
    { title: '登记人', dataIndex: 'enteredBy', width: 100 },
    timeColumn<PaymentEntry>('登记时间', 'enteredAt'),
    actionColumn<PaymentEntry>(
      Boolean(screens.md),
      (row) => (
        <Button type="link" size="small" onClick={() => onCheck?.(row)} data-testid={`check-${row.applicationNo}`}>
          复核确认
        </Button>
      ),
      100,
    ),
  ];
  const columns = onCheck ? all : all.filter((column) => column.key !== 'actions');
  return (
    <QueueTable
      rowKey="applicationId"
      columns={columns}
      dataSource={rows}
      loading={loading}
      empty="没有待复核的缴费"
      testId="entry-table"
    />
  );
}
