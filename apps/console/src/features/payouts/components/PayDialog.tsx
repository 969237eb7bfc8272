import { useEffect } from 'react';
import { Alert, Descriptions, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { chinaDay } from '@hall/shared/china-time.ts';

interface Props {
  open: boolean;
  /** 发放互助待遇 or 发放补助. */
  title: string;
  /** What goes into the batch: the totals the operator checks before paying. */
  totals: Array<{ label: string; value: ReactNode }>;
  /** What stays behind (no card, the operator's own approvals…). */
  note?: string;
  pending: boolean;
  onCancel(): void;
  onPay(paidOn: string): Promise<unknown>;
}

/**
 * The confirmation before a payout batch (irreversible: the money leaves): the totals, the paid-on
 * day (today unless the transfer went out earlier) and 确认发放. Enter submits.
 */
export function PayDialog({ open, title, totals, note, pending, onCancel, onPay }: Props) {
  const [form] = Form.useForm<{ paidOn: string }>();
  const today = chinaDay(new Date());
  useEffect(() => {
    if (open) form.setFieldsValue({ paidOn: today });
  }, [open, form, today]);
  const submit = async () => {
    const { paidOn } = await form.validateFields();
    await onPay(paidOn);
  };
  return (
    <Modal
      open={open}
      title={title}
      okText="确认发放"
      cancelText="取消"
      okButtonProps={{ loading: pending, 'data-testid': 'pay-confirm' }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 120 } }} style={{ marginBottom: 16 }}>
        {totals.map((item) => (
          <Descriptions.Item key={item.label} label={item.label}>
            {item.value}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {note ? <Alert type="info" showIcon title={note} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ paidOn: today }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void submit().catch(() => undefined);
        }}
      >
        <Form.Item
          label="发放日期"
          name="paidOn"
          rules={[{ required: true, message: '请选择发放日期' }]}
          extra="银行转账的日期，不晚于今天"
        >
          <Input type="date" max={today} data-testid="pay-paid-on" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
