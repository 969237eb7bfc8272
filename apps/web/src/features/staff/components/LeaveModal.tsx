import { useEffect } from 'react';
import { Alert, AutoComplete, DatePicker, Form, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { requiredChoice, requiredText } from '../../../components/form/form-kit';
import { toast } from '../../../lib/feedback';
import { useLeaveStaff } from '../api/leave-staff';
import type { StaffItem } from '../api/staff-page';
import { chinaToday } from '../../../lib/format';
import '../../../lib/dayjs-zh';

const REASONS = ['辞职', '退休', '调离本单位', '解除劳动合同', '死亡'].map((value) => ({ value }));

/**
 * 减员 of one or several staff: the date (not before joining, not after today) and the reason.
 * Coverage already paid for is untouched: it runs to the end of its period. Several (the batch
 * flag's selection) leave in one call, all or none: a refusal names who cannot and the dialog stays.
 */
export function LeaveModal({ targets, onClose, onDone }: { targets: StaffItem[]; onClose(): void; onDone(): void }) {
  const [form] = Form.useForm<{ leftOn?: Dayjs; leaveReason?: string }>();
  const leaving = useLeaveStaff();
  const open = targets.length > 0;
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const today = chinaToday();
  const earliest = targets.reduce((max, t) => (t.joinedOn > max ? t.joinedOn : max), '');

  // A refusal was shown by the request client (for several: who cannot leave, nothing changed); the dialog stays.
  const submit = (values: { leftOn?: Dayjs; leaveReason?: string }) =>
    leaving.mutate(
      { ids: targets.map((t) => t.id), leftOn: values.leftOn!.format('YYYY-MM-DD'), leaveReason: values.leaveReason!.trim() },
      {
        onSuccess: () => {
          toast.success(`已减员 ${targets.length} 人`);
          onDone();
        },
      },
    );

  return (
    <Modal
      title={targets.length === 1 ? `减员：${targets[0].name}` : `批量减员（${targets.length} 人）`}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确认减员"
      okButtonProps={{ danger: true, loading: leaving.isPending, ...{ 'data-testid': 'leave-submit' } }}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        className="staff-leave__hint"
        message="减员后该人员不再是本单位在职人员，可由新单位添加；已缴费的互助保障继续有效至本互助期结束。"
      />
      <Form form={form} layout="vertical" onFinish={submit} data-testid="leave-form">
        <Form.Item label="减员日期" name="leftOn" required rules={[requiredChoice('减员日期')]}>
          <DatePicker
            className="staff-drawer__date"
            placeholder="请选择日期"
            disabledDate={(d) => {
              const day = d.format('YYYY-MM-DD');
              return day > today || (earliest !== '' && day < earliest);
            }}
            data-testid="leave-date"
          />
        </Form.Item>
        <Form.Item label="减员原因" name="leaveReason" required rules={[requiredText('减员原因', 100)]}>
          <AutoComplete options={REASONS} placeholder="请选择或输入" data-testid="leave-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
