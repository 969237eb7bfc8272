import { Empty } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { serverPaging } from '../../lib/pagination';

interface Pager {
  pageNum: number;
  pageSize: number;
}

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
  pagination: serverPaging({
    ...page,
    total: list.data?.totlCnt ?? 0,
    unit,
    onChange: (pageNum, pageSize) => onPage({ pageNum, pageSize }),
  }),
});
