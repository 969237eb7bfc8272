import { Form } from 'antd';
import type { Dayjs } from 'dayjs';
import '../../../lib/dayjs-zh';
import { PSN_TYPE_LABELS } from '@hall/shared/enrolment/index.ts';
import { ChoiceFilter, FilterBar, RangeFilter, TextFilter, filterText } from '../../../components/FilterBar';
import type { StaffFilterInput } from '../api/export-staff';

/** The bar's values: the filter, with the join dates as one range. */
type FilterValues = Omit<StaffFilterInput, 'joinedFrom' | 'joinedTo'> & { joined?: [Dayjs | null, Dayjs | null] | null };

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
      <TextFilter label="姓名" name="name" maxLength={30} placeholder="姓名开头的字" data-testid="filter-name" />
      <TextFilter label="身份证号码" name="certNo" maxLength={18} placeholder="完整的18位号码" data-testid="filter-certNo" />
      <ChoiceFilter label="人员类别" name="psnType" options={PSN_OPTIONS} className="filter-bar__select" data-testid="filter-psnType" />
      <ChoiceFilter label="状态" name="state" options={STATE_OPTIONS} className="filter-bar__select" data-testid="filter-state" />
      <RangeFilter label="入职日期" name="joined" />
    </FilterBar>
  );
}
