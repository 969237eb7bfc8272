import { Table } from 'antd';
import { StatusTag } from '../../../components/StatusTag';
import type { UnionChange } from '../api/union-change-list';
import { shown } from './labels';

type Field = UnionChange['fields'][number];

/** Before and after per field; a field whose value differs is marked 已变更 and its new value stands out. */
export function FieldDiff({ fields }: { fields: UnionChange['fields'] }) {
  const changed = (row: Field) => shown(row.before) !== shown(row.after);
  return (
    <Table<Field>
      rowKey="field"
      size="small"
      pagination={false}
      dataSource={fields}
      data-testid="field-diff"
      rowClassName={(row) => (changed(row) ? 'field-diff__changed' : '')}
      columns={[
        {
          title: '项目',
          dataIndex: 'label',
          width: 140,
          render: (label: string, row) => (
            <>
              {label}
              {changed(row) ? (
                <span className="field-diff__tag">
                  <StatusTag color="orange">已变更</StatusTag>
                </span>
              ) : null}
            </>
          ),
        },
        {
          title: '变更前',
          dataIndex: 'before',
          render: (value: Field['before']) => <span className="field-diff__before">{shown(value)}</span>,
        },
        { title: '变更后', dataIndex: 'after', render: (value: Field['after']) => <strong>{shown(value)}</strong> },
      ]}
    />
  );
}
