import { Button, Table, type TableColumnsType } from 'antd';
import { LoadFailed } from '../../../components/LoadFailed';
import { type UnionUnit, useUnionUnits } from '../api/account-lists';
import { AccountStateTag, AuthorizationTag, NotificationTag } from './labels';

interface Props {
  unionId: number;
  onDetail(accountId: number): void;
}

/** A union's units under its row of the tree: states and account state, 20 at a time with 加载更多. */
export function UnionUnits({ unionId, onDetail }: Props) {
  const units = useUnionUnits(unionId);
  if (units.isError && !units.data) return <LoadFailed what="下属单位" error={units.error} onRetry={() => void units.refetch()} />;
  const rows = units.data?.pages.flatMap((page) => page.list) ?? [];
  const columns: TableColumnsType<UnionUnit> = [
    // On a phone the name and the states come first; the account is in the detail.
    { title: '单位账号', dataIndex: 'uact', width: 130, responsive: ['sm'] },
    { title: '单位名称', dataIndex: 'name', width: 240, ellipsis: { showTitle: true } },
    { title: '授权状态', dataIndex: 'authState', width: 110, render: (value: string | null) => <AuthorizationTag value={value} /> },
    { title: '通知状态', dataIndex: 'notifyState', width: 110, render: (value: string | null) => <NotificationTag value={value} /> },
    { title: '账号状态', key: 'state', width: 100, render: (_: unknown, row) => <AccountStateTag row={row} /> },
    {
      title: '操作',
      key: 'detail',
      width: 80,
      render: (_: unknown, row) => (
        <Button type="link" size="small" onClick={() => onDetail(row.accountId)} data-testid={`detail-${row.uact}`}>
          详情
        </Button>
      ),
    },
  ];
  return (
    <div data-testid={`union-units-${unionId}`}>
      <Table
        rowKey="unitId"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={units.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无下属单位' }}
      />
      {units.hasNextPage ? (
        <Button type="link" onClick={() => void units.fetchNextPage()} loading={units.isFetchingNextPage}>
          加载更多
        </Button>
      ) : null}
    </div>
  );
}
