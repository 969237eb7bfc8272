import { type ReactNode, useState } from 'react';
import { Alert, Button, Empty, Form, Select, type SelectProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { listPaging } from '../../lib/pagination';

interface Pager {
  pageNum: number;
  pageSize: number;
}

/** The line that says what a transfer page is for. */
export const TransferHint = ({ children }: { children: string }) => (
  <Alert type="info" showIcon className="transfer-hint" message={children} />
);

/** The covered staff to choose from (name and ID number), searched by name; the form item's value and onChange pass through. */
export function StaffChoice({
  staff,
  placeholder = '请选择（可输入姓名搜索）',
  testId,
  ...item
}: SelectProps<number> & { staff: UseQueryResult<{ staffId: number; name: string; certNo: string }[]>; testId: string }) {
  return (
    <Select
      {...item}
      showSearch
      optionFilterProp="label"
      placeholder={placeholder}
      loading={staff.isLoading}
      options={(staff.data ?? []).map((s) => ({ value: s.staffId, label: `${s.name}（${s.certNo}）` }))}
      data-testid={testId}
    />
  );
}

/** A transfer list's filters and page: a search sets the filters and goes back to the first page. */
export function useListState<F>(pageSize = 10) {
  const [filters, setFilters] = useState<F>({} as F);
  const [page, setPage] = useState({ pageNum: 1, pageSize });
  const search = (next: F) => {
    setFilters(next);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };
  return { filters, page, setPage, search };
}

/** A transfer list's filters: its fields in one inline form, then 查询. */
export function TransferFilters<V>({ onSearch, testId, children }: { onSearch(values: V): void; testId?: string; children: ReactNode }) {
  return (
    <Form<V> layout="inline" className="transfer-filters" onFinish={onSearch}>
      {children}
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid={testId}>
          查询
        </Button>
      </Form.Item>
    </Form>
  );
}

/** The choices of a state filter: its labels. */
export const optionsOf = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * A transfer list's table props: the rows of the page asked, 加载失败 in place of the `empty`
 * text when the list failed, pages from the server handed back to the page's own state.
 */
export const pagedList = <T,>(
  list: UseQueryResult<{ list: T[]; totlCnt: number }>,
  page: Pager,
  onPage: (page: Pager) => void,
  empty: string,
  unit?: string,
) => ({
  dataSource: list.data?.list ?? [],
  loading: list.isFetching,
  locale: { emptyText: <Empty description={list.isError ? '加载失败，请稍后重试' : empty} /> },
  pagination: listPaging(list.data, page, (pageNum, pageSize) => onPage({ pageNum, pageSize }), unit),
});
