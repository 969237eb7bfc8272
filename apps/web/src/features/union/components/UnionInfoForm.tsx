import { useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Form, Input, InputNumber, Space } from 'antd';
import type { RuleObject } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { UNION_INFO_LABELS, UNION_MESSAGES, type UnionInfoField, checkBankAccountNo } from '@hall/shared/union/index.ts';
import { checkContactPhone, checkMobile, checkPostalCode } from '@hall/shared/validation/contact.ts';
import { messages } from '@hall/shared/validation/messages.ts';
import { checkUscc } from '@hall/shared/validation/uscc.ts';
import { requiredChoice, requiredText } from '../../../components/form/form-kit';
import { RegionSelect } from '../../../components/region-select';
import '../../../lib/dayjs-zh';
import { useChange } from '../../../lib/use-change';
import type { PreviewFile } from '../../../components/file-preview/FilePreview';
import type { UnionForm, UnionInfo } from '../api/union-info';
import { ChangeDocuments } from './ChangeDocuments';

type Check = (v: unknown) => string | null;
type Kind = { kind: 'text'; max: number; check?: Check; placeholder?: string } | { kind: 'date' } | { kind: 'count' } | { kind: 'region' };

const SHORT = 20;
const LONG = 500;

/** The form's groups and fields, in the page's order; limits as the spec's presets (20 / 500). */
const GROUPS: Array<{ title: string; fields: Array<[UnionInfoField, Kind]> }> = [
  {
    title: '基本信息',
    fields: [
      ['uniName', { kind: 'text', max: LONG }],
      ['uscc', { kind: 'text', max: SHORT, check: checkUscc, placeholder: '18位统一社会信用代码' }],
      ['foundedOn', { kind: 'date' }],
      ['parentUnion', { kind: 'text', max: LONG }],
    ],
  },
  {
    title: '法人资格与负责人',
    fields: [
      ['legalCertNo', { kind: 'text', max: SHORT }],
      ['legalCertStart', { kind: 'date' }],
      ['legalCertEnd', { kind: 'date' }],
      ['legalName', { kind: 'text', max: SHORT }],
      ['chairmanName', { kind: 'text', max: SHORT }],
      ['chairmanPhone', { kind: 'text', max: SHORT, check: checkMobile, placeholder: '11位手机号码' }],
      ['chairmanTermStart', { kind: 'date' }],
      ['chairmanTermEnd', { kind: 'date' }],
    ],
  },
  {
    title: '职工与会员',
    fields: [
      ['employeeCount', { kind: 'count' }],
      ['femaleCount', { kind: 'count' }],
      ['memberCount', { kind: 'count' }],
    ],
  },
  {
    title: '地址与联系方式',
    fields: [
      ['regionCode', { kind: 'region' }],
      ['address', { kind: 'text', max: LONG, placeholder: '街道、门牌号等' }],
      ['postcode', { kind: 'text', max: SHORT, check: checkPostalCode }],
      ['contactName', { kind: 'text', max: SHORT }],
      ['contactPhone', { kind: 'text', max: SHORT, check: checkContactPhone, placeholder: '手机号码或固定电话（如 0731-88886666）' }],
    ],
  },
  {
    title: '银行账户（缴费通知单显示）',
    fields: [
      ['bankName', { kind: 'text', max: LONG }],
      ['bankAccountName', { kind: 'text', max: LONG }],
      ['bankAccountNo', { kind: 'text', max: 40, check: checkBankAccountNo, placeholder: '10-30位数字，可用空格分隔' }],
    ],
  },
];

const DATES: UnionInfoField[] = ['legalCertStart', 'legalCertEnd', 'chairmanTermStart', 'chairmanTermEnd', 'foundedOn'];

type Values = Record<UnionInfoField, string | number | Dayjs | null | undefined>;

const countRule: RuleObject = {
  validator: async (_r, v) => {
    if (v === null || v === undefined || v === '') throw new Error('请输入人数');
    if (!Number.isInteger(v) || v < 0 || v > 9_999_999) throw new Error('人数应为不超过7位的非负整数');
  },
};

/** end ≥ start (结束时间不能小于开始时间), as the server checks. */
const endAfter =
  (start: UnionInfoField) =>
  ({ getFieldValue }: { getFieldValue: (n: string) => unknown }): RuleObject => ({
    validator: async (_r, v: Dayjs | null) => {
      const s = getFieldValue(start) as Dayjs | null;
      if (v && s && v.isBefore(s, 'day')) throw new Error(messages.endBeforeStart);
    },
  });

const notOver =
  (message: string) =>
  ({ getFieldValue }: { getFieldValue: (n: string) => unknown }): RuleObject => ({
    validator: async (_r, v: number | null) => {
      const all = getFieldValue('employeeCount') as number | null;
      if (typeof v === 'number' && typeof all === 'number' && v > all) throw new Error(message);
    },
  });

function toForm(info: UnionInfo): Partial<Values> {
  const out: Partial<Values> = {};
  for (const [field, value] of Object.entries(info.record) as Array<[UnionInfoField, string | number | null]>) {
    out[field] = DATES.includes(field) && value ? dayjs(String(value)) : (value ?? undefined);
  }
  return out;
}

function toPayload(values: Values): UnionForm {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    out[field] = dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : typeof value === 'string' ? value.trim() : value;
  }
  return out as UnionForm;
}

/**
 * 编辑: the whole record in a drawer; submitting files a change for review (审核中), the record
 * itself changes when the city union approves it. Rules as the server's (shared checks).
 */
export function UnionInfoForm({
  open,
  info,
  onClose,
  onSubmit,
}: {
  open: boolean;
  info: UnionInfo;
  onClose: () => void;
  onSubmit: (form: UnionForm) => Promise<void>;
}) {
  const [form] = Form.useForm<Values>();
  const saving = useChange(onSubmit);
  const [error, setError] = useState<string | null>(null);
  const [documents, setDocuments] = useState<PreviewFile[]>([]);
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(toForm(info));
      setError(null);
      setDocuments([]);
    }
  }, [open, info, form]);

  const submit = (values: Values) => {
    setError(null);
    saving.mutate({ ...toPayload(values), fileIds: documents.map((d) => d.fileId) }, { onError: (e) => setError(e.message) });
  };

  const input = (field: UnionInfoField, kind: Kind) => {
    const label = UNION_INFO_LABELS[field];
    const testId = `union-input-${field}`;
    switch (kind.kind) {
      case 'date':
        return (
          <DatePicker
            style={{ width: '100%' }}
            placeholder={`请选择${label}`}
            data-testid={testId}
            disabledDate={field === 'foundedOn' ? (d) => d.isAfter(dayjs(), 'day') : undefined}
          />
        );
      case 'count':
        return (
          <InputNumber
            style={{ width: '100%' }}
            min={0}
            max={9_999_999}
            precision={0}
            placeholder={`请输入${label}`}
            data-testid={testId}
            suffix="人"
          />
        );
      case 'region':
        return <RegionSelect placeholder="请选择所在地区（可输入名称搜索）" aria-label={label} />;
      default:
        return <Input placeholder={kind.placeholder ?? `请输入${label}`} maxLength={kind.max} data-testid={testId} />;
    }
  };

  const rules = (field: UnionInfoField, kind: Kind) => {
    const label = UNION_INFO_LABELS[field];
    const base: Array<RuleObject | ((f: { getFieldValue: (n: string) => unknown }) => RuleObject)> = [];
    if (kind.kind === 'text') base.push(requiredText(label, kind.max, kind.check));
    if (kind.kind === 'date') base.push({ required: true, message: messages.selectDate(label) });
    if (kind.kind === 'region') base.push(requiredChoice(label));
    if (kind.kind === 'count') base.push(countRule);
    if (field === 'legalCertEnd') base.push(endAfter('legalCertStart'));
    if (field === 'chairmanTermEnd') base.push(endAfter('chairmanTermStart'));
    if (field === 'femaleCount') base.push(notOver(UNION_MESSAGES.femaleOverEmployees));
    if (field === 'memberCount') base.push(notOver(UNION_MESSAGES.membersOverEmployees));
    return base;
  };

  return (
    <Drawer
      title="编辑基层工会信息"
      open={open}
      onClose={onClose}
      width="min(760px, 100vw)"
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving.isPending} onClick={() => form.submit()} data-testid="union-submit">
            提交审核
          </Button>
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        className="union-form-note"
        title="提交后进入审核（审核中），市总工会审核通过后生效；审核前基层工会信息保持不变，可在变更记录中撤回。"
      />
      {info.lastRejected ? (
        <Alert
          type="warning"
          showIcon
          className="union-form-note"
          title={`上次提交被驳回：${info.lastRejected.reviewNote ?? '—'}`}
          description="如驳回意见要求提供材料，请在下方“证明材料”中上传后再提交。"
        />
      ) : null}
      {error ? <Alert type="error" showIcon title={error} className="union-form-note" data-testid="union-form-error" /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        scrollToFirstError
        data-testid="union-form"
        requiredMark
        onValuesChange={(changed) => {
          if ('employeeCount' in changed) void form.validateFields(['femaleCount', 'memberCount']).catch(() => undefined);
          if ('legalCertStart' in changed) void form.validateFields(['legalCertEnd']).catch(() => undefined);
          if ('chairmanTermStart' in changed) void form.validateFields(['chairmanTermEnd']).catch(() => undefined);
        }}
      >
        {GROUPS.map((g) => (
          <fieldset key={g.title} className="union-form-group">
            <legend>{g.title}</legend>
            <div className="union-form-grid">
              {g.fields.map(([field, kind]) => (
                <Form.Item key={field} name={field} label={UNION_INFO_LABELS[field]} required rules={rules(field, kind)}>
                  {input(field, kind)}
                </Form.Item>
              ))}
            </div>
          </fieldset>
        ))}
        <fieldset className="union-form-group">
          <legend>证明材料</legend>
          <ChangeDocuments value={documents} onChange={setDocuments} />
        </fieldset>
      </Form>
    </Drawer>
  );
}
