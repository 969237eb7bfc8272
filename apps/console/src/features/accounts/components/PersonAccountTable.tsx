import { Button, Table, type TableColumnsType } from 'antd';
import { chinaDay } from '@hall/shared/china-time.ts';
import type { PersonAccount } from '../api/account-lists';
import { AccountStateTag } from './labels';

interface Props {
  rows: PersonAccount[];
  loading: boolean;
  onDetail(accountId: number): void;
}

/** Workers' personal accounts: name, masked ID number and phone, when opened, state. */
export function PersonAccountTable({ rows, loading, onDetail }: Props) {
  const columns: TableColumnsType<PersonAccount> = [
    { title: '姓名', dataIndex: 'name', width: 110 },
    { title: '身份证号', dataIndex: 'certNo', width: 190 },
    { title: '手机号', dataIndex: 'phone', width: 130, render: (phone: string) => phone || '无' },
    { title: '开户日期', dataIndex: 'createdAt', width: 110, responsive: ['md'], render: (at: string) => chinaDay(new Date(at)) },
    { title: '账号状态', key: 'state', width: 100, render: (_: unknown, row) => <AccountStateTag row={row} /> },
    {
      title: '操作',
      key: 'detail',
      width: 80,
      render: (_: unknown, row) => (
        <Button type="link" size="small" onClick={() => onDetail(row.accountId)} data-testid={`detail-${row.accountId}`}>
          详情
        </Button>
      ),
    },
  ];
  return (
    <Table
      rowKey="accountId"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '没有找到职工账号' }}
      data-testid="person-accounts"
    />
  );
}
