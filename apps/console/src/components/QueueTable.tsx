import { Empty, Table, type TableProps } from 'antd';
import './components.css';

type QueueTableProps<R> = Omit<TableProps<R>, 'pagination' | 'scroll' | 'locale'> & {
  /** What an empty list says (暂无补助申请, 没有待缴费的申请 …). */
  empty: string;
  testId: string;
};

/**
 * A list with nothing in it: its words alone. An empty table would still scroll sideways (a region a
 * keyboard cannot reach, nothing in it to focus: axe scrollable-region-focusable) or, not scrolling,
 * push its header past the page.
 */
export const EmptyList = ({ words, testId }: { words: string; testId: string }) => (
  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} className="empty-list" description={words} data-testid={testId} />
);

/** A work list of the console: 20 rows a page with the total, sideways scrolling on a narrow screen, its own empty words. */
export function QueueTable<R extends object>({ empty, testId, ...table }: QueueTableProps<R>) {
  if (!table.loading && !table.dataSource?.length) return <EmptyList words={empty} testId={testId} />;
  return (
    <Table<R>
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (total) => `共 ${total} 条` }}
      locale={{ emptyText: empty }}
      data-testid={testId}
      {...table}
    />
  );
}
