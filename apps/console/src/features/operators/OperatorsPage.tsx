import { useState } from 'react';
import { Button, Grid, Table, type TableColumnsType } from 'antd';
import { opsAdminCalls } from '@hall/shared/contracts/ops-admin.ts';
import { OPERATOR_ROLE_LABELS } from '@hall/shared/operator-roles.ts';
import { LoadFailed } from '../../components/LoadFailed';
import { OneTimePassword } from '../../components/OneTimePassword';
import { useMayCall } from '../../lib/operator-may';
import { useOperator } from '../../lib/session';
import { AccountState } from '../accounts/components/labels';
import { type OperatorAccount, useOperators } from './api/operator-list';
import { useCreateOperator, useSetOperatorRoles } from './api/operator-change';
import { OperatorDialog } from './components/OperatorDialog';

/**
 * 操作员: the back office's accounts with their roles; 新建操作员 (its first password shown once) and
 * 设置角色 of another operator. Locks, resets and disabling are 账号管理's (type 操作员).
 */
export default function OperatorsPage() {
  const screens = Grid.useBreakpoint();
  const me = useOperator();
  const list = useOperators();
  const create = useCreateOperator();
  const setRoles = useSetOperatorRoles();
  const mayChange = useMayCall(opsAdminCalls.opsOperatorCreate);
  const [editing, setEditing] = useState<'new' | OperatorAccount | null>(null);
  const [password, setPassword] = useState<{ login: string; password: string } | null>(null);

  const columns: TableColumnsType<OperatorAccount> = [
    { title: '操作员账号', dataIndex: 'login', width: 150 },
    { title: '姓名', dataIndex: 'name', width: 140 },
    {
      title: '角色',
      dataIndex: 'roles',
      width: 220,
      render: (roles: OperatorAccount['roles']) => roles.map((role) => OPERATOR_ROLE_LABELS[role]).join('、'),
    },
    { title: '状态', key: 'state', width: 240, render: (_: unknown, row) => <AccountState row={row} /> },
  ];
  if (mayChange)
    columns.push({
      title: '操作',
      key: 'actions',
      width: 110,
      fixed: screens.md ? 'right' : undefined,
      // No one widens its own roles: the server refuses, the button is not offered.
      render: (_: unknown, row) =>
        row.login === me?.loginName ? null : (
          <Button type="link" size="small" onClick={() => setEditing(row)} data-testid={`roles-${row.login}`}>
            设置角色
          </Button>
        ),
    });

  return (
    <section className="console-panel" aria-labelledby="operators-title">
      <h2 id="operators-title" className="page-title">
        操作员
      </h2>
      {mayChange ? (
        <div className="list-toolbar">
          <Button type="primary" onClick={() => setEditing('new')} data-testid="operator-new">
            新建操作员
          </Button>
        </div>
      ) : null}
      {list.isError && !list.data ? (
        <LoadFailed what="操作员" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table
          rowKey="accountId"
          columns={columns}
          dataSource={list.data ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
          locale={{ emptyText: '暂无操作员' }}
          data-testid="operator-table"
        />
      )}
      <OperatorDialog
        editing={editing}
        pending={create.isPending || setRoles.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={async (fields) => {
          if (editing === 'new') {
            const made = await create.mutateAsync(fields);
            setPassword({ login: made.login, password: made.password });
          } else await setRoles.mutateAsync({ login: fields.login, roles: fields.roles });
          setEditing(null);
        }}
      />
      <OneTimePassword shown={password} onClose={() => setPassword(null)} />
    </section>
  );
}
