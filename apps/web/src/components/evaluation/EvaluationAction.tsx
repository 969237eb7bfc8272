import { useState } from 'react';
import { App, Button, Descriptions, Form, Input, Modal, Radio } from 'antd';
import {
  EVALUATION_COMMENT_MAX,
  EVALUATION_KIND_LABELS,
  type EvaluationKind,
  RATING_LABELS,
  RATING_REASON_AT,
  RATINGS,
  type Rating,
} from '@hall/shared/feature-services.ts';
import { GuardedButton } from '../GuardedButton';
import { formatDateTime } from '../../lib/format';
import { type Evaluation, useSubmitEvaluation } from '../../lib/evaluation';
import './evaluation.css';

/**
 * 好差评 in a list row (flag evaluation): 评价 on a finished service not yet rated (a form: five
 * grades, an optional comment, a reason for 不满意 or worse), the grade once rated (opens it, read
 * only: a rating is never changed). Nothing for a service that is not finished.
 */
export function EvaluationAction({
  kind,
  id,
  no,
  finished,
  evaluation,
}: {
  kind: EvaluationKind;
  id: string;
  /** The service's number, for the dialog's title. */
  no: string;
  finished: boolean;
  evaluation?: Evaluation;
}) {
  const [open, setOpen] = useState(false);
  if (evaluation)
    return (
      <>
        <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="evaluation-done">
          已评价：{evaluation.ratingLabel}
        </Button>
        <Modal
          open={open}
          title={`评价 ${no}`}
          onCancel={() => setOpen(false)}
          footer={<Button onClick={() => setOpen(false)}>关闭</Button>}
        >
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="评价">{evaluation.ratingLabel}</Descriptions.Item>
            {evaluation.reason ? <Descriptions.Item label="不满意原因">{evaluation.reason}</Descriptions.Item> : null}
            <Descriptions.Item label="评价内容">{evaluation.comment ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="评价时间">{formatDateTime(evaluation.createdAt)}</Descriptions.Item>
          </Descriptions>
          <p className="evaluation-note">评价提交后不能修改。</p>
        </Modal>
      </>
    );
  if (!finished) return null;
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="evaluation-open">
        评价
      </Button>
      {open ? <EvaluationForm kind={kind} id={id} no={no} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

interface Values {
  rating?: Rating;
  comment?: string;
  reason?: string;
}

function EvaluationForm({ kind, id, no, onClose }: { kind: EvaluationKind; id: string; no: string; onClose(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rating = Form.useWatch('rating', form);
  const submit = useSubmitEvaluation();
  const send = async () => {
    const values = await form.validateFields();
    submit.mutate(
      { kind, id, rating: values.rating!, comment: values.comment || undefined, reason: values.reason || undefined },
      {
        onSuccess: () => {
          message.success('感谢您的评价');
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open
      title={`评价${EVALUATION_KIND_LABELS[kind]} ${no}`}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <GuardedButton key="ok" type="primary" loading={submit.isPending} onClick={() => void send()} data-testid="evaluation-submit">
          提交评价
        </GuardedButton>,
      ]}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="evaluation-form">
        <Form.Item name="rating" label="您对本次服务的评价" rules={[{ required: true, message: '请选择评价等级' }]}>
          <Radio.Group>
            {RATINGS.map((r) => (
              <Radio key={r} value={r}>
                {RATING_LABELS[r]}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {rating !== undefined && rating <= RATING_REASON_AT ? (
          <Form.Item
            name="reason"
            label="不满意原因"
            rules={[
              { required: true, whitespace: true, message: '评价为不满意时，请填写不满意原因' },
              { max: EVALUATION_COMMENT_MAX, message: `不满意原因不能超过${EVALUATION_COMMENT_MAX}字` },
            ]}
          >
            <Input.TextArea rows={3} maxLength={EVALUATION_COMMENT_MAX} showCount placeholder="请说明哪里不满意，以便我们改进" />
          </Form.Item>
        ) : null}
        <Form.Item
          name="comment"
          label="评价内容（选填）"
          rules={[{ max: EVALUATION_COMMENT_MAX, message: `评价内容不能超过${EVALUATION_COMMENT_MAX}字` }]}
        >
          <Input.TextArea rows={3} maxLength={EVALUATION_COMMENT_MAX} showCount />
        </Form.Item>
        <p className="evaluation-note">每项业务只能评价一次，提交后不能修改。</p>
      </Form>
    </Modal>
  );
}
