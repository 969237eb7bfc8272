import { CODE_VALIDITY } from '@hall/shared/constants.ts';
import { type ReactNode, useState } from 'react';
import { Alert, Button, Descriptions, Empty, Form, Input, Modal, Result, Space, Table, Tag } from 'antd';
import type { FormInstance } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { checkMobile } from '@hall/shared/validation/contact.ts';
import { checkBankCard } from '@hall/shared/staff/index.ts';
import { CaptchaFormItem, useSendCaptcha } from '../../components/captcha/CaptchaFormItem';
import { formLayout, requiredText } from '../../components/form/form-kit';
import { SmsCodeField } from '../../components/form/SmsCodeField';
import { Panel } from '../../components/Panel';
import { FormActions } from '../../components/form/FormActions';
import { useCaptcha } from '../../lib/captcha';
import { toast } from '../../lib/feedback';
import { type PersonalInfo, sendCardCode, sendPhoneCode, useChangeCard, useChangePhone, usePersonalInfo } from './api/personal-info';
import './personal-info.css';

type Coverage = PersonalInfo['coverages'][number];
const STATE_COLORS: Record<Coverage['state'], string> = { covered: 'success', waiting: 'processing', ended: 'default' };

const COLUMNS: ColumnsType<Coverage> = [
  { title: '互助年度', dataIndex: 'year', width: 90 },
  { title: '险种', dataIndex: 'productName' },
  { title: '份数', dataIndex: 'shares', width: 60, align: 'right' },
  { title: '参保单位', dataIndex: 'unitName' },
  { title: '保障起始', dataIndex: 'coveredFrom', width: 110 },
  { title: '保障截止', dataIndex: 'coveredTo', width: 110 },
  { title: '等待期截止', dataIndex: 'waitingEnd', width: 110, render: (v: string | null) => v ?? '无（续保）' },
  {
    title: '状态',
    dataIndex: 'stateLabel',
    width: 90,
    render: (label: string, row) => <Tag color={STATE_COLORS[row.state]}>{label}</Tag>,
  },
];

interface CodeValues {
  captchaCode: string;
  msgAuthCode: string;
}

/**
 * A change confirmed by an SMS code: its own fields, the captcha the send spends (refreshed and
 * cleared after every try), 短信验证码 whose hint names the phone the code went to, the submit.
 */
function CodeForm<V extends CodeValues>(props: {
  form: FormInstance;
  testId: 'phone' | 'card';
  /** The fields the send needs checked first. */
  sendNeeds: string[];
  hint: string;
  send(captcha: { captchaId: string; captchaCode: string }): Promise<string>;
  okText: string;
  busy: boolean;
  onFinish(values: V): void;
  children: ReactNode;
}) {
  const { form, testId } = props;
  const captcha = useCaptcha(`personal-${testId}`);
  const sendCaptcha = useSendCaptcha(form);
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Form<V> form={form} {...formLayout} onFinish={props.onFinish} data-testid={`${testId}-form`}>
      {props.children}
      <CaptchaFormItem captcha={captcha} testId={testId} rule={sendCaptcha.rule} />
      <SmsCodeField
        extra={sentTo ? `验证码已发送至 ${sentTo}，${CODE_VALIDITY}` : props.hint}
        inputTestId={`${testId}-code`}
        testId={`${testId}-send-code`}
        validate={() => sendCaptcha.validate(props.sendNeeds)}
        send={async () => {
          try {
            return await props.send({ captchaId: captcha.captchaId, captchaCode: String(form.getFieldValue('captchaCode')).trim() });
          } finally {
            captcha.refresh();
            form.setFieldValue('captchaCode', '');
          }
        }}
        onSent={setSentTo}
      />
      <FormActions submit={props.okText} loading={props.busy} testId={`${testId}-submit`} />
    </Form>
  );
}

interface PhoneValues extends CodeValues {
  phone: string;
}

/** 更换手机号码: the new phone, a captcha for the send, the code that reached the new phone. */
function PhoneForm({ onDone }: { onDone(message: string): void }) {
  const [form] = Form.useForm<PhoneValues>();
  const saving = useChangePhone();
  return (
    <CodeForm<PhoneValues>
      form={form}
      testId="phone"
      sendNeeds={['phone']}
      hint="验证码将发送至新手机号码"
      send={(c) => sendPhoneCode(String(form.getFieldValue('phone')).trim(), c)}
      okText="确认更换"
      busy={saving.isPending}
      onFinish={(v) => saving.mutate({ phone: v.phone.trim(), code: v.msgAuthCode.trim() }, { onSuccess: () => onDone('手机号码已更换') })}
    >
      <Form.Item label="新手机号码" name="phone" required rules={[requiredText('新手机号码', 20, checkMobile)]}>
        <Input maxLength={11} inputMode="numeric" placeholder="请输入新手机号码" data-testid="phone-new" />
      </Form.Item>
    </CodeForm>
  );
}

interface CardValues extends CodeValues {
  bankName: string;
  bankCard: string;
}

/** 变更银行卡: bank and card number, confirmed by a code to the phone on record. */
function CardForm({ onDone, hasPhone }: { onDone(message: string): void; hasPhone: boolean }) {
  const [form] = Form.useForm<CardValues>();
  const saving = useChangeCard();
  if (!hasPhone) return <Alert type="warning" showIcon message="您尚未登记手机号码，请先绑定手机号码后再变更银行卡。" />;
  const submit = (v: CardValues) =>
    saving.mutate(
      { bankName: v.bankName.trim(), bankCard: v.bankCard.replace(/[\s-]/g, ''), code: v.msgAuthCode.trim() },
      { onSuccess: () => onDone('银行卡已变更，尚未发放的待遇将发放至新卡') },
    );
  return (
    <CodeForm<CardValues>
      form={form}
      testId="card"
      sendNeeds={[]}
      hint="验证码将发送至您登记的手机号码"
      send={sendCardCode}
      okText="确认变更"
      busy={saving.isPending}
      onFinish={submit}
    >
      <Form.Item label="开户银行" name="bankName" required rules={[requiredText('开户银行', 50)]}>
        <Input maxLength={50} placeholder="如：中国工商银行长沙分行" data-testid="card-bank" />
      </Form.Item>
      <Form.Item label="银行卡号" name="bankCard" required rules={[requiredText('银行卡号', 30, checkBankCard)]}>
        <Input maxLength={30} inputMode="numeric" placeholder="12-19位数字" data-testid="card-number" />
      </Form.Item>
    </CodeForm>
  );
}

/**
 * /personalInformationBase 个人基本信息 (personal accounts): the person's own record (ID number
 * masked), unit, coverage per period and product with waiting dates, the bank card benefits go
 * to and the phone; the phone and the card are changed here with an SMS code.
 */
export default function PersonalInfoPage() {
  const info = usePersonalInfo();
  const [editing, setEditing] = useState<'phone' | 'card' | null>(null);
  const done = (message: string) => {
    toast.success(message);
    setEditing(null);
  };
  if (info.isError)
    return (
      <Panel title="个人基本信息">
        <Result status="error" title="个人信息加载失败" extra={<Button onClick={() => info.refetch()}>重试</Button>} />
      </Panel>
    );
  const d = info.data;
  return (
    <div className="personal-info" data-testid="personal-info-page">
      <Panel title="个人基本信息" testId="personal-record">
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" bordered>
          <Descriptions.Item label="姓名">{d?.name ?? '…'}</Descriptions.Item>
          <Descriptions.Item label="身份证号码">{d?.certNo}</Descriptions.Item>
          <Descriptions.Item label="性别">{d?.gender || '—'}</Descriptions.Item>
          <Descriptions.Item label="出生日期">{d?.birthDate ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="所在单位">{d?.unitName ?? '暂无'}</Descriptions.Item>
          <Descriptions.Item label="入职日期">{d?.joinedOn ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="医保参保">
            {d ? d.insured ? <Tag color="success">已参保</Tag> : <Tag>未参保</Tag> : null}
          </Descriptions.Item>
          <Descriptions.Item label="手机号码">
            <Space wrap>
              <span data-testid="personal-phone">{d?.phone || '未登记'}</span>
              <Button size="small" onClick={() => setEditing('phone')} data-testid="phone-change">
                更换
              </Button>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="待遇发放银行卡">
            <Space wrap>
              <span data-testid="personal-card">{d?.bankCard ? `${d.bankName ?? ''} ${d.bankCard}` : '未登记'}</span>
              <Button size="small" onClick={() => setEditing('card')} data-testid="card-change">
                变更
              </Button>
            </Space>
          </Descriptions.Item>
        </Descriptions>
      </Panel>
      <Panel title="医疗互助保障" testId="personal-coverages">
        <Table<Coverage>
          rowKey={(r) => `${r.year}-${r.productCode}`}
          columns={COLUMNS}
          dataSource={d?.coverages ?? []}
          loading={info.isLoading}
          pagination={false}
          size="small"
          scroll={{ x: 760 }}
          locale={{ emptyText: <Empty description="暂无医疗互助保障记录" /> }}
        />
      </Panel>
      <Modal
        open={editing !== null}
        title={editing === 'phone' ? '更换手机号码' : '变更待遇发放银行卡'}
        footer={null}
        destroyOnHidden
        onCancel={() => setEditing(null)}
      >
        {editing === 'phone' ? <PhoneForm onDone={done} /> : null}
        {editing === 'card' ? <CardForm onDone={done} hasPhone={!!d?.phone} /> : null}
      </Modal>
    </div>
  );
}
