import { Table, type TableColumnsType } from 'antd';
import { chinaMinute } from '@hall/shared/china-time.ts';
import { EmptyList } from '../../../components/QueueTable';
import type { Statement } from '../api/statements';

const count = (warn: boolean) => (n: number) => <span className={warn && n ? 'credit-warn' : undefined}>{n}</span>;

/** 导入记录: every statement loaded, who loaded it and what became of its credits. */
export function StatementTable({ rows, loading }: { rows: Statement[]; loading: boolean }) {
  const columns: TableColumnsType<Statement> = [
    { title: '导入时间', dataIndex: 'loadedAt', width: 150, render: (at: string) => chinaMinute(at) },
    { title: '银行', dataIndex: 'bank', width: 100 },
    { title: '文件', dataIndex: 'fileName', width: 220, ellipsis: { showTitle: true } },
    { title: '导入人', dataIndex: 'loadedBy', width: 100 },
    { title: '新到账', dataIndex: 'credits', width: 90, align: 'right' },
    { title: '自动核对', dataIndex: 'matched', width: 90, align: 'right' },
    { title: '待处理', dataIndex: 'exceptions', width: 90, align: 'right', render: count(true) },
    { title: '已导入过', dataIndex: 'repeated', width: 90, align: 'right' },
  ];
  if (!loading && rows.length === 0) return <EmptyList words="尚未导入对账单" testId="statement-table" />;
  return (
    <Table<Statement>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (total) => `共 ${total} 次` }}
      locale={{ emptyText: '尚未导入对账单' }}
      data-testid="statement-table"
    />
  );
}
