import { Button, Table, type TableColumnsType } from 'antd';
import type { Union } from '../api/account-lists';
import { AccountStateTag, UNION_TYPE_LABELS } from './labels';
import { UnionUnits } from './UnionUnits';

interface Props {
  rows: Union[];
  loading: boolean;
  onDetail(accountId: number): void;
}

/**
 * The unions as expandable rows (type, how many units, account state), each union's units beneath
 * it when opened; a union without units has nothing to open.
 */
export function UnionTree({ rows, loading, onDetail }: Props) {
  const columns: TableColumnsType<Union> = [
    { title: '工会账号', dataIndex: 'uact', width: 130, responsive: ['sm'] },
    { title: '工会名称', dataIndex: 'name', width: 260, ellipsis: { showTitle: true } },
    { title: '工会类型', dataIndex: 'uniType', width: 120, render: (value: string | null) => (value ? UNION_TYPE_LABELS[value] : '无') },
    { title: '下属单位', dataIndex: 'units', width: 90, align: 'right' },
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
    <Table
      rowKey="unitId"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '没有符合条件的工会' }}
      data-testid="union-tree"
      expandable={{
        rowExpandable: (row) => row.units > 0,
        expandedRowRender: (row) => <UnionUnits unionId={row.unitId} onDetail={onDetail} />,
        expandIcon: ({ expanded, expandable, onExpand, record }) =>
          expandable ? (
            <Button
              type="text"
              size="small"
              aria-label={`${expanded ? '收起' : '展开'}${record.name}的下属单位`}
              aria-expanded={expanded}
              onClick={(event) => onExpand(record, event)}
              data-testid={`expand-${record.uact}`}
            >
              {expanded ? '−' : '+'}
            </Button>
          ) : null,
      }}
    />
  );
}
