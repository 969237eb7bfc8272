import { Form } from 'antd';
import { AUTHORIZATION_LABELS, NOTIFICATION_LABELS } from '@hall/shared/codes/labels.ts';
import { ChoiceFilter, FilterBar, TextFilter, filterText } from '../../../components/FilterBar';
import type { SubFilterInput } from '../api/export-subs';

/** The bar's values are the filter as typed (trimmed and emptied to none on search). */
type FilterValues = SubFilterInput;

const NOTIFY_OPTIONS = Object.entries(NOTIFICATION_LABELS).map(([value, label]) => ({ value, label }));
const AUTH_OPTIONS = Object.entries(AUTHORIZATION_LABELS).map(([value, label]) => ({ value, label }));
const ACCOUNT_OPTIONS = [
  { value: 'active', label: '正常' },
  { value: 'disabled', label: '已停用' },
];

const toFilter = (v: FilterValues): SubFilterInput => ({
  name: filterText(v.name),
  uscc: filterText(v.uscc)?.toUpperCase(),
  notifyState: v.notifyState || undefined,
  authState: v.authState || undefined,
  accountState: v.accountState || undefined,
});

/** The subordinates' filters: name, credit code, the notification (92) or authorization (93) state, the account state. */
export function SubFilterBar({ kind, noun, onSearch }: { kind: '92' | '93'; noun: string; onSearch(filter: SubFilterInput): void }) {
  const [form] = Form.useForm<FilterValues>();
  return (
    <FilterBar form={form} onSearch={(v) => onSearch(toFilter(v))} testId="org-filter">
      <TextFilter label={`${noun}名称`} name="name" maxLength={50} data-testid="filter-name" />
      <TextFilter label="统一社会信用代码" name="uscc" maxLength={18} data-testid="filter-uscc" />
      {kind === '92' ? (
        <ChoiceFilter
          label="通知状态"
          name="notifyState"
          options={NOTIFY_OPTIONS}
          className="filter-bar__select"
          data-testid="filter-notify"
        />
      ) : (
        <ChoiceFilter label="授权状态" name="authState" options={AUTH_OPTIONS} className="filter-bar__select" data-testid="filter-auth" />
      )}
      <ChoiceFilter
        label="账号状态"
        name="accountState"
        options={ACCOUNT_OPTIONS}
        className="filter-bar__select"
        data-testid="filter-account"
      />
    </FilterBar>
  );
}
