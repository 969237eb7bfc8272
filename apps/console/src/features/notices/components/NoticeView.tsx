import { Descriptions, Modal, Skeleton } from 'antd';
import { chinaMinute } from '@hall/shared/china-time.ts';
import { useNoticeDetail } from '../api/notice-detail';
import { NoticeAttachments } from './NoticeAttachments';
import '../notices.css';

const KIND_LABELS = { notice: '通知公告', policy: '政策文件' } as const;
const STATUS_LABELS = { draft: '草稿', published: '已发布', withdrawn: '已撤回' } as const;

/** 查看: one notice whole, read only (the auditor's, and a withdrawn one's): its text and attachments to download. */
export function NoticeView({ id, onClose }: { id: string | null; onClose(): void }) {
  const detail = useNoticeDetail(id ?? undefined);
  const notice = detail.data && detail.data.id === id ? detail.data : undefined;
  return (
    <Modal open={id !== null} title={notice?.title ?? '公告'} width={760} onCancel={onClose} destroyOnHidden footer={null}>
      {!notice ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div data-testid="notice-view">
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'kind', label: '类别', children: KIND_LABELS[notice.kind] },
              { key: 'status', label: '状态', children: STATUS_LABELS[notice.status] },
              { key: 'publisher', label: '发布单位', children: notice.publisher },
              { key: 'at', label: '发布时间', children: chinaMinute(notice.publishedAt) ?? '—' },
            ]}
          />
          <div className="notice-view__content" data-testid="notice-view-content">
            {notice.content.split(/\n\s*\n/).map((p, i) => (
              // Paragraphs of plain text: their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: the text has no other key
              <p key={i}>{p}</p>
            ))}
          </div>
          <h3 className="notice-view__heading">附件</h3>
          <NoticeAttachments noticeId={notice.id} attachments={notice.attachments} readOnly />
        </div>
      )}
    </Modal>
  );
}
