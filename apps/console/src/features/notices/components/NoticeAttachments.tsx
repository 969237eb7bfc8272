import { useState } from 'react';
import { App, Button, List, Progress, Upload } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { FILE_MAX_BYTES, NOTICE_ATTACHMENTS_MAX } from '@hall/shared/constants.ts';
import { FILE_MESSAGES, UPLOAD_TYPES } from '@hall/shared/files/index.ts';
import { percentSent, type UploadState } from '@hall/client/upload.ts';
import { toast } from '../../../lib/feedback';
import { downloadAttachment, sendAttachment, useRemoveAttachment } from '../api/notice-attachments';
import type { NoticeAttachment } from '../api/notice-detail';
import { noticesKey } from '../api/notice-list';

/** Bytes as the list says them: KB under a megabyte, MB with one decimal above. */
const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Props {
  noticeId: string;
  attachments: NoticeAttachment[];
  /** The auditor's view (and a withdrawn notice's): downloads only. */
  readOnly?: boolean;
}

/**
 * A saved notice's attachments: each added at once (type and size checked before sending, the
 * bytes sent shown), each removed after asking, each downloaded (a draft's too: the portal serves
 * a draft's files only once it is published).
 */
export function NoticeAttachments({ noticeId, attachments, readOnly = false }: Props) {
  const { modal } = App.useApp();
  const client = useQueryClient();
  const remove = useRemoveAttachment();
  const [progress, setProgress] = useState<UploadState | null>(null);
  const full = attachments.length >= NOTICE_ATTACHMENTS_MAX;

  async function add(file: File) {
    if (!UPLOAD_TYPES.allowsName(file.name)) return toast.warning(FILE_MESSAGES.typeNotAllowed, 5);
    if (file.size > FILE_MAX_BYTES) return toast.warning(FILE_MESSAGES.tooLarge, 5);
    setProgress({ sent: 0, size: file.size });
    try {
      const added = await sendAttachment(noticeId, file, (e) => setProgress({ sent: e.loaded, size: e.total ?? file.size }));
      toast.success(`已添加附件：${added.name}`);
    } catch {
      // The request client showed the refusal.
    } finally {
      setProgress(null);
      await client.invalidateQueries({ queryKey: noticesKey });
    }
  }

  const confirmRemove = (file: NoticeAttachment) =>
    modal.confirm({
      title: `删除附件：${file.name}`,
      content: '删除后门户不再提供下载，文件不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => remove.mutateAsync({ id: noticeId, fileId: file.fileId, name: file.name }),
    });

  return (
    <section className="notice-attachments" aria-label="附件" data-testid="notice-attachments">
      <List
        size="small"
        bordered
        dataSource={attachments}
        locale={{ emptyText: '暂无附件' }}
        renderItem={(file) => (
          <List.Item
            actions={[
              <Button
                key="download"
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                onClick={() => void downloadAttachment(noticeId, file)}
                aria-label={`下载附件 ${file.name}`}
                data-testid="attachment-download"
              >
                下载
              </Button>,
              ...(readOnly
                ? []
                : [
                    <Button
                      key="remove"
                      type="link"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => confirmRemove(file)}
                      aria-label={`删除附件 ${file.name}`}
                      data-testid="attachment-remove"
                    >
                      删除
                    </Button>,
                  ]),
            ]}
          >
            <span>
              <span data-testid="attachment-name">
                <PaperClipOutlined /> {file.name}
              </span>
              <span className="notice-attachments__size">{sizeOf(file.size)}</span>
            </span>
          </List.Item>
        )}
      />
      {readOnly ? null : (
        <div className="notice-attachments__add">
          <Upload
            accept={UPLOAD_TYPES.accept}
            showUploadList={false}
            beforeUpload={(file) => (void add(file), false)}
            disabled={progress !== null || full}
          >
            <Button icon={<UploadOutlined />} loading={progress !== null} disabled={full} data-testid="attachment-add">
              添加附件
            </Button>
          </Upload>
          <span className="notice-attachments__note">
            {full
              ? `已达 ${NOTICE_ATTACHMENTS_MAX} 个附件上限`
              : `${UPLOAD_TYPES.label}，每个不超过10MB，最多 ${NOTICE_ATTACHMENTS_MAX} 个`}
          </span>
        </div>
      )}
      {progress ? <Progress percent={percentSent(progress)} size="small" data-testid="attachment-progress" /> : null}
    </section>
  );
}
