import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import '../../../lib/dayjs-zh';
import { PSN_TYPE_LABELS } from '@hall/shared/enrolment/index.ts';
import { FilterBar, filterText } from '../../../components/FilterBar';
import type { StaffFilterInput } from '../api/export-staff';

interface FilterValues {
  name?: string;
  certNo?: string;
  psnType?: string;
  state?: 'current' | 'left';
  joined?: [Dayjs | null, Dayjs | null] | null;
}

const PSN_OPTIONS = Object.entries(PSN_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const STATE_OPTIONS = [
  { value: 'current', label: '在职' },
  { value: 'left', label: '已减员' },
];

const toFilter = (v: FilterValues): StaffFilterInput => ({
  name: filterText(v.name),
  certNo: filterText(v.certNo)?.toUpperCase(),
  psnType: v.psnType || undefined,
  state: v.state || undefined,
  joinedFrom: v.joined?.[0]?.format('YYYY-MM-DD'),
  joinedTo: v.joined?.[1]?.format('YYYY-MM-DD'),
});

/** 互助人员管理's filters: name, ID number, category, state (在职 by default) and the join dates. */
export function StaffFilterBar({ onSearch }: { onSearch(filter: StaffFilterInput): void }) {
  const [form] = Form.useForm<FilterValues>();
  return (
    <FilterBar form={form} initialValues={{ state: 'current' }} onSearch={(v) => onSearch(toFilter(v))} testId="staff-filter">
      <Form.Item label="姓名" name="name">
        <Input allowClear maxLength={30} placeholder="姓名开头的字" data-testid="filter-name" />
      </Form.Item>
      <Form.Item label="身份证号码" name="certNo">
        <Input allowClear maxLength={18} placeholder="完整的18位号码" data-testid="filter-certNo" />
      </Form.Item>
      <Form.Item label="人员类别" name="psnType">
        <Select allowClear options={PSN_OPTIONS} placeholder="全部" className="filter-bar__select" data-testid="filter-psnType" />
      </Form.Item>
      <Form.Item label="状态" name="state">
        <Select allowClear options={STATE_OPTIONS} placeholder="全部" className="filter-bar__select" data-testid="filter-state" />
      </Form.Item>
      <Form.Item label="入职日期" name="joined">
        <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={['开始日期', '结束日期']} />
      </Form.Item>
    </FilterBar>
  );
}
