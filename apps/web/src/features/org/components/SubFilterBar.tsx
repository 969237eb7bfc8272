import { Form, Input, Select } from 'antd';
import { AUTHORIZATION_LABELS, NOTIFICATION_LABELS } from '@hall/shared/codes/labels.ts';
import { FilterBar, filterText } from '../../../components/FilterBar';
import type { SubFilterInput } from '../api/export-subs';

interface FilterValues {
  name?: string;
  uscc?: string;
  notifyState?: string;
  authState?: string;
  accountState?: string;
}

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
  accountState: (v.accountState || undefined) as SubFilterInput['accountState'],
});

/** The subordinates' filters: name, credit code, the notification (92) or authorization (93) state, the account state. */
export function SubFilterBar({ kind, noun, onSearch }: { kind: '92' | '93'; noun: string; onSearch(filter: SubFilterInput): void }) {
  const [form] = Form.useForm<FilterValues>();
  return (
    <FilterBar form={form} onSearch={(v) => onSearch(toFilter(v))} testId="org-filter">
      <Form.Item label={`${noun}名称`} name="name">
        <Input allowClear maxLength={50} data-testid="filter-name" />
      </Form.Item>
      <Form.Item label="统一社会信用代码" name="uscc">
        <Input allowClear maxLength={18} data-testid="filter-uscc" />
      </Form.Item>
      {kind === '92' ? (
        <Form.Item label="通知状态" name="notifyState">
          <Select allowClear placeholder="全部" options={NOTIFY_OPTIONS} className="filter-bar__select" data-testid="filter-notify" />
        </Form.Item>
      ) : (
        <Form.Item label="授权状态" name="authState">
          <Select allowClear placeholder="全部" options={AUTH_OPTIONS} className="filter-bar__select" data-testid="filter-auth" />
        </Form.Item>
      )}
      <Form.Item label="账号状态" name="accountState">
        <Select allowClear placeholder="全部" options={ACCOUNT_OPTIONS} className="filter-bar__select" data-testid="filter-account" />
      </Form.Item>
    </FilterBar>
  );
}
