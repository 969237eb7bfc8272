import { Button, Form, Input, Select } from 'antd';
import { AUDIT_ACTION_LABELS } from '@hall/shared/audit-labels.ts';
import type { AuditFilter } from '../api/audit-list';

interface Props {
  value: AuditFilter;
  onSearch(filter: AuditFilter): void;
}

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }));

/** Who (the exact login), what (the action), from and to (China days): Enter or 查询 applies them. */
export function AuditFilters({ value, onSearch }: Props) {
  const [form] = Form.useForm<AuditFilter>();
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={value}
      key={JSON.stringify(value)}
      onFinish={(fields) => onSearch(fields)}
      className="list-toolbar"
      data-testid="audit-filters"
    >
      <Form.Item label="登录账号" name="actor">
        <Input allowClear maxLength={40} placeholder="精确匹配" style={{ width: 160 }} data-testid="audit-actor" />
      </Form.Item>
      <Form.Item label="操作" name="action">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={ACTION_OPTIONS}
          placeholder="全部"
          style={{ width: 150 }}
          data-testid="audit-action"
        />
      </Form.Item>
      <Form.Item label="从" name="from">
        <Input type="date" style={{ width: 150 }} data-testid="audit-from" />
      </Form.Item>
      <Form.Item label="到" name="to">
        <Input type="date" style={{ width: 150 }} data-testid="audit-to" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="audit-search">
          查询
        </Button>
      </Form.Item>
    </Form>
  );
}
