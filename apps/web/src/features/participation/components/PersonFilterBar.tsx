import { Form } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { PARTICIPATION_STATE_LABELS, PARTICIPATION_STATES, type ParticipationState } from '@hall/shared/enrolment/payable.ts';
import { ChoiceFilter, FilterBar, TextFilter } from '../../../components/FilterBar';

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
      <TextFilter label="姓名" name="name" maxLength={50} placeholder="姓名" style={{ width: 130 }} />
      <TextFilter label="身份证号码" name="certNo" maxLength={18} placeholder="可输入前几位" style={{ width: 190 }} />
      <ChoiceFilter
        label="互助项目"
        name="productCode"
        aria-label="互助项目"
        style={{ width: 170 }}
        options={products.map((p) => ({ value: p.code, label: p.name }))}
      />
      <ChoiceFilter label="参保状态" name="state" aria-label="参保状态" style={{ width: 140 }} options={STATE_OPTIONS} />
    </FilterBar>
  );
}
