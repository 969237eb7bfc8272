import type { ReactNode } from 'react';
import { Button, DatePicker, Form, type FormInstance, Input, type InputProps, Select, type SelectProps, Space } from 'antd';
import './components.css';

/**
 * The filter bar of a list page: its fields in one inline form, then 查询 and 重置. 重置 empties
 * the fields back to `initialValues` and searches with them, so a page gives only its fields and
 * what a search does (the filters stay in the page's state: the tab is kept alive).
 */
export function FilterBar<V extends object>({
  form,
  initialValues,
  onSearch,
  testId,
  searchIcon,
  children,
}: {
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  onSearch(values: V): void;
  testId?: string;
  searchIcon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form<V> form={form} layout="inline" className="filter-bar" initialValues={initialValues} onFinish={onSearch} data-testid={testId}>
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={searchIcon} data-testid="filter-search">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({ ...initialValues } as V);
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** A text filter as the calls take it: trimmed, and left out when empty. */
export const filterText = (s?: string) => (s?.trim() ? s.trim() : undefined);

/** A text filter of the bar: a clearable input under its name (maxLength, placeholder… as given). */
export const TextFilter = ({ label, name, ...input }: InputProps & { label?: string; name: string }) => (
  <Form.Item label={label} name={name}>
    <Input allowClear {...input} />
  </Form.Item>
);

/** A choice of the bar: clearable, 全部 when empty unless the placeholder says otherwise. */
export const ChoiceFilter = ({ label, name, ...select }: SelectProps & { label?: string; name: string }) => (
  <Form.Item label={label} name={name}>
    <Select allowClear placeholder="全部" {...select} />
  </Form.Item>
);

/** A range of days of the bar, either end open. */
export const RangeFilter = ({ label, name }: { label: string; name: string }) => (
  <Form.Item label={label} name={name}>
    <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={['开始日期', '结束日期']} />
  </Form.Item>
);
