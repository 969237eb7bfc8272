import { Form, Input, Modal } from 'antd';

interface Props {
  /** Open when given: the dialog's title (what is done to whom). */
  title: string | null;
  okText: string;
  /** The field's label, e.g. 办理原因. */
  label?: string;
  danger?: boolean;
  /** Words under the field: who will read the reason, what follows. */
  extra?: string;
  pending: boolean;
  onCancel(): void;
  onSubmit(reason: string): Promise<unknown>;
}

/**
 * An action that needs its reason (audited with it): a required text, trimmed; the dialog stays
 * open when the server refuses, so the reason is not typed twice.
 */
export function ReasonDialog({ title, okText, label = '办理原因', danger, extra, pending, onCancel, onSubmit }: Props) {
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const { reason } = await form.validateFields();
    await onSubmit(reason.trim());
    form.resetFields();
  };
  return (
    <Modal
      open={title !== null}
      title={title}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger, loading: pending, 'data-testid': 'reason-confirm' }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label={label} name="reason" extra={extra} rules={[{ required: true, whitespace: true, message: `请输入${label}` }]}>
          <Input.TextArea rows={3} maxLength={200} showCount data-testid="reason-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
