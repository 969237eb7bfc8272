import { Input } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed';
import { usePersonAccounts } from '../api/account-lists';
import { KeysetPager } from './KeysetPager';
import { PersonAccountTable } from './PersonAccountTable';

/** 个人: workers' accounts, 20 a page (keyword and page in the URL: person, after); a whole ID number or name finds one. */
export function PersonsTab({ onDetail }: { onDetail(accountId: number): void }) {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('person') ?? '';
  const after = Number(params.get('after')) || undefined;
  const list = usePersonAccounts({ ...(keyword ? { keyword } : {}), ...(after ? { after } : {}) });
  const go = (next: { person?: string; after?: number }) =>
    setParams({
      tab: 'persons',
      ...(next.person?.trim() ? { person: next.person.trim() } : {}),
      ...(next.after ? { after: String(next.after) } : {}),
    });
  return (
    <>
      <div className="account-filters">
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          placeholder="完整的身份证号或姓名"
          aria-label="身份证号或姓名"
          enterButton="查询"
          allowClear
          maxLength={40}
          style={{ maxWidth: 360 }}
          onSearch={(person) => go({ person })}
          data-testid="person-keyword"
        />
      </div>
      {list.isError && !list.data ? (
        <LoadFailed what="职工账号" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <PersonAccountTable rows={list.data?.list ?? []} loading={list.isFetching} onDetail={onDetail} />
      )}
      <KeysetPager
        paged={after !== undefined}
        next={list.data?.next}
        onPage={(id) => go({ person: keyword, after: id })}
        testId="persons"
      />
    </>
  );
}
