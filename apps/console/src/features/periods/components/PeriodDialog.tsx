import { useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import type { PeriodFields } from '@hall/shared/schemas/operator.ts';
import type { Period } from '../api/period-list';
import { changedFields } from './changed';

type Fields = Required<Omit<PeriodFields, 'year'>> & { year: number };

interface Props {
  /** The period edited; 'new' a new one; null closed. */
  period: Period | 'new' | null;
  pending: boolean;
  onCancel(): void;
  onSubmit(fields: PeriodFields): Promise<unknown>;
}

const DATES: Array<[keyof Fields, string]> = [
  ['startDate', '保障开始日期'],
  ['endDate', '保障结束日期'],
  ['enrolStart', '申报开始日期'],
  ['enrolEnd', '申报截止日期'],
  ['payDeadline', '缴费截止日期'],
];

/**
 * 新建 or 修改 a period (互助期). A new one's absent dates take the usual calendar (the server's
 * rule); an edit sends only the fields changed, and the server's refusal (a period with paid
 * coverages keeps its dates and waiting days) stays in the dialog. Enter submits.
 */
export function PeriodDialog({ period, pending, onCancel, onSubmit }: Props) {
  const [form] = Form.useForm<Fields>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const creating = period === 'new';
  const editing = period && period !== 'new' ? period : null;
  const submit = async () => {
    const values = await form.validateFields();
    const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as Fields;
    setRefusal(null);
    try {
      await onSubmit(editing ? { ...changedFields<Fields>(editing, filled), year: editing.year } : filled);
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    }
  };
  const close = () => {
    setRefusal(null);
    onCancel();
  };
  return (
    <Modal
      open={period !== null}
      title={editing ? `修改互助期：${editing.year}年度` : '新建互助期'}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ loading: pending, 'data-testid': 'period-submit' }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      {editing && editing.phase !== 'upcoming' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`本期${editing.phaseLabel}：已有确认缴费的参保记录时，保障起止日期和等待期不能再改`}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={editing ?? undefined}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void submit().catch(() => undefined);
        }}
      >
        {creating ? (
          <Form.Item
            label="互助年度"
            name="year"
            rules={[{ required: true, message: '请输入互助年度' }]}
            extra="未填的日期按惯例：当年保障，上年11-12月申报，缴费截止为申报截止，等待期90天"
          >
            <InputNumber min={2000} max={2100} precision={0} style={{ width: 160 }} data-testid="period-year" />
          </Form.Item>
        ) : null}
        <Form.Item label="名称" name="name" rules={[{ max: 50, message: '互助期名称不能超过50个字' }]}>
          <Input data-testid="period-name" />
        </Form.Item>
        <div className="period-form__dates">
          {DATES.map(([name, label]) => (
            <Form.Item key={name} label={label} name={name}>
              <Input type="date" data-testid={`period-${name}`} />
            </Form.Item>
          ))}
          <Form.Item label="等待期（天）" name="waitingDays">
            <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} data-testid="period-waitingDays" />
          </Form.Item>
        </div>
      </Form>
      {refusal ? <Alert type="error" showIcon title={refusal} data-testid="period-refusal" /> : null}
    </Modal>
  );
}
