import type { TablePaginationConfig } from 'antd';
import { LIST_COUNT_CAP } from '@hall/shared/constants.ts';

/**
 * The total of a list in words: 共 N 条, or 超过 10,000 条 when the server counted up to its cap
 * (Page.totlCntCapped: lists never count their whole match set).
 */
export function totalText(total: number, capped?: boolean, unit = '条'): string {
  return capped ? `超过 ${LIST_COUNT_CAP.toLocaleString('en-US')} ${unit}` : `共 ${total} ${unit}`;
}

/**
 * The pager of a list paged by the server (pageNum/pageSize/totlCnt): sizes 10–100, the total in
 * words (共 N 条 / 人, or 超过 10,000 条), the change handed back to the page's own filter state.
 */
export function serverPaging(o: {
  pageNum: number;
  pageSize: number;
  total: number;
  /** The server's count stopped at its cap (Page.totlCntCapped). */
  capped?: boolean;
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
    showTotal: (total) => totalText(total, o.capped, o.unit),
    onChange: o.onChange,
  };
}

/** The pager of a list answered by the server: its total (and whether it was capped) from the answer, the page from `pager`. */
export const listPaging = (
  data: { totlCnt: number; totlCntCapped?: boolean } | undefined,
  pager: { pageNum: number; pageSize: number },
  onChange: (pageNum: number, pageSize: number) => void,
  unit?: string,
) =>
  serverPaging({
    pageNum: pager.pageNum,
    pageSize: pager.pageSize,
    total: data?.totlCnt ?? 0,
    capped: data?.totlCntCapped === true,
    unit,
    onChange,
  });
