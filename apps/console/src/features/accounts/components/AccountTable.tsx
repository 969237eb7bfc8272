import { Button, Grid, Space, Table, type TableColumnsType } from 'antd';
import { OPERATOR_ROLE_LABELS } from '@hall/shared/operator-roles.ts';
import type { Account } from '../api/account-find';
import type { AccountAction } from '../api/account-act';
import { AccountState, isLocked } from './labels';

interface Props {
  rows: Account[];
  loading: boolean;
  /** Absent: the operator only reads (the auditor), no action column. */
  onAct?(row: Account, action: AccountAction): void;
}

/** The actions an account admits in its state. */
export const actionsOf = (row: Account): AccountAction[] => [
  ...(isLocked(row) ? (['unlock'] as const) : []),
  ...(row.status === 'active' ? (['reset', 'disable'] as const) : []),
  ...(row.status === 'disabled' ? (['enable'] as const) : []),
];

const LINK_LABELS: Record<AccountAction, string> = { unlock: '解锁', reset: '重置密码', disable: '停用', enable: '启用' };

/** The accounts found: login (a worker's masked), name, state; the actions its state admits. */
export function AccountTable({ rows, loading, onAct }: Props) {
  const screens = Grid.useBreakpoint();
  const columns: TableColumnsType<Account> = [
    { title: '登录账号', dataIndex: 'login', width: 170 },
    { title: '名称', dataIndex: 'name', width: 220, ellipsis: { showTitle: true } },
    {
      title: '角色',
      dataIndex: 'roles',
      width: 160,
      responsive: ['md'],
      render: (roles: Account['roles']) => roles.map((role) => OPERATOR_ROLE_LABELS[role]).join('、') || '—',
    },
    { title: '状态', key: 'state', width: 240, render: (_: unknown, row) => <AccountState row={row} /> },
  ];
  if (onAct)
    columns.push({
      title: '操作',
      key: 'actions',
      width: 190,
      fixed: screens.md ? 'right' : undefined,
      render: (_: unknown, row) => (
        <Space size={0} wrap>
          {actionsOf(row).map((action) => (
            <Button
              key={action}
              type="link"
              size="small"
              danger={action === 'disable'}
              onClick={() => onAct(row, action)}
              data-testid={`${action}-${row.accountId}`}
            >
              {LINK_LABELS[action]}
            </Button>
          ))}
        </Space>
      ),
    });
  return (
    <Table
      rowKey="accountId"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
      locale={{ emptyText: '没有找到账号' }}
      data-testid="account-table"
    />
  );
}
