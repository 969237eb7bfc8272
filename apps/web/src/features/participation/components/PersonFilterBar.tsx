import { Form, Input, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { PARTICIPATION_STATE_LABELS, PARTICIPATION_STATES, type ParticipationState } from '@hall/shared/enrolment/payable.ts';
import { FilterBar } from '../../../components/FilterBar';

export interface PersonFilters {
  name?: string;
  certNo?: string;
  productCode?: string;
  state?: ParticipationState;
}

const STATE_OPTIONS = PARTICIPATION_STATES.map((s) => ({ value: s, label: PARTICIPATION_STATE_LABELS[s] }));

/** 参保人员明细's filters: name, the first digits of an ID number, the product, the state; the empty ones left out. */
export function PersonFilterBar({
  products,
  onSearch,
}: {
  products: { code: string; name: string }[];
  onSearch(filters: PersonFilters): void;
}) {
  const [form] = Form.useForm<PersonFilters>();
  const search = (values: PersonFilters) =>
    onSearch(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as PersonFilters);
  return (
    <FilterBar form={form} onSearch={search} searchIcon={<SearchOutlined />}>
      <Form.Item name="name" label="姓名">
        <Input allowClear maxLength={50} placeholder="姓名" style={{ width: 130 }} />
      </Form.Item>
      <Form.Item name="certNo" label="身份证号码">
        <Input allowClear maxLength={18} placeholder="可输入前几位" style={{ width: 190 }} />
      </Form.Item>
      <Form.Item name="productCode" label="互助项目">
        <Select
          aria-label="互助项目"
          allowClear
          placeholder="全部"
          style={{ width: 170 }}
          options={products.map((p) => ({ value: p.code, label: p.name }))}
        />
      </Form.Item>
      <Form.Item name="state" label="参保状态">
        <Select aria-label="参保状态" allowClear placeholder="全部" style={{ width: 140 }} options={STATE_OPTIONS} />
      </Form.Item>
    </FilterBar>
  );
}
