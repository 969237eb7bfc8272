import { Button, Grid, Space, type TableColumnsType } from 'antd';
import { actionColumn, stateColumn, timeColumn } from '../../../components/columns';
import { QueueTable } from '../../../components/QueueTable';
import type { Registration } from '../api/registration-list';
import { KIND_LABELS, StatusTag } from './labels';

interface Props {
  rows: Registration[];
  loading: boolean;
  onView(row: Registration): void;
  onApprove(row: Registration): void;
  onReject(row: Registration): void;
}

/**
 * The registrations of one status; 审核通过 and 驳回 on a waiting row, 查看 on every row. As the
 * portal's tables (docs/architecture.md, "Tables"): at 1366 px every column fits beside the
 * sidebar (widths ≤ 1,000 px; 上级工会, also in the drawer, from 1600 px); on a phone the table
 * scrolls sideways and 操作 is pinned only from md up.
 */
export function RegistrationTable({ rows, loading, onView, onApprove, onReject }: Props) {
  const screens = Grid.useBreakpoint();
  const columns: TableColumnsType<Registration> = [
    { title: '单位账号', dataIndex: 'uact', width: 130 },
    { title: '单位名称', dataIndex: 'empName', width: 200, ellipsis: { showTitle: true } },
    { title: '类型', dataIndex: 'kind', width: 100, render: (kind: Registration['kind']) => KIND_LABELS[kind] },
    { title: '上级工会', dataIndex: 'parentName', width: 180, ellipsis: { showTitle: true }, responsive: ['xxl'] },
    { title: '联系电话', dataIndex: 'phone', width: 120, responsive: ['md'] },
    timeColumn<Registration>('提交时间', 'submittedAt'),
    stateColumn<Registration>((row) => <StatusTag row={row} />, 90),
    actionColumn<Registration>(
      Boolean(screens.md),
      (row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => onView(row)} data-testid={`view-${row.uact}`}>
            查看
          </Button>
          {row.status === 'pending' ? (
            <>
              <Button type="link" size="small" onClick={() => onApprove(row)} data-testid={`approve-${row.uact}`}>
                审核通过
              </Button>
              <Button type="link" size="small" danger onClick={() => onReject(row)} data-testid={`reject-${row.uact}`}>
                驳回
              </Button>
            </>
          ) : null}
        </Space>
      ),
      190,
    ),
  ];
  return <QueueTable rowKey="uact" columns={columns} dataSource={rows} loading={loading} empty="暂无数据" testId="registration-table" />;
}
