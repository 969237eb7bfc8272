import { Form, Input, Modal } from 'antd';

interface Props {
  /** Open when given: what is approved. */
  title: string | null;
  pending: boolean;
  onCancel(): void;
  onApprove(note: string | undefined): Promise<unknown>;
}

/** 审核通过 asks first, with an optional note (the union reads it with the decision). Enter submits. */
export function ApproveNoteDialog({ title, pending, onCancel, onApprove }: Props) {
  const [form] = Form.useForm<{ note?: string }>();
  const submit = async () => {
    const { note } = await form.validateFields();
    await onApprove(note?.trim() || undefined);
    form.resetFields();
  };
  return (
    <Modal
      open={title !== null}
      title={title}
      okText="审核通过"
      cancelText="取消"
      okButtonProps={{ loading: pending, 'data-testid': 'approve-confirm' }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={() => void submit().catch(() => undefined)}>
        <p>通过后，变更后的内容即写入工会信息。</p>
        <Form.Item label="审核意见（可不填）" name="note">
          <Input maxLength={200} data-testid="approve-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
