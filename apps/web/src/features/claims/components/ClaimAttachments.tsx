import { useState } from 'react';
import { Button, Space, Table } from 'antd';
import { FilePreviewModal, previewKind } from '../../../components/file-preview/FilePreview';
import { formatSize } from '../../../lib/format';
import { downloadAttachment } from '../api/claim-attachments';
import type { ClaimDetail } from '../api/claim-detail';

type Attachment = ClaimDetail['attachments'][number];

/**
 * A claim's attachments for whoever reads the claim (the unit reviewer at the level-1 union, the
 * claim detail drawer, the filer): each 查看 in the page — an image inline, a PDF in the browser's
 * viewer, 上一个/下一个 through them all — and 下载. The bytes come through downloadFileByID, so a
 * file is shown only to who may see its claim.
 */
export function ClaimAttachments({ attachments }: { attachments: Attachment[] }) {
  const [shown, setShown] = useState<number | null>(null);
  const files = attachments.map((a) => ({ fileId: a.fileId, name: a.name, mime: a.mime, size: a.size, label: a.kindLabel }));
  return (
    <>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 520 }}
        dataSource={attachments}
        locale={{ emptyText: '尚未上传材料' }}
        data-testid="claim-attachment-list"
        columns={[
          { title: '类型', dataIndex: 'kindLabel', width: 120 },
          {
            title: '文件',
            dataIndex: 'name',
            render: (name: string, _a, i) => (
              <Button type="link" size="small" className="claim-attachment-name" onClick={() => setShown(i)}>
                {name}
              </Button>
            ),
          },
          { title: '大小', dataIndex: 'size', width: 90, render: (v: number) => formatSize(v) },
          {
            title: '操作',
            key: 'op',
            width: 130,
            render: (_: unknown, a, i) => (
              <Space size={0}>
                {previewKind(a.mime) ? (
                  <Button type="link" size="small" onClick={() => setShown(i)}>
                    查看
                  </Button>
                ) : null}
                <Button type="link" size="small" onClick={() => void downloadAttachment(a.fileId, a.name).catch(() => undefined)}>
                  下载
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <FilePreviewModal files={files} index={shown} onIndex={setShown} onClose={() => setShown(null)} />
    </>
  );
}
