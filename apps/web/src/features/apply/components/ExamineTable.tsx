import { Button, Table } from 'antd';
import type { TablePaginationConfig } from 'antd/es/table';
import type { ApplicationItem } from '@hall/shared/contracts/enrolment.ts';
import { ReviewRowActions } from '../../../components/ReviewFooter';
import { WIDE_SCREENS_ONLY } from '../../../components/table-layout';
import { formatDateTime } from '../../../lib/format';
import { money, StateTag } from './labels';

/** 申请审核's table: the waiting rows can be selected for the batch approval and decided on the row. */
export function ExamineTable({
  rows,
  loading,
  empty,
  selected,
  onSelect,
  pagination,
  busy,
  onOpen,
  onApprove,
  onReturn,
}: {
  rows: ApplicationItem[];
  loading: boolean;
  empty: string;
  selected: number[];
  onSelect(ids: number[]): void;
  pagination: TablePaginationConfig;
  busy: boolean;
  onOpen(a: ApplicationItem): void;
  onApprove(a: ApplicationItem): void;
  onReturn(a: ApplicationItem): void;
}) {
  return (
    <Table<ApplicationItem>
      rowKey="id"
      loading={loading}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      data-testid="examine-table"
      locale={{ emptyText: empty }}
      rowSelection={{
        selectedRowKeys: selected,
        preserveSelectedRowKeys: true,
        onChange: (keys) => onSelect(keys as number[]),
        getCheckboxProps: (a) => ({ disabled: a.state !== 'submitted' }),
      }}
      pagination={pagination}
      columns={[
        {
          title: '申请编号',
          dataIndex: 'no',
          width: 160,
          render: (no: string, a) => (
            <Button type="link" className="apply-no" onClick={() => onOpen(a)}>
              {no}
            </Button>
          ),
        },
        { title: '企业名称', dataIndex: 'unitName', width: 200, ellipsis: true },
        { title: '互助期', dataIndex: 'periodYear', width: 90, render: (y: number) => `${y}年度` },
        { title: '类型', dataIndex: 'kindLabel', width: 70 },
        { title: '人数', dataIndex: 'headcount', width: 70, align: 'right' },
        { title: '应缴金额', dataIndex: 'amountFen', width: 120, align: 'right', render: money },
        // The detail has it; a 1366 px screen leaves it there (table-layout.ts).
        {
          title: '提交时间',
          dataIndex: 'submittedAt',
          width: 150,
          responsive: WIDE_SCREENS_ONLY,
          render: (v: string | null) => formatDateTime(v),
        },
        {
          title: '状态',
          dataIndex: 'state',
          width: 100,
          render: (_: unknown, a) => <StateTag state={a.state} label={a.stateLabel} />,
        },
        {
          title: '操作',
          key: 'actions',
          width: 160,
          fixed: 'right',
          render: (_: unknown, a) => (
            <ReviewRowActions
              waiting={a.state === 'submitted'}
              busy={busy}
              onApprove={() => onApprove(a)}
              onReturn={() => onReturn(a)}
              onView={() => onOpen(a)}
            />
          ),
        },
      ]}
    />
  );
}
