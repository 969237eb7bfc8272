import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import { yuan } from '@hall/shared/enrolment/index.ts';
import type { Approval } from '../api/claim-decide';
import type { ClaimDetail } from '../api/claim-detail';

interface Props {
  detail: ClaimDetail | null;
  open: boolean;
  pending: boolean;
  onCancel(): void;
  onApprove(approval: Approval): Promise<unknown>;
}

interface Fields {
  amount: number;
  note?: string;
}

const plainYuan = (fen: number) => Number((fen / 100).toFixed(2));

/**
 * 审核通过 with the amount: the claim's computed one by default; the server takes it lower only
 * with a note, never higher (claim-operator.service). Enter submits.
 */
export function ApproveDialog({ detail, open, pending, onCancel, onApprove }: Props) {
  const [form] = Form.useForm<Fields>();
  const computedFen = detail?.claim.amountFen ?? 0;
  const amount = Form.useWatch('amount', form);
  const lowered = typeof amount === 'number' && Math.round(amount * 100) < computedFen;

  const submit = async () => {
    const fields = await form.validateFields();
    const fen = Math.round(fields.amount * 100);
    await onApprove({
      claim: detail?.claim.id ?? 0,
      ...(fen === computedFen ? {} : { amount: (fen / 100).toFixed(2) }),
      ...(fields.note?.trim() ? { note: fields.note.trim() } : {}),
    });
    form.resetFields();
  };

  return (
    <Modal
      open={open}
      title={`审核通过：${detail?.claim.claimNo ?? ''}`}
      okText="审核通过"
      okButtonProps={{ loading: pending, 'data-testid': 'approve-confirm' }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
    >
      {detail ? (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ amount: plainYuan(computedFen) }}
          onFinish={() => void submit().catch(() => undefined)}
        >
          <Alert
            type="info"
            showIcon
            className="approve-note"
            title={`系统计算金额 ¥${yuan(computedFen)}；通过后转入待发放，由财务发放。`}
          />
          <Form.Item
            label="核定金额（元）"
            name="amount"
            rules={[
              { required: true, message: '请输入核定金额' },
              {
                validator: (_, value: number) =>
                  value > 0 && Math.round(value * 100) <= computedFen
                    ? Promise.resolve()
                    : Promise.reject(new Error(`核定金额须大于 0 且不高于 ¥${yuan(computedFen)}`)),
              },
            ]}
          >
            <InputNumber min={0} precision={2} step={1} style={{ width: '100%' }} data-testid="approve-amount" />
          </Form.Item>
          <Form.Item
            label="核减原因"
            name="note"
            dependencies={['amount']}
            rules={[{ required: lowered, whitespace: true, message: '调低核定金额须写明原因' }]}
            extra={lowered ? '核定金额低于系统计算金额，申请人将看到此原因' : '金额不变时可不填'}
          >
            <Input maxLength={200} data-testid="approve-note" />
          </Form.Item>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      ) : null}
    </Modal>
  );
}
