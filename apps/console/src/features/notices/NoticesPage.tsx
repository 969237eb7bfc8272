import { useState } from 'react';
import { App, Button, Grid, Space, Table, type TableColumnsType } from 'antd';
import { chinaMinute } from '@hall/shared/china-time.ts';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { LoadFailed } from '../../components/LoadFailed';
import { StatusTag } from '../../components/StatusTag';
import { useMayCall } from '../../lib/operator-may';
import { type Notice, useNotices } from './api/notice-list';
import { useEditNotice, usePublishDraft, usePublishNotice, useWithdrawNotice } from './api/notice-change';
import { type Editing, NoticeDialog } from './components/NoticeDialog';
import { NoticeView } from './components/NoticeView';

const KIND_LABELS: Record<Notice['kind'], string> = { notice: '通知公告', policy: '政策文件' };
const STATUS: Record<Notice['status'], { label: string; color: string }> = {
  draft: { label: '草稿', color: 'default' },
  published: { label: '已发布', color: 'success' },
  withdrawn: { label: '已撤回', color: 'warning' },
};

/**
 * 公告: notices and policy documents; write, publish (or keep a draft and publish it later), edit
 * the whole text, add, download and remove attachments, withdraw (publishing a draft and withdrawing are
 * asked first). The auditor opens each one read only (查看), as the admin does a withdrawn one.
 */
export default function NoticesPage() {
  const { modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const list = useNotices();
  const publish = usePublishNotice();
  const edit = useEditNotice();
  const withdraw = useWithdrawNotice();
  const publishDraft = usePublishDraft();
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  // The auditor reads the list; writing is admin's.
  const mayWrite = useMayCall(opsCalls.opsNoticePublish);

  const confirmWithdraw = (row: Notice) =>
    modal.confirm({
      title: `撤回：${row.title}`,
      content: '撤回后门户不再显示这条公告。',
      okText: '撤回',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => withdraw.mutateAsync({ id: Number(row.id), title: row.title }),
    });

  const confirmPublish = (row: Notice) =>
    modal.confirm({
      title: `发布：${row.title}`,
      content: `发布后门户即显示这条${KIND_LABELS[row.kind]}${row.attachmentCount ? `及其 ${row.attachmentCount} 个附件` : ''}。`,
      okText: '发布',
      cancelText: '取消',
      onOk: () => publishDraft.mutateAsync({ id: Number(row.id), title: row.title }),
    });

  const columns: TableColumnsType<Notice> = [
    { title: '类别', dataIndex: 'kind', width: 90, render: (kind: Notice['kind']) => KIND_LABELS[kind] },
    { title: '标题', dataIndex: 'title', width: 320, ellipsis: { showTitle: true } },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: Notice['status']) => <StatusTag color={STATUS[s].color}>{STATUS[s].label}</StatusTag>,
    },
    { title: '附件', dataIndex: 'attachmentCount', width: 60, align: 'right' },
    { title: '发布单位', dataIndex: 'publisher', width: 140, responsive: ['lg'] },
    { title: '发布时间', dataIndex: 'publishedAt', width: 150, render: (at: string | null) => chinaMinute(at) ?? '—' },
  ];
  const view = (row: Notice) => (
    <Button type="link" size="small" onClick={() => setViewing(row.id)} data-testid={`view-${row.id}`}>
      查看
    </Button>
  );
  if (!mayWrite)
    columns.push({
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: screens.md ? 'right' : undefined,
      render: (_: unknown, row) => view(row),
    });
  if (mayWrite)
    columns.push({
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: screens.md ? 'right' : undefined,
      render: (_: unknown, row) => (
        <Space size={0}>
          {row.status !== 'withdrawn' ? (
            <Button type="link" size="small" onClick={() => setEditing({ id: row.id })} data-testid={`edit-${row.id}`}>
              修改
            </Button>
          ) : (
            view(row)
          )}
          {row.status === 'draft' ? (
            <Button type="link" size="small" onClick={() => confirmPublish(row)} data-testid={`publish-${row.id}`}>
              发布
            </Button>
          ) : null}
          {row.status === 'published' ? (
            <Button type="link" size="small" danger onClick={() => confirmWithdraw(row)} data-testid={`withdraw-${row.id}`}>
              撤回
            </Button>
          ) : null}
        </Space>
      ),
    });

  return (
    <section className="console-panel" aria-labelledby="notices-title">
      <h2 id="notices-title" className="page-title">
        公告
      </h2>
      {mayWrite ? (
        <div className="list-toolbar">
          <Button type="primary" onClick={() => setEditing('new')} data-testid="notice-new">
            新建公告
          </Button>
        </div>
      ) : null}
      {list.isError && !list.data ? (
        <LoadFailed what="公告" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table
          rowKey="id"
          columns={columns}
          dataSource={list.data ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
          locale={{ emptyText: '暂无公告' }}
          data-testid="notice-table"
        />
      )}
      <NoticeView id={viewing} onClose={() => setViewing(null)} />
      <NoticeDialog
        editing={editing}
        pending={publish.isPending || edit.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={async (fields, draft) => {
          if (editing === 'new') {
            const made = await publish.mutateAsync({ ...fields, publisher: fields.publisher?.trim() || undefined, draft });
            // A draft stays open, now saved: its attachments are added here.
            setEditing(draft ? { id: made.id } : null);
            return;
          }
          if (editing) await edit.mutateAsync({ id: Number(editing.id), title: fields.title, content: fields.content });
          setEditing(null);
        }}
      />
    </section>
  );
}
