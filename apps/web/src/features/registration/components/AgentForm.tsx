import { useState } from 'react';
import { Alert, Button, Checkbox, DatePicker, Form, Input, Result, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link } from 'react-router';
import { checkMobile } from '@hall/shared/validation/contact.ts';
import { checkDateRange } from '@hall/shared/validation/dates.ts';
import { messages } from '@hall/shared/validation/messages.ts';
import { toast } from '../../../lib/feedback';
import { checkRule } from '../../../lib/form-rules';
import { formLayout, requiredChoice, requiredText, smsCodeRule } from '../../public/form-kit';
import { NewPasswordFields } from '../../public/NewPasswordFields';
import { LinkButton } from '../../public/LinkButton';
import { SmsCodeButton } from '../../public/SmsCodeButton';
import { RequiredTitle } from '../../../components/RequiredTitle';
import { checkAgentExists, checkRealName, registerAgent, sendSmsCode, type AgentRegistered } from '../api';
import { useAgentDraft, type AgentDraftValues } from '../agent-draft';
import { certNoRule, CertTypeSelect, DEFAULT_CERT_TYPE } from './CertTypeSelect';

/** 长期: the value the server takes for a certificate without end date. */
export const CERT_VALID_FOREVER = '长期';
export const AGENT_EXISTS_MESSAGE = '该证件号码已注册，请直接登录';

const DAY = 'YYYY-MM-DD';
/** The form keeps dates as YYYY-MM-DD text; the picker works on dayjs. */
const dateProps = {
  getValueProps: (value?: string) => ({ value: value ? dayjs(value, DAY) : undefined }),
  normalize: (value: Dayjs | null) => (value ? value.format(DAY) : undefined),
};

const startRule = checkRule(() => null, messages.selectDate('证件有效期开始日期'));

/**
 * 经办人注册: a personal account for an agent, with the phone proven by an SMS code (purpose
 * agent-register). Before registering: an existing account for the certificate stops it
 * (checkAgentExistOrNot), and the name must match the certificate where the hall knows the
 * person (checkRealName). The values live in the draft store, so the kept-alive hub keeps them.
 */
export function AgentForm() {
  const draft = useAgentDraft();
  const [form] = Form.useForm<AgentDraftValues>();
  const forever = Form.useWatch('forever', form) ?? draft.values.forever;
  const [submitting, setSubmitting] = useState(false);
  const [exists, setExists] = useState(false);
  const [done, setDone] = useState<AgentRegistered | null>(null);

  if (done) {
    return (
      <Result
        status="success"
        title="经办人注册成功"
        subTitle={`请使用证件号码 ${done.certno} 和注册时设置的密码，在“个人用户登录”中登录。`}
        extra={
          <LinkButton to="/gatePage?tab=personal" type="primary" data-testid="agent-login-link">
            去个人登录
          </LinkButton>
        }
        data-testid="agent-success"
      />
    );
  }

  async function submit(values: AgentDraftValues) {
    setExists(false);
    setSubmitting(true);
    const certType = values.certType!;
    const certno = values.certno!.trim().toUpperCase();
    const name = values.empOpterName!.trim();
    try {
      if (await checkAgentExists(certType, certno)) {
        setExists(true);
        toast.warning(AGENT_EXISTS_MESSAGE, 5);
        return;
      }
      await checkRealName(certno, name); // a known certificate under another name is refused
      const registered = await registerAgent({
        opterTel: values.opterTel!,
        msgAuthCode: values.msgAuthCode!,
        pwd: values.pwd!,
        confirmPassword: values.confirmPassword!,
        certType,
        certno,
        certificateStartDate: values.certificateStartDate!,
        certificateEndDate: values.forever ? CERT_VALID_FOREVER : values.certificateEndDate!,
        empOpterName: name,
      });
      draft.clear();
      setDone(registered);
    } catch {
      // the server's message has been shown (验证码错误…, 姓名与证件号码不匹配, …)
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form<AgentDraftValues>
      form={form}
      {...formLayout}
      initialValues={{ certType: DEFAULT_CERT_TYPE, ...draft.values }}
      onValuesChange={(_changed, all) => draft.set({ values: all })}
      onFinish={submit}
      data-testid="agent-form"
    >
      {exists ? (
        <Alert
          type="warning"
          showIcon
          className="form-alert"
          title={AGENT_EXISTS_MESSAGE}
          action={<Link to="/gatePage?tab=personal">去登录</Link>}
          data-testid="agent-exists"
        />
      ) : null}
      <RequiredTitle>经办人信息</RequiredTitle>
      <Form.Item label="经办人姓名" name="empOpterName" required rules={[requiredText('经办人姓名', 20)]}>
        <Input placeholder="请输入与证件一致的姓名" maxLength={20} data-testid="agent-name" />
      </Form.Item>
      <Form.Item label="证件类型" name="certType" required rules={[requiredChoice('证件类型')]}>
        <CertTypeSelect testId="agent-certType" />
      </Form.Item>
      <Form.Item label="证件号码" name="certno" required dependencies={['certType']} extra="注册后用证件号码登录" rules={[certNoRule('证件号码', 'certType')]}>
        <Input placeholder="请输入证件号码" maxLength={20} data-testid="agent-certno" />
      </Form.Item>
      <Form.Item label="证件有效期" required style={{ marginBottom: 0 }}>
        <div className="date-range-fields">
          <Form.Item
            name="certificateStartDate"
            {...dateProps}
            dependencies={['certificateEndDate', 'forever']}
            rules={[
              startRule,
              ({ getFieldValue }) =>
                checkRule((start) => (getFieldValue('forever') ? null : checkDateRange(start as string, getFieldValue('certificateEndDate')).start)),
            ]}
          >
            <DatePicker placeholder="开始日期" style={{ width: '100%' }} data-testid="agent-start" />
          </Form.Item>
          <span className="date-range-fields__to">至</span>
          <Form.Item
            name="certificateEndDate"
            {...dateProps}
            dependencies={['certificateStartDate', 'forever']}
            rules={[
              ({ getFieldValue }) =>
                checkRule(
                  (end) => checkDateRange(getFieldValue('certificateStartDate'), end as string).end,
                  getFieldValue('forever') ? undefined : messages.selectDate('证件有效期结束日期'),
                ),
            ]}
          >
            <DatePicker placeholder={forever ? '长期有效' : '结束日期'} disabled={Boolean(forever)} style={{ width: '100%' }} data-testid="agent-end" />
          </Form.Item>
          <Form.Item name="forever" valuePropName="checked" className="date-range-fields__forever">
            <Checkbox
              data-testid="agent-forever"
              onChange={(e) => {
                if (e.target.checked) form.setFieldValue('certificateEndDate', undefined);
              }}
            >
              长期
            </Checkbox>
          </Form.Item>
        </div>
      </Form.Item>

      <RequiredTitle>手机验证与密码</RequiredTitle>
      <Form.Item label="手机号码" name="opterTel" required rules={[requiredText('手机号码', 11, checkMobile)]}>
        <Input placeholder="请输入本人手机号码" maxLength={11} inputMode="numeric" data-testid="agent-phone" />
      </Form.Item>
      <Form.Item
        label="短信验证码"
        required
        extra={draft.codeSentTo ? `验证码已发送至 ${draft.codeSentTo}，5分钟内有效` : undefined}
      >
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="msgAuthCode" noStyle rules={[smsCodeRule]}>
            <Input placeholder="请输入6位短信验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" data-testid="agent-code" />
          </Form.Item>
          <SmsCodeButton
            testId="agent-send-code"
            until={draft.codeUntil}
            onUntil={(until) => draft.set({ codeUntil: until })}
            validate={() => form.validateFields(['opterTel']).then(() => true, () => false)}
            send={() => sendSmsCode(String(form.getFieldValue('opterTel')).trim(), 'agent-register')}
            onSent={(phone) => {
              draft.set({ codeSentTo: phone });
              toast.success(`验证码已发送至 ${phone}`);
            }}
          />
        </Space.Compact>
      </Form.Item>
      <NewPasswordFields testIds={['agent-pwd', 'agent-confirm']} />
      <Form.Item label=" " className="form-actions">
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="agent-submit">
          注册
        </Button>
        <Link to="/gatePage?tab=personal" className="form-actions__link">
          已注册，去登录
        </Link>
      </Form.Item>
    </Form>
  );
}
