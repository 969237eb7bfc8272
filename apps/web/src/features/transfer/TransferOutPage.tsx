import { useState } from 'react';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { GuardedButton } from '../../components/GuardedButton';
import { Panel } from '../../components/Panel';
import { ReadOnlyBanner } from '../../components/UnitBusinessBar';
import { toast } from '../../lib/feedback';
import { useUnitReadOnly } from '../../lib/user-info';
import '../../lib/dayjs-zh';
import { searchUnits, type UnitHit, useApplyOut, useTransferStaff } from './api/transfers';
import { dayText } from './labels';
import { StaffChoice, TransferHint } from './list-parts';
import { TransferTable } from './TransferTable';
import './transfer.css';

interface OutValues {
  staffId: number;
  toUscc: string;
  transferDate: Dayjs;
  reason?: string;
}

/**
 * /transfer/relationship-out-apply-register 关系转出申请 (unit accounts): the old unit releases a
 * covered staff member to another unit (found by credit code or name) from a date of the period;
 * the new unit receives, the city union confirms; the list follows the states. A released branch
 * (已解除授权) reads it only: the notice, the form disabled, no actions in the list.
 */
export default function TransferOutPage() {
  const readOnly = useUnitReadOnly();
  const [form] = Form.useForm<OutValues>();
  const staff = useTransferStaff(true);
  const [hits, setHits] = useState<UnitHit[]>([]);
  const [keyword, setKeyword] = useState('');
  const saving = useApplyOut();
  async function search() {
    if (!keyword.trim()) return;
    try {
      const list = await searchUnits(keyword.trim());
      setHits(list);
      if (list.length === 0) toast.warning('未找到匹配的单位', 3);
      if (list.length === 1) form.setFieldValue('toUscc', list[0].uscc);
    } catch {
      // shown
    }
  }
  const submit = (v: OutValues) =>
    saving.mutate(
      { staffId: v.staffId, toUscc: v.toUscc, transferDate: dayText(v.transferDate)!, reason: v.reason?.trim() || undefined },
      {
        onSuccess: () => {
          toast.success('关系转出申请已提交，待转入单位确认');
          // A clean form for the next one: values and their errors (resetFields), and the unit search.
          form.resetFields();
          setKeyword('');
          setHits([]);
          void staff.refetch();
        },
      },
    );
  return (
    <div className="transfer-page" data-testid="transfer-out-page">
      {readOnly ? <ReadOnlyBanner /> : null}
      <Panel title="关系转出申请">
        <TransferHint>
          职工调往其他单位时，由原单位办理关系转出；转入单位确认接收、市总工会审核后，职工本互助期的保障自转移日期起转入新单位，保障不中断、不重复，也不重新计算等待期。
        </TransferHint>
        <Form<OutValues>
          form={form}
          layout="vertical"
          onFinish={submit}
          disabled={readOnly}
          className="transfer-form"
          data-testid="transfer-out-form"
        >
          <Form.Item label="转出人员" name="staffId" rules={[{ required: true, message: '请选择转出人员' }]}>
            <StaffChoice
              staff={staff}
              placeholder={staff.data?.length === 0 ? '本单位暂无本互助期有保障的在职人员' : undefined}
              testId="transfer-staff"
            />
          </Form.Item>
          <Form.Item label="转入单位" required>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                value={keyword}
                maxLength={60}
                onChange={(e) => setKeyword(e.target.value)}
                onPressEnter={(e) => (e.preventDefault(), void search())}
                aria-label="转入单位查找：统一社会信用代码或单位名称"
                placeholder="输入统一社会信用代码或单位名称查找"
                data-testid="transfer-unit-keyword"
              />
              <Button onClick={search} data-testid="transfer-unit-search">
                查找
              </Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item name="toUscc" rules={[{ required: true, message: '请查找并选择转入单位' }]}>
            <Select
              aria-label="转入单位"
              placeholder="查找后选择转入单位"
              options={hits.map((h) => ({
                value: h.uscc,
                label: `${h.empName}（${h.uscc}）${h.insured ? '' : '【未参保，不能转入】'}`,
                disabled: !h.insured,
              }))}
              data-testid="transfer-unit"
            />
          </Form.Item>
          <Form.Item
            label="转移日期"
            name="transferDate"
            rules={[{ required: true, message: '请选择转移日期' }]}
            extra="新单位自该日起承担保障，原单位保障至前一日"
          >
            <DatePicker style={{ width: '100%' }} data-testid="transfer-date" />
          </Form.Item>
          <Form.Item label="转出原因" name="reason">
            <Input.TextArea rows={2} maxLength={200} placeholder="选填" />
          </Form.Item>
          <GuardedButton type="primary" htmlType="submit" loading={saving.isPending} disabled={readOnly} data-testid="transfer-out-submit">
            提交关系转出
          </GuardedButton>
        </Form>
      </Panel>
      <Panel title="本单位关系转出记录">
        <TransferTable direction="out" readOnly={readOnly} />
      </Panel>
    </div>
  );
}
