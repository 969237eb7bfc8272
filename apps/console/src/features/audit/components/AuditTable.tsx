import { Table, type TableColumnsType } from 'antd';
import { auditActionLabel, auditDetailText } from '@hall/shared/audit-labels.ts';
import { timeColumn } from '../../../components/columns';
import type { AuditRow } from '../api/audit-list';

const ACTOR_KINDS: Record<string, string> = { unit: '单位', personal: '个人', operator: '操作员', anonymous: '匿名' };

/** One page of the log: when, who, what, the detail as a readable line, from where. */
export function AuditTable({ rows, loading }: { rows: AuditRow[]; loading: boolean }) {
  const columns: TableColumnsType<AuditRow> = [
    timeColumn<AuditRow>('时间', 'at'),
    { title: '账号类型', dataIndex: 'actorKind', width: 90, render: (kind: string) => ACTOR_KINDS[kind] ?? kind },
    { title: '登录账号', dataIndex: 'actorKey', width: 170 },
    { title: '操作', dataIndex: 'action', width: 110, render: (action: string) => auditActionLabel(action) },
    { title: '详情', dataIndex: 'detail', width: 420, render: (detail: AuditRow['detail']) => auditDetailText(detail) },
    { title: 'IP', dataIndex: 'ip', width: 130, responsive: ['lg'] },
  ];
  return (
    <Table
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={false}
      size="small"
      locale={{ emptyText: '没有符合条件的记录' }}
      data-testid="audit-table"
    />
  );
}
