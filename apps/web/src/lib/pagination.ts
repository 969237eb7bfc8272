import type { TablePaginationConfig } from 'antd';

/**
 * The pager of a list paged by the server (pageNum/pageSize/totlCnt): sizes 10–100, the total in
 * words (共 N 条 / 人), the change handed back to the page's own filter state.
 */
export function serverPaging(o: {
  pageNum: number;
  pageSize: number;
  total: number;
  /** What is counted: 条 (default), 人… */
  unit?: string;
  onChange: (pageNum: number, pageSize: number) => void;
}): TablePaginationConfig {
  return {
    current: o.pageNum,
    pageSize: o.pageSize,
    total: o.total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total) => `共 ${total} ${o.unit ?? '条'}`,
    onChange: o.onChange,
  };
}
