import { useState } from 'react';
import { Alert, Descriptions, Form, Input, Modal } from 'antd';
import { chinaDay } from '@hall/shared/china-time.ts';
import { yuan } from '@hall/shared/enrolment/index.ts';
import { Money } from '../../../components/Money';

/** What the dialog confirms: an unpaid application, or an entry waiting for its second check (with who entered it). */
export interface PaymentTarget {
  applicationId: number;
  applicationNo: string;
  uact: string;
  empName: string;
  amountFen: number;
  enteredBy?: string;
}

export interface PaymentForm {
  amount: string;
  paidOn: string;
  voucherNo: string;
}

interface Props {
  target: PaymentTarget | null;
  pending: boolean;
  onCancel(): void;
  onSubmit(fields: PaymentForm): Promise<unknown>;
}

/**
 * 确认缴费 from the bank's voucher: amount, paid-on day and voucher number, typed from the voucher
 * (nothing prefilled: for a second check the operator reads them again, docs/decisions.md
 * "Separation of duties"). The server's refusal stays in the dialog; Enter submits.
 */
export function ConfirmPaymentDialog({ target, pending, onCancel, onSubmit }: Props) {
  const [form] = Form.useForm<PaymentForm>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const today = chinaDay(new Date());
  const submit = async () => {
    const fields = await form.validateFields();
    setRefusal(null);
    try {
      await onSubmit({ amount: fields.amount.trim(), paidOn: fields.paidOn, voucherNo: fields.voucherNo.trim() });
      form.resetFields();
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    }
  };
  const close = () => {
    setRefusal(null);
    onCancel();
  };
  const checking = Boolean(target?.enteredBy);
  return (
    <Modal
      open={target !== null}
      title={`${checking ? '复核确认缴费' : '确认缴费'}：${target?.applicationNo ?? ''}`}
      okText={checking ? '复核确认' : '确认缴费'}
      cancelText="取消"
      okButtonProps={{ loading: pending, 'data-testid': 'payment-submit' }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      {target ? (
        <Descriptions column={1} size="small" bordered styles={{ label: { width: 96 } }} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="单位">
            {target.empName}（{target.uact}）
          </Descriptions.Item>
          <Descriptions.Item label="应缴金额">
            <Money fen={target.amountFen} />
          </Descriptions.Item>
          {target.enteredBy ? <Descriptions.Item label="登记人">{target.enteredBy}</Descriptions.Item> : null}
        </Descriptions>
      ) : null}
      {checking ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="请按银行回单重新录入金额、缴费日期和凭证号，须与登记的一致" />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ paidOn: today }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void submit().catch(() => undefined);
        }}
      >
        <Form.Item
          label="实缴金额（元）"
          name="amount"
          rules={[
            { required: true, whitespace: true, message: '请输入实缴金额' },
            { pattern: /^\s*\d{1,12}(\.\d{1,2})?\s*$/, message: '金额须为元，最多两位小数' },
          ]}
          extra={target ? `应缴 ¥${yuan(target.amountFen)}，须与银行回单一致` : undefined}
        >
          <Input inputMode="decimal" autoComplete="off" data-testid="payment-amount" />
        </Form.Item>
        <Form.Item label="缴费日期" name="paidOn" rules={[{ required: true, message: '请选择缴费日期' }]}>
          <Input type="date" max={today} data-testid="payment-paid-on" />
        </Form.Item>
        <Form.Item
          label="缴费凭证号"
          name="voucherNo"
          rules={[
            { required: true, whitespace: true, message: '请输入缴费凭证号' },
            { pattern: /^\s*[0-9A-Za-z_-]{1,40}\s*$/, message: '凭证号只能包含数字、字母、下划线和连字符' },
          ]}
        >
          <Input autoComplete="off" maxLength={40} data-testid="payment-voucher" />
        </Form.Item>
      </Form>
      {refusal ? <Alert type="error" showIcon title={refusal} data-testid="payment-refusal" /> : null}
    </Modal>
  );
}
