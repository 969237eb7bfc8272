import { Button, Form, Input, Modal, Radio, Skeleton } from 'antd';
import { useNoticeDetail } from '../api/notice-detail';
import type { Notice } from '../api/notice-list';
import { NoticeAttachments } from './NoticeAttachments';
import '../notices.css';

export interface NoticeFields {
  kind: Notice['kind'];
  title: string;
  content: string;
  publisher?: string;
}

/** 'new': 新建; { id }: a saved notice, loaded whole for 修改. null: closed. */
export type Editing = 'new' | { id: string } | null;

interface Props {
  editing: Editing;
  pending: boolean;
  onCancel(): void;
  onSubmit(fields: NoticeFields, draft: boolean): Promise<unknown>;
}

/**
 * Writing a notice: kind, title, plain text. A new one is published or kept as a draft (a draft
 * stays open here, for its attachments); a saved one is loaded whole, its text and attachments.
 */
export function NoticeDialog({ editing, pending, onCancel, onSubmit }: Props) {
  const isNew = editing === 'new';
  const savedId = editing && editing !== 'new' ? editing.id : undefined;
  const detail = useNoticeDetail(savedId);
  const saved = detail.data && detail.data.id === savedId ? detail.data : undefined;
  const loading = savedId !== undefined && !saved;
  return (
    <Modal
      open={editing !== null}
      title={isNew ? '新建公告' : saved?.status === 'draft' ? '修改草稿' : '修改公告'}
      width={760}
      onCancel={onCancel}
      destroyOnHidden
      footer={null}
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        // Keyed by the notice: a draft just saved opens with its own values.
        <NoticeForm key={savedId ?? 'new'} saved={saved} pending={pending} onCancel={onCancel} onSubmit={onSubmit} />
      )}
    </Modal>
  );
}

interface FormProps extends Omit<Props, 'editing'> {
  saved: ReturnType<typeof useNoticeDetail>['data'];
}

function NoticeForm({ saved, pending, onCancel, onSubmit }: FormProps) {
  const [form] = Form.useForm<NoticeFields>();
  const isNew = !saved;
  const submit = async (draft: boolean) => {
    const fields = await form.validateFields();
    await onSubmit({ ...fields, title: fields.title.trim() }, draft);
  };
  const initial = saved ? { kind: saved.kind, title: saved.title, content: saved.content } : { kind: 'notice' as const };
  return (
    <Form form={form} layout="vertical" initialValues={initial}>
      <Form.Item label="类别" name="kind">
        <Radio.Group
          disabled={!isNew}
          options={[
            { value: 'notice', label: '通知公告' },
            { value: 'policy', label: '政策文件' },
          ]}
        />
      </Form.Item>
      <Form.Item label="标题" name="title" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}>
        <Input maxLength={100} showCount data-testid="notice-title" />
      </Form.Item>
      <Form.Item label="正文" name="content" rules={[{ required: true, whitespace: true, message: '请输入正文' }]} extra="纯文本，空行分段">
        <Input.TextArea rows={8} maxLength={50_000} data-testid="notice-content" />
      </Form.Item>
      {isNew ? (
        <Form.Item label="发布单位（可不填）" name="publisher">
          <Input maxLength={50} />
        </Form.Item>
      ) : null}
      <Form.Item label="附件">
        {saved ? (
          <NoticeAttachments noticeId={saved.id} attachments={saved.attachments} />
        ) : (
          <p className="notice-dialog__hint">保存草稿后即可添加附件，发布后门户可下载。</p>
        )}
      </Form.Item>
      <div className="notice-dialog__footer">
        <Button onClick={onCancel} data-testid="notice-cancel">
          {saved ? '关闭' : '取消'}
        </Button>
        {isNew ? (
          <Button onClick={() => void submit(true).catch(() => undefined)} loading={pending} data-testid="notice-draft">
            保存草稿
          </Button>
        ) : null}
        <Button type="primary" onClick={() => void submit(false).catch(() => undefined)} loading={pending} data-testid="notice-confirm">
          {isNew ? '发布' : '保存'}
        </Button>
      </div>
    </Form>
  );
}
