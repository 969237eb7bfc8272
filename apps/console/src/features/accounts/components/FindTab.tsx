import { Alert, Input, Segmented } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed';
import { type Account, type LoginType, useAccounts } from '../api/account-find';
import type { AccountAction } from '../api/account-act';
import { AccountTable } from './AccountTable';
import { LOGIN_TYPES } from './labels';

const isLoginType = (value: string | null): value is LoginType => LOGIN_TYPES.some((option) => option.value === value);

/** 查找: a unit, worker or operator by a keyword (type and keyword in the URL), at most 50. */
export function FindTab({ onAct }: { onAct?(row: Account, action: AccountAction): void }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('type');
  const loginType: LoginType = isLoginType(raw) ? raw : 'unit';
  const keyword = params.get('q') ?? '';
  const list = useAccounts(loginType, keyword);
  const search = (next: { type?: LoginType; q?: string }) => {
    const q = (next.q ?? keyword).trim();
    setParams({ type: next.type ?? loginType, ...(q ? { q } : {}) }, { replace: true });
  };
  const placeholder = LOGIN_TYPES.find((option) => option.value === loginType)?.placeholder;
  return (
    <>
      <div className="list-toolbar">
        <Segmented options={LOGIN_TYPES} value={loginType} onChange={(type) => search({ type, q: '' })} data-testid="account-type" />
        <Input.Search
          key={`${loginType}:${keyword}`}
          defaultValue={keyword}
          placeholder={placeholder}
          aria-label="查询内容"
          enterButton="查询"
          allowClear
          maxLength={40}
          style={{ maxWidth: 420 }}
          onSearch={(q) => search({ q })}
          data-testid="account-keyword"
        />
      </div>
      {keyword === '' ? (
        <Alert type="info" showIcon title="输入查询内容后按回车查找账号（最多显示 50 个）。" />
      ) : list.isError && !list.data ? (
        <LoadFailed what="账号查询" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <AccountTable rows={list.data ?? []} loading={list.isFetching} onAct={onAct} />
      )}
    </>
  );
}
