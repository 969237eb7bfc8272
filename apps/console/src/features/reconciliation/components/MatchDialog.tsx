import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { yuan } from '@hall/shared/enrolment/index.ts';
import { RequestError } from '../../../lib/request';
import type { Credit } from '../api/credits';

interface Props {
  /** Open when given: the credits to match (one, or several partial transfers for one notice). */
  credits: Credit[] | null;
  pending: boolean;
  onCancel(): void;
  onSubmit(input: { application: string; note?: string }): Promise<unknown>;
}

/**
 * 手工核对: names the notice (its number, or the payment reference the unit should have written),
 * shows the credits' total beside it; the server confirms only when they are equal. A refusal stays
 * in the dialog above the fields.
 */
export function MatchDialog({ credits, pending, onCancel, onSubmit }: Props) {
  const [form] = Form.useForm<{ application: string; note?: string }>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const total = (credits ?? []).reduce((s, c) => s + c.amountFen, 0);
  const suggested = credits?.find((c) => c.application)?.application;
  useEffect(() => {
    setRefusal(null);
    if (credits) form.setFieldsValue({ application: suggested?.applicationNo ?? '', note: '' });
  }, [credits, suggested, form]);
  const submit = async () => {
    const fields = await form.validateFields();
    setRefusal(null);
    try {
      await onSubmit({ application: fields.application.trim(), note: fields.note?.trim() || undefined });
    } catch (error) {
      setRefusal(error instanceof RequestError ? error.message : '核对失败，请稍后重试');
    }
  };
  return (
    <Modal
      open={credits !== null}
      title={`手工核对：${credits?.length ?? 0} 笔到账，合计 ¥${yuan(total)}`}
      okText="核对并确认缴费"
      cancelText="取消"
      okButtonProps={{ loading: pending, 'data-testid': 'match-confirm' }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
    >
      {refusal ? <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="match-refusal" /> : null}
      {suggested ? (
        <p className="credit-note">
          可能的通知单：{suggested.applicationNo}（{suggested.empName}，应缴 ¥{yuan(suggested.dueFen)}）
        </p>
      ) : null}
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label="缴费通知单"
          name="application"
          extra="填写申请号（SQ 开头）或 16 位缴费识别码；所选到账合计须等于应缴金额"
          rules={[{ required: true, whitespace: true, message: '请输入申请号或缴费识别码' }]}
        >
          <Input maxLength={24} autoComplete="off" data-testid="match-application" />
        </Form.Item>
        <Form.Item label="备注" name="note">
          <Input.TextArea rows={2} maxLength={200} showCount data-testid="match-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
