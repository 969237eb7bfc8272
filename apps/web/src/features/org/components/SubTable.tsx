import { Button, Empty, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { UseQueryResult } from '@tanstack/react-query';
import { AuthorizationStatus, NotificationStatus } from '../../../components/StatusLabels';
import { ListFailed } from '../../../components/LoadFailed';
import { WIDE_SCREENS_ONLY } from '../../../components/table-layout';
import { listPaging } from '../../../lib/pagination';
import type { SubItem, SubPageData } from '../api/sub-page';

/** A subordinate can be notified (92) while not yet notified or once its declaration lapsed. */
export const notifiable = (r: SubItem) => r.notifyState === '0' || r.notifyState === '2';

/**
 * The subordinates' table: 编辑, 通知申报 (92), 解除授权 / 恢复授权 (93) and 停用 / 启用 on each
 * row, the row selection for the batch notification (92), and a failed load offered again.
 */
export function SubTable({
  kind,
  noun,
  page,
  pager,
  filtered,
  selected,
  onSelect,
  onTurn,
  onEdit,
  onNotify,
  onAuthorize,
  onToggleAccount,
}: {
  kind: '92' | '93';
  noun: string;
  page: UseQueryResult<SubPageData>;
  pager: { pageNum: number; pageSize: number };
  filtered: boolean;
  selected: SubItem[];
  onSelect(rows: SubItem[]): void;
  onTurn(pageNum: number, pageSize: number): void;
  onEdit(r: SubItem): void;
  onNotify(r: SubItem): void;
  onAuthorize(r: SubItem): void;
  onToggleAccount(r: SubItem): void;
}) {
  const columns: ColumnsType<SubItem> = [
    { title: '单位账号', dataIndex: 'uact', width: 120, fixed: 'left' },
    { title: `${noun}名称`, dataIndex: 'name', width: 200, ellipsis: true },
    // In the edit drawer too; a 1366 px screen leaves it there (table-layout.ts).
    { title: '统一社会信用代码', dataIndex: 'uscc', width: 180, responsive: WIDE_SCREENS_ONLY },
    { title: '联系人', dataIndex: 'contactName', width: 80, render: (v: string) => v || '无' },
    { title: '联系电话', dataIndex: 'contactPhone', width: 120, render: (v: string) => v || '无' },
    kind === '92'
      ? { title: '通知状态', key: 'notify', width: 110, render: (_, r) => <NotificationStatus value={r.notifyState} /> }
      : { title: '授权状态', key: 'auth', width: 120, render: (_, r) => <AuthorizationStatus value={r.authState} /> },
    {
      title: '账号状态',
      key: 'account',
      width: 90,
      render: (_, r) => (r.accountState === 'active' ? <Tag color="green">正常</Tag> : <Tag>已停用</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 210,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => onEdit(r)} data-testid={`sub-edit-${r.uact}`}>
            编辑
          </Button>
          {kind === '92' && notifiable(r) ? (
            <Button type="link" size="small" onClick={() => onNotify(r)} data-testid={`sub-notify-${r.uact}`}>
              通知申报
            </Button>
          ) : null}
          {kind === '93' ? (
            <Button type="link" size="small" danger={r.authState === '1'} onClick={() => onAuthorize(r)} data-testid={`sub-auth-${r.uact}`}>
              {r.authState === '2' ? '恢复授权' : '解除授权'}
            </Button>
          ) : null}
          <Button
            type="link"
            size="small"
            danger={r.accountState === 'active'}
            onClick={() => onToggleAccount(r)}
            data-testid={`sub-account-${r.uact}`}
          >
            {r.accountState === 'active' ? '停用' : '启用'}
          </Button>
        </Space>
      ),
    },
  ];

  if (page.isError && !page.data) return <ListFailed title={`${noun}列表加载失败`} retry={() => void page.refetch()} />;
  return (
    <Table<SubItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={page.data?.list ?? []}
      loading={page.isFetching}
      scroll={{ x: 'max-content' }}
      data-testid="org-table"
      rowSelection={
        kind === '92' ? { selectedRowKeys: selected.map((r) => r.id), onChange: (_keys, chosen) => onSelect(chosen) } : undefined
      }
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={filtered ? `没有符合条件的${noun}，请调整查询条件` : `尚无下属${noun}，点击“新增${noun}”开设账号`}
          />
        ),
      }}
      pagination={listPaging(page.data, pager, onTurn)}
    />
  );
}
