import { Button, Grid, type TableColumnsType } from 'antd';
import { actionColumn, stateColumn, timeColumn } from '../../../components/columns';
import { QueueTable } from '../../../components/QueueTable';
import type { UnionChange } from '../api/union-change-list';
import { StateTag } from './labels';

interface Props {
  rows: UnionChange[];
  loading: boolean;
  onView(row: UnionChange): void;
}

/** The changes of one state: the union, what it changes (field names), when; 审核 or 查看 opens the drawer. */
export function UnionChangeTable({ rows, loading, onView }: Props) {
  const screens = Grid.useBreakpoint();
  const columns: TableColumnsType<UnionChange> = [
    { title: '单位账号', dataIndex: 'uact', width: 120 },
    { title: '工会名称', dataIndex: 'unitName', width: 200, ellipsis: { showTitle: true } },
    {
      title: '变更内容',
      key: 'fields',
      width: 260,
      ellipsis: { showTitle: true },
      responsive: ['md'],
      render: (_: unknown, row) => row.fields.map((field) => field.label).join('、'),
    },
    timeColumn<UnionChange>('提交时间', 'submittedAt'),
    stateColumn<UnionChange>((row) => <StateTag row={row} />, 90),
    actionColumn<UnionChange>(Boolean(screens.md), (row) => (
      <Button type="link" size="small" onClick={() => onView(row)} data-testid={`view-change-${row.id}`}>
        {row.state === 'pending' ? '审核' : '查看'}
      </Button>
    )),
  ];
  return (
    <QueueTable rowKey="id" columns={columns} dataSource={rows} loading={loading} empty="暂无工会信息变更" testId="union-change-table" />
  );
}
