import { useState } from 'react';
import { App, Button, Popconfirm, Space, Upload } from 'antd';
import { ATTACHMENT_KIND_LABELS, type AttachmentKind, CLAIM_TYPES, type ClaimType } from '@hall/shared/benefits/index.ts';
import { FILE_MAX_BYTES } from '@hall/shared/constants.ts';
import { FILE_MESSAGES, MATERIAL_TYPES } from '@hall/shared/files/index.ts';
import { formatSize } from '../../../lib/format';
import { detachAttachment, downloadAttachment, uploadAndAttach } from '../api/claim-attachments';
import type { ClaimDetail } from '../api/claim-detail';
import type { FilerRole } from '../api/roles';

/** The shared list of material types: the server's check refuses what this picker does not offer. */
const ACCEPT = MATERIAL_TYPES.accept;
const KINDS = Object.keys(ATTACHMENT_KIND_LABELS) as AttachmentKind[];

/** A file the clerk picked, checked before any byte is sent (the server checks again). */
export function fileProblem(file: File): string | null {
  if (!MATERIAL_TYPES.allowsName(file.name)) return FILE_MESSAGES.materialType;
  if (file.size > FILE_MAX_BYTES) return '文件不能超过10MB';
  if (file.size === 0) return '文件为空，请重新选择';
  return null;
}

/**
 * The claim's materials by kind, the type's required ones marked: upload (uploadFile, then attach),
 * download, replace and remove while the claim is a draft or returned.
 */
export function AttachmentsPanel({
  filer,
  type,
  claimId,
  detail,
  editable,
  onChanged,
}: {
  filer: FilerRole;
  type: ClaimType;
  claimId: number | null;
  detail?: ClaimDetail;
  editable: boolean;
  onChanged(): void;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const required = new Set<AttachmentKind>(CLAIM_TYPES[type].required);
  const kinds = KINDS.filter((k) => required.has(k) || k === 'other' || detail?.attachments.some((a) => a.kind === k));

  const upload = async (kind: AttachmentKind, file: File, replaceId?: number) => {
    const problem = fileProblem(file);
    if (problem) return void message.error(problem);
    if (claimId === null) return;
    setBusy(`${kind}-${replaceId ?? 'new'}`);
    try {
      await uploadAndAttach(filer, claimId, kind, file, replaceId);
      message.success(`${ATTACHMENT_KIND_LABELS[kind]}已${replaceId ? '替换' : '上传'}`);
      onChanged();
    } catch {
      // shown by the request client
    } finally {
      setBusy(null);
    }
  };

  const picker = (kind: AttachmentKind, label: string, replaceId?: number) => (
    <Upload
      accept={ACCEPT}
      showUploadList={false}
      beforeUpload={(file) => {
        void upload(kind, file, replaceId);
        return false;
      }}
    >
      <Button
        size="small"
        type={replaceId ? 'link' : 'default'}
        loading={busy === `${kind}-${replaceId ?? 'new'}`}
        data-testid={`upload-${kind}`}
      >
        {label}
      </Button>
    </Upload>
  );

  if (claimId === null) return <p className="claim-hint">请先保存草稿，再按类型上传申请材料（{FILE_MESSAGES.materialHint}）。</p>;

  return (
    <>
      <ul className="claim-attachments" data-testid="claim-attachments">
        {kinds.map((kind) => {
          const files = detail?.attachments.filter((a) => a.kind === kind) ?? [];
          return (
            <li key={kind} className="claim-attachments__row" data-kind={kind}>
              <span className="claim-attachments__kind">
                {required.has(kind) ? <span className="claim-required-mark">*</span> : null}
                {ATTACHMENT_KIND_LABELS[kind]}
              </span>
              <div className="claim-attachments__files">
                {files.length === 0 ? (
                  <span className={required.has(kind) ? 'claim-missing' : 'claim-hint'}>
                    {required.has(kind) ? '必需，尚未上传' : '可选'}
                  </span>
                ) : null}
                {files.map((a) => (
                  <Space key={a.id} size={0} wrap>
                    <Button type="link" size="small" onClick={() => void downloadAttachment(a.fileId, a.name)}>
                      {a.name}
                    </Button>
                    <span className="claim-hint">{formatSize(a.size)}</span>
                    {editable ? (
                      <>
                        {picker(kind, '替换', a.id)}
                        <Popconfirm
                          title={`删除“${a.name}”？`}
                          okText="删除"
                          cancelText="取消"
                          onConfirm={async () => {
                            try {
                              await detachAttachment(filer, claimId, a.id);
                              onChanged();
                            } catch {
                              // shown by the request client
                            }
                          }}
                        >
                          <Button type="link" size="small" danger>
                            删除
                          </Button>
                        </Popconfirm>
                      </>
                    ) : null}
                  </Space>
                ))}
              </div>
              {editable ? picker(kind, '上传') : null}
            </li>
          );
        })}
      </ul>
      {editable ? <p className="claim-hint">申请材料：{FILE_MESSAGES.materialHint}。</p> : null}
    </>
  );
}
