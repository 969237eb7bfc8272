import { Input, Select } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed';
import { type UnionQuery, useUnionTree } from '../api/account-lists';
import { KeysetPager } from './KeysetPager';
import { UNION_TYPE_LABELS } from './labels';
import { UnionTree } from './UnionTree';

const UNION_TYPES = Object.entries(UNION_TYPE_LABELS).map(([value, label]) => ({ value, label: `${value} ${label}` }));
const isUnionType = (value: string | null): value is '92' | '93' | '99' => value !== null && value in UNION_TYPE_LABELS;

/** 单位: the unions (filters and page in the URL: name, uniType, district, after) as a tree of their units. */
export function UnionsTab({ onDetail }: { onDetail(accountId: number): void }) {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('name') ?? '';
  const rawType = params.get('uniType');
  const uniType = isUnionType(rawType) ? rawType : undefined;
  const rawDistrict = params.get('district');
  const district = rawDistrict && /^\d{6}$/.test(rawDistrict) ? rawDistrict : undefined;
  const after = Number(params.get('after')) || undefined;
  const query: UnionQuery = {
    ...(keyword ? { keyword } : {}),
    ...(uniType ? { uniType } : {}),
    ...(district ? { regionCode: district } : {}),
    ...(after ? { after } : {}),
  };
  const tree = useUnionTree(query);
  const filters = { name: keyword, uniType, district };
  const go = (next: { name?: string; uniType?: string; district?: string; after?: number }) =>
    setParams(
      Object.fromEntries(
        Object.entries({
          tab: 'units',
          name: next.name?.trim(),
          uniType: next.uniType,
          district: next.district,
          after: next.after ? String(next.after) : undefined,
        }).filter((entry): entry is [string, string] => Boolean(entry[1])),
      ),
    );
  return (
    <>
      <div className="account-filters">
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          placeholder="工会账号或名称"
          aria-label="工会账号或名称"
          enterButton="查询"
          allowClear
          maxLength={40}
          style={{ maxWidth: 360 }}
          onSearch={(name) => go({ ...filters, name })}
          data-testid="union-keyword"
        />
        <Select
          value={uniType}
          placeholder="工会类型"
          aria-label="工会类型"
          allowClear
          options={UNION_TYPES}
          style={{ width: 180 }}
          onChange={(value?: string) => go({ ...filters, uniType: value })}
          data-testid="union-type"
        />
        <Select
          value={district}
          placeholder="所在地区"
          aria-label="所在地区"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={(tree.data?.districts ?? []).map((d) => ({ value: d.code, label: `${d.name}（${d.code}）` }))}
          style={{ width: 220 }}
          onChange={(value?: string) => go({ ...filters, district: value })}
          data-testid="union-district"
        />
      </div>
      {tree.isError && !tree.data ? (
        <LoadFailed what="工会" error={tree.error} onRetry={() => void tree.refetch()} />
      ) : (
        <UnionTree rows={tree.data?.list ?? []} loading={tree.isFetching} onDetail={onDetail} />
      )}
      <KeysetPager paged={after !== undefined} next={tree.data?.next} onPage={(id) => go({ ...filters, after: id })} testId="unions" />
    </>
  );
}
