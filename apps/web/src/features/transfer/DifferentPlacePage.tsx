import { useState } from 'react';
import { RangeFilter } from '../../components/FilterBar';
import { DatePicker, Form, Input, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { GuardedButton } from '../../components/GuardedButton';
import { Panel } from '../../components/Panel';
import { ReadOnlyBanner } from '../../components/UnitBusinessBar';
import { RegionSelect } from '../../components/region-select';
import { toast } from '../../lib/feedback';
import { useUnitReadOnly } from '../../lib/user-info';
import '../../lib/dayjs-zh';
import { useSignedInSession } from '../../stores/use-signed-in';
import { ChoiceFilter, TextFilter } from '../../components/FilterBar';
import { optionsOf, pagedList, StaffChoice, TransferFilters, TransferHint, useListState } from './list-parts';
import { type FilingItem, type FilingQuery, useApplyFiling, useFilings, useFilingStaff } from './api/filings';
import { dayText, FILING_COLORS, FILING_STATE_LABELS, timeText } from './labels';
import './transfer.css';

interface FilingValues {
  staffId?: number;
  region: string;
  hospitalName: string;
  dates: [Dayjs, Dayjs];
  reason: string;
}

type Filters = Pick<FilingQuery, 'state' | 'name' | 'from' | 'to'>;

const COLUMNS: ColumnsType<FilingItem> = [
  { title: '姓名', dataIndex: 'personName', width: 90 },
  { title: '身份证号码', dataIndex: 'certNo', width: 170 },
  { title: '就医地', dataIndex: 'regionName' },
  { title: '就医医院', dataIndex: 'hospitalName' },
  { title: '备案期限', key: 'dates', width: 200, render: (_: unknown, r) => `${r.fromDate} 至 ${r.toDate}` },
  { title: '原因', dataIndex: 'reason' },
  {
    title: '状态',
    dataIndex: 'stateLabel',
    width: 90,
    render: (label: string, r) => <Tag color={FILING_COLORS[r.state]}>{label}</Tag>,
  },
  { title: '退回原因', dataIndex: 'returnReason', render: (v: string | null) => v ?? '' },
  { title: '提交时间', dataIndex: 'createdAt', width: 150, render: (v: string) => timeText(v) },
];

/**
 * /transfer/different-place-register 异地就医备案: where (region selector), hospital, dates and
 * reason; a unit files for a covered staff member, a worker for themself. The city union confirms
 * (已备案) or returns it; a 手工报销 for an out-of-town stay needs a confirmed filing. A released
 * branch (已解除授权) reads its filings only: the notice, the form disabled.
 */
export default function DifferentPlacePage() {
  const session = useSignedInSession();
  const isUnit = session.loginType === 'unit';
  const readOnly = useUnitReadOnly() && isUnit;
  const [form] = Form.useForm<FilingValues>();
  const staff = useFilingStaff(isUnit);
  const [regionName, setRegionName] = useState('');
  const saving = useApplyFiling();
  const { filters, page, setPage, search } = useListState<Filters>();
  const list = useFilings({ ...filters, ...page });

  const submit = (v: FilingValues) =>
    saving.mutate(
      {
        staffId: isUnit ? v.staffId : undefined,
        regionCode: v.region,
        regionName: regionName || v.region,
        hospitalName: v.hospitalName.trim(),
        fromDate: dayText(v.dates[0])!,
        toDate: dayText(v.dates[1])!,
        reason: v.reason.trim(),
      },
      {
        onSuccess: () => {
          toast.success('异地就医备案已提交，待市总工会确认');
          form.resetFields();
        },
      },
    );

  return (
    <div className="transfer-page" data-testid="different-place-page">
      {readOnly ? <ReadOnlyBanner /> : null}
      <Panel title="异地就医备案">
        <TransferHint>在本市以外住院就医前，请先办理异地就医备案；市总工会确认（已备案）后，该次住院方可申请手工报销补助。</TransferHint>
        <Form<FilingValues>
          form={form}
          layout="vertical"
          onFinish={submit}
          disabled={readOnly}
          className="transfer-form"
          data-testid="filing-form"
        >
          {isUnit ? (
            <Form.Item label="备案人员" name="staffId" rules={[{ required: true, message: '请选择备案人员' }]}>
              <StaffChoice staff={staff} testId="filing-staff" />
            </Form.Item>
          ) : null}
          <Form.Item label="就医地" name="region" className="filing-region" rules={[{ required: true, message: '请选择就医地' }]}>
            <RegionSelect placeholder="请选择就医地（可输入名称搜索）" onChange={(_code, node) => setRegionName(node?.name ?? '')} />
          </Form.Item>
          <Form.Item label="就医医院" name="hospitalName" rules={[{ required: true, whitespace: true, message: '请输入就医医院' }]}>
            <Input maxLength={100} placeholder="医院全称，与住院票据一致" data-testid="filing-hospital" />
          </Form.Item>
          <Form.Item label="备案期限" name="dates" rules={[{ required: true, message: '请选择开始和结束日期' }]}>
            <DatePicker.RangePicker className="filing-dates" style={{ width: '100%' }} placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <Form.Item label="备案原因" name="reason" rules={[{ required: true, whitespace: true, message: '请输入备案原因' }]}>
            <Input.TextArea rows={2} maxLength={200} placeholder="如：转诊转院、异地工作、异地安置" data-testid="filing-reason" />
          </Form.Item>
          <GuardedButton type="primary" htmlType="submit" loading={saving.isPending} disabled={readOnly} data-testid="filing-submit">
            提交备案
          </GuardedButton>
        </Form>
      </Panel>
      <Panel title="备案记录">
        <TransferFilters<{ state?: string; name?: string; range?: [Dayjs | null, Dayjs | null] }>
          onSearch={(v) =>
            search({
              state: (v.state || undefined) as Filters['state'],
              name: v.name?.trim() || undefined,
              from: dayText(v.range?.[0]),
              to: dayText(v.range?.[1]),
            })
          }
        >
          {isUnit ? <TextFilter label="姓名" name="name" maxLength={50} placeholder="姓名" /> : null}
          <ChoiceFilter label="状态" name="state" style={{ width: 120 }} options={optionsOf(FILING_STATE_LABELS)} />
          <RangeFilter label="期间" name="range" />
        </TransferFilters>
        <Table<FilingItem>
          rowKey="id"
          columns={COLUMNS}
          size="small"
          scroll={{ x: 1100 }}
          data-testid="filing-table"
          {...pagedList(list, page, setPage, '暂无异地就医备案')}
        />
      </Panel>
    </div>
  );
}
