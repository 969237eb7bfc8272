import { useEffect, useState } from 'react';
import { App, Button, Drawer, Empty, Grid, Popconfirm, Table, Tabs, type TableColumnsType } from 'antd';
import { LoadFailed } from '../../components/LoadFailed';
import { GuardedButton } from '../../components/GuardedButton';
import { Panel } from '../../components/Panel';
import { useFeatureFlags } from '../../lib/feature-flags-page';
import { formatDateTime } from '../../lib/format';
import { totalText } from '../../lib/pagination';
import { useMailBatch } from './api/batch';
import { type MailFilter, type MailItem, useMailPage, useRefreshMail } from './api/page';
import { useReadMail } from './api/read';
import { useReadManyMail } from './api/read-many';
import './mail.css';

const PAGE_SIZES = [10, 20, 50];

/** The message's text, paragraph by paragraph, always as text (never HTML). */
const paragraphsOf = (content: string) => content.split(/\r?\n+/).filter((line) => line.trim() !== '');

/**
 * /mail (收件箱消息): the caller's in-site messages, newest first. 全部 / 未读 tabs, 全部标为已读, and
 * while the batch flag is on (spec §9: hidden by default) row selection with 标为已读 and 删除 of the
 * selection (one call each, all or nothing); opening a message shows it in a drawer and marks it read. Every
 * change invalidates the mail queries, so the header's unread badge follows at once. The page is
 * kept alive (route meta), so the tab, page and selection stay while the clerk looks elsewhere.
 */
export default function MailPage() {
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [filter, setFilter] = useState<MailFilter>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const [selected, setSelected] = useState<string[]>([]);
  const [opened, setOpened] = useState<MailItem | null>(null);
  const query = useMailPage(filter, page, pageSize);
  const refresh = useRefreshMail();
  // The unread total of the tab and of 全部标为已读 (the header keeps its own badge query; both follow each change).
  const unread = useMailPage('unread', 1, 1).data?.totlCnt ?? 0;
  const readOne = useReadMail();
  const readMany = useReadManyMail();
  const batch = useMailBatch();
  const { batch: batchOn } = useFeatureFlags();

  const data = query.data;
  const list = data?.list ?? [];
  const total = data?.totlCnt ?? 0;
  const capped = data?.totlCntCapped === true;

  // Marking read empties the last page of 未读: go back to the last page that has messages.
  useEffect(() => {
    if (data && data.list.length === 0 && page > 1) setPage(Math.max(1, Math.ceil(data.totlCnt / pageSize)));
  }, [data, page, pageSize]);

  const open = (item: MailItem) => {
    setOpened(item);
    if (item.readFlag === '0') readOne.mutate(item.id);
  };

  const runBatch = (action: 'read' | 'delete') =>
    batch.mutate(
      { action, ids: selected },
      {
        onSuccess: (r) => {
          setSelected([]);
          message.success(action === 'read' ? `已将 ${r.count} 条消息标为已读` : `已删除 ${r.count} 条消息`);
        },
      },
    );

  const markAll = () =>
    readMany.mutate('all', {
      onSuccess: (updated) => {
        setSelected([]);
        message.success(`已将全部 ${updated} 条未读消息标为已读`);
      },
    });

  const columns: TableColumnsType<MailItem> = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (_, item) => (
        <button
          type="button"
          className={item.readFlag === '0' ? 'mail-title mail-title--unread' : 'mail-title'}
          onClick={() => open(item)}
          data-testid="mail-open"
        >
          {item.readFlag === '0' ? <span className="mail-title__dot" title="未读" /> : null}
          <span className="mail-title__text">{item.title}</span>
        </button>
      ),
    },
    { title: '发件人', dataIndex: 'sender', width: 180, responsive: ['md'] },
    {
      title: '时间',
      dataIndex: 'createdAt',
      width: 160,
      render: (value: string) => <time dateTime={value}>{formatDateTime(value)}</time>,
    },
    {
      title: '状态',
      dataIndex: 'readFlag',
      width: 80,
      responsive: ['sm'],
      render: (flag: string) =>
        flag === '0' ? <span className="mail-state mail-state--unread">未读</span> : <span className="mail-state">已读</span>,
    },
  ];

  return (
    <Panel
      title="收件箱消息"
      className="page-wide mail-page"
      testId="mail-page"
      extra={
        <Button onClick={() => void refresh()} loading={query.isFetching && !query.isLoading} data-testid="mail-refresh">
          刷新
        </Button>
      }
    >
      <Tabs
        activeKey={filter}
        onChange={(key) => {
          setFilter(key as MailFilter);
          setPage(1);
        }}
        items={[
          { key: 'all', label: '全部' },
          { key: 'unread', label: unread > 0 ? `未读（${unread}）` : '未读' },
        ]}
      />
      <div className="list-toolbar">
        <div className="mail-toolbar__actions">
          {batchOn ? (
            <>
              <GuardedButton
                type="primary"
                disabled={selected.length === 0}
                loading={batch.isPending && batch.variables?.action === 'read'}
                onClick={() => runBatch('read')}
                data-testid="mail-read-selected"
              >
                标为已读{selected.length > 0 ? `（${selected.length}）` : ''}
              </GuardedButton>
              <Popconfirm
                title="删除消息"
                description={`确定删除所选 ${selected.length} 条消息吗？删除后不能恢复。`}
                okText="删除"
                okButtonProps={{ danger: true, 'data-testid': 'mail-delete-confirm' }}
                cancelText="取消"
                onConfirm={() => runBatch('delete')}
                disabled={selected.length === 0}
              >
                <Button
                  danger
                  disabled={selected.length === 0}
                  loading={batch.isPending && batch.variables?.action === 'delete'}
                  data-testid="mail-delete-selected"
                >
                  删除{selected.length > 0 ? `（${selected.length}）` : ''}
                </Button>
              </Popconfirm>
            </>
          ) : null}
          <Popconfirm
            title="全部标为已读"
            description={`确定将全部 ${unread} 条未读消息标为已读吗？`}
            okText="确定"
            cancelText="取消"
            onConfirm={markAll}
            disabled={unread === 0}
            okButtonProps={{ 'data-testid': 'mail-read-all-confirm' }}
          >
            <Button disabled={unread === 0} loading={readMany.isPending && readMany.variables === 'all'} data-testid="mail-read-all">
              全部标为已读
            </Button>
          </Popconfirm>
        </div>
        {data ? <span className="mail-toolbar__total">{totalText(total, capped)}</span> : null}
      </div>
      {query.isError && !data ? (
        <LoadFailed title="消息加载失败" error={query.error} retry={() => void query.refetch()} />
      ) : (
        <Table<MailItem>
          rowKey="id"
          size={screens.md ? 'middle' : 'small'}
          columns={columns}
          dataSource={list}
          loading={query.isFetching}
          rowClassName={(item) => (item.readFlag === '0' ? 'mail-row mail-row--unread' : 'mail-row')}
          rowSelection={
            batchOn
              ? {
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => setSelected(keys.map(String)),
                  getCheckboxProps: (item) => ({ 'aria-label': `选择：${item.title}` }),
                }
              : undefined
          }
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filter === 'unread' ? '没有未读消息' : '暂无消息'} />,
          }}
          pagination={{
            current: page,
            pageSize,
            total,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (n) => totalText(n, capped),
            hideOnSinglePage: false,
            onChange: (next, size) => {
              setPage(size === pageSize ? next : 1);
              setPageSize(size);
            },
          }}
          data-testid="mail-table"
        />
      )}
      <Drawer
        open={opened !== null}
        onClose={() => setOpened(null)}
        title={opened?.title}
        size={screens.md ? 560 : '100%'}
        destroyOnHidden
        data-testid="mail-drawer"
      >
        {opened ? (
          <article className="mail-detail" data-testid="mail-detail">
            <div className="mail-detail__meta">
              <span>发件人：{opened.sender}</span>
              <time dateTime={opened.createdAt}>{formatDateTime(opened.createdAt)}</time>
            </div>
            <div className="mail-detail__content">
              {paragraphsOf(opened.content).map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text
                <p key={i}>{line}</p>
              ))}
            </div>
          </article>
        ) : null}
      </Drawer>
    </Panel>
  );
}
