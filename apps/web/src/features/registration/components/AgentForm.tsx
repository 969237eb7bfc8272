import { CODE_VALIDITY } from '@hall/shared/constants.ts';
import { useState } from 'react';
import { SmsCodeField } from '../../../components/form/SmsCodeField';
import { Alert, Checkbox, DatePicker, Form, Input, Result } from 'antd';
import '../../../lib/dayjs-zh';
import dayjs, { type Dayjs } from 'dayjs';
import { Link } from 'react-router';
import { checkMobile } from '@hall/shared/validation/contact.ts';
import { checkDateRange } from '@hall/shared/validation/dates.ts';
import { messages } from '@hall/shared/validation/messages.ts';
import { toast } from '../../../lib/feedback';
import { checkRule } from '../../../lib/form-rules';
import { formLayout, requiredChoice, requiredText } from '../../../components/form/form-kit';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields';
import { LinkButton } from '../../../components/form/LinkButton';
import { RequiredTitle } from '../../../components/RequiredTitle';
import { CaptchaFormItem, useSendCaptcha } from '../../../components/captcha/CaptchaFormItem';
import { FormActions } from '../../../components/form/FormActions';
import { useCaptcha } from '../../../lib/captcha';
import { sendSmsCode } from '../../../lib/sms-code';
import { AGENT_EXISTS_MESSAGE, isAgentExistsRefusal, type AgentRegistered, useRegisterAgent } from '../api';
import { useAgentDraft, type AgentDraftValues } from '../agent-draft';
import { certNoRule, CertTypeSelect, DEFAULT_CERT_TYPE } from './CertTypeSelect';

/** 长期: the value the server takes for a certificate without end date. */
export const CERT_VALID_FOREVER = '长期';
export { AGENT_EXISTS_MESSAGE };
/** The server's refusal for a known person without a mobile on record (agent.service). */
export const NO_PHONE_ON_RECORD = messages.agentNoPhoneOnRecord;

const DAY = 'YYYY-MM-DD';
/** The form keeps dates as YYYY-MM-DD text; the picker works on dayjs. */
const dateProps = {
  getValueProps: (value?: string) => ({ value: value ? dayjs(value, DAY) : undefined }),
  normalize: (value: Dayjs | null) => (value ? value.format(DAY) : undefined),
};

const startRule = checkRule(() => null, messages.selectDate('证件有效期开始日期'));

/**
 * 经办人注册: a personal account for an agent, with the phone proven by an SMS code (purpose
 * agent-register; the send carries the image captcha). A person the registry already knows gets
 * the code on the phone the registry holds, whatever phone is typed, and the page says so; the
 * server checks the name and an existing account only after the code (nothing to learn by asking).
 * The values live in the draft store, so the kept-alive hub keeps them.
 */
export function AgentForm() {
  const draft = useAgentDraft();
  const [form] = Form.useForm<AgentDraftValues>();
  const forever = Form.useWatch('forever', form) ?? draft.values.forever;
  const registering = useRegisterAgent();
  const [exists, setExists] = useState(false);
  const [done, setDone] = useState<AgentRegistered | null>(null);
  const captcha = useCaptcha('agent-register', !done);
  // Only the send carries the captcha (registerAgent does not): asked for when sending, not on submit.
  const sendCaptcha = useSendCaptcha(form);

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

  /**
   * Sends the code, spending the captcha (a new one is shown whatever happened). A known person
   * without a mobile on record gets no code at all: the page says why and starts no countdown.
   */
  async function sendCode(): Promise<string> {
    const proof = { captchaId: captcha.captchaId, captchaCode: String(form.getFieldValue('captchaCode') ?? '').trim() };
    const certno = String(form.getFieldValue('certno') ?? '')
      .trim()
      .toUpperCase();
    try {
      const sent = await sendSmsCode(String(form.getFieldValue('opterTel')).trim(), 'agent-register', proof, certno);
      if (sent.onRecord && !sent.phone) {
        toast.warning(NO_PHONE_ON_RECORD, 8);
        throw new Error(NO_PHONE_ON_RECORD); // no code went out: no countdown
      }
      if (sent.onRecord) toast.warning(`您已在职工登记信息中，验证码已发送至登记的手机号码 ${sent.phone}`, 8);
      return sent.phone;
    } finally {
      form.setFieldValue('captchaCode', '');
      captcha.refresh();
    }
  }

  function submit(values: AgentDraftValues) {
    setExists(false);
    registering.mutate(
      {
        opterTel: values.opterTel!,
        msgAuthCode: values.msgAuthCode!,
        pwd: values.pwd!,
        confirmPassword: values.confirmPassword!,
        certType: values.certType!,
        certno: values.certno!.trim().toUpperCase(),
        certificateStartDate: values.certificateStartDate!,
        certificateEndDate: values.forever ? CERT_VALID_FOREVER : values.certificateEndDate!,
        empOpterName: values.empOpterName!.trim(),
      },
      {
        onSuccess: (registered) => {
          draft.clear();
          setDone(registered);
        },
        // the server's message has been shown (验证码错误…, 姓名与证件号码不匹配, …)
        onError: (error) => setExists(isAgentExistsRefusal(error)),
      },
    );
  }

  return (
    <Form<AgentDraftValues>
      form={form}
      {...formLayout}
      initialValues={{ certType: DEFAULT_CERT_TYPE, ...draft.values }}
      // The captcha's answer is single use: never kept in the draft.
      onValuesChange={(_changed, { captchaCode: _spent, ...all }) => draft.set({ values: all })}
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
      <Form.Item
        label="证件号码"
        name="certno"
        required
        dependencies={['certType']}
        extra="注册后用证件号码登录"
        rules={[certNoRule('证件号码', 'certType')]}
      >
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
                checkRule((start) =>
                  getFieldValue('forever') ? null : checkDateRange(start as string, getFieldValue('certificateEndDate')).start,
                ),
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
            <DatePicker
              placeholder={forever ? '长期有效' : '结束日期'}
              disabled={Boolean(forever)}
              style={{ width: '100%' }}
              data-testid="agent-end"
            />
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
      <CaptchaFormItem captcha={captcha} testId="agent" rule={sendCaptcha.rule} />
      <SmsCodeField
        extra={
          draft.codeSentTo
            ? `验证码已发送至 ${draft.codeSentTo}，${CODE_VALIDITY}`
            : '已在职工登记信息中的人员，验证码将发送至登记的手机号码'
        }
        inputTestId="agent-code"
        testId="agent-send-code"
        until={draft.codeUntil}
        onUntil={(until) => draft.set({ codeUntil: until })}
        validate={() => sendCaptcha.validate(['opterTel', 'certno'])}
        send={sendCode}
        onSent={(phone) => {
          draft.set({ codeSentTo: phone });
          toast.success(`验证码已发送至 ${phone}`);
        }}
      />
      <NewPasswordFields testIds={['agent-pwd', 'agent-confirm']} />
      <FormActions
        submit="注册"
        loading={registering.isPending}
        testId="agent-submit"
        link={['/gatePage?tab=personal', '已注册，去登录']}
      />
    </Form>
  );
}
