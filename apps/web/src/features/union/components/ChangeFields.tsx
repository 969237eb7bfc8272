import { Table } from 'antd';
import type { UnionChange } from '../api/union-info';
import { FieldValue } from './values';

/** The before and after of each changed field. */
export function ChangeFields({ change }: { change: UnionChange }) {
  return (
    <Table
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={change.fields}
      data-testid="change-fields"
      columns={[
        { title: '变更项目', dataIndex: 'label', width: 150 },
        {
          title: '变更前',
          key: 'before',
          render: (_, f) => (
            <span className="union-before">
              <FieldValue field={f.field} value={f.before} />
            </span>
          ),
        },
        {
          title: '变更后',
          key: 'after',
          render: (_, f) => (
            <strong className="union-after">
              <FieldValue field={f.field} value={f.after} />
            </strong>
          ),
        },
      ]}
    />
  );
}
