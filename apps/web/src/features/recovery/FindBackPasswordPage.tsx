import { useEffect, useState } from 'react';
import { SmsCodeField } from '../../components/form/SmsCodeField';
import { Button, Form, Input, Result, Segmented } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { CODE_VALIDITY, PASSWORD_CHANGE_REDIRECT_MS } from '@hall/shared/constants.ts';
import { checkLoginAccount } from '@hall/shared/validation/account.ts';
import { checkMobile } from '@hall/shared/validation/contact.ts';
import { checkIdCard } from '@hall/shared/validation/idCard.ts';
import { RequiredTitle } from '../../components/RequiredTitle';
import { toast } from '../../lib/feedback';
import type { LoginType } from '../../lib/storage';
import { gatewayFor } from '../../lib/sign-out';
import { formLayout, requiredText } from '../../components/form/form-kit';
import { NewPasswordFields } from '../../components/form/NewPasswordFields';
import { PublicFrame } from '../../components/form/PublicFrame';
import { CaptchaFormItem, useSendCaptcha } from '../../components/captcha/CaptchaFormItem';
import { FormActions } from '../../components/form/FormActions';
import { useCaptcha } from '../../lib/captcha';
import { sendCodeToPhoneOnRecord, sendSmsCode } from '../../lib/sms-code';
import { useFindBackPassword } from './api';
import './recovery.css';

interface RecoveryValues {
  loginName: string;
  phone?: string;
  captchaCode?: string;
  msgAuthCode: string;
  pwd: string;
  confirmPassword: string;
}

const ACCOUNT = {
  unit: { label: '单位账号', placeholder: '请输入单位账号', check: checkLoginAccount, max: 20 },
  personal: { label: '身份证号码', placeholder: '请输入登录用的身份证号码', check: checkIdCard, max: 18 },
} as const;

/** ?type=personal (or the gateway's ?tab=personal) opens the personal form. */
const typeOf = (search: URLSearchParams): LoginType =>
  search.get('type') === 'personal' || search.get('tab') === 'personal' ? 'personal' : 'unit';

/** What the page says after a personal send: the server answers alike for unknown accounts. */
export const SENT_TO_RECORD = `如该证件号码已注册且预留了手机号码，验证码已发送至该号码，${CODE_VALIDITY}`;

/**
 * /findback-pwd 找回密码. Personal: the ID number, and the code goes to the phone on record
 * (getPsnMobCode; the answer is the same for an unknown account, so the page says "if any"). Unit: the account and the registered mobile, which
 * receives the code (sendMessage). Then the code and a new password (findBackPassword); the
 * account's sessions end, its lock lifts, and the gateway opens for the new login.
 */
export default function FindBackPasswordPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const loginType = typeOf(search);
  const account = ACCOUNT[loginType];
  const [form] = Form.useForm<RecoveryValues>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const resetting = useFindBackPassword();
  const done = resetting.isSuccess;
  const captcha = useCaptcha('findback', !done);
  // Only the send carries the captcha (findBackPassword does not): asked for when sending, not on submit.
  const sendCaptcha = useSendCaptcha(form);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate(gatewayFor(loginType), { replace: true }), PASSWORD_CHANGE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, loginType, navigate]);

  const switchType = (next: LoginType) => {
    form.resetFields();
    setSentTo(null);
    setSearch(next === 'personal' ? { type: 'personal' } : {}, { replace: true });
  };

  /** The send spends the form's captcha: a new one is shown for the next send, whatever happened. */
  async function sendCode(): Promise<string> {
    const loginName = String(form.getFieldValue('loginName')).trim().toUpperCase();
    const proof = { captchaId: captcha.captchaId, captchaCode: String(form.getFieldValue('captchaCode') ?? '').trim() };
    try {
      if (loginType === 'personal') {
        await sendCodeToPhoneOnRecord(loginName, 'personal', 'find-password', proof);
        return '';
      }
      return (await sendSmsCode(String(form.getFieldValue('phone')).trim(), 'find-password', proof)).phone;
    } finally {
      form.setFieldValue('captchaCode', '');
      captcha.refresh();
    }
  }

  // A refusal (验证码错误… / 账号与预留手机号码不一致…) has been shown by the request client.
  const submit = (values: RecoveryValues) =>
    resetting.mutate(
      {
        loginType,
        loginName: loginType === 'personal' ? values.loginName.trim().toUpperCase() : values.loginName.trim(),
        phone: loginType === 'unit' ? values.phone : undefined,
        msgAuthCode: values.msgAuthCode,
        pwd: values.pwd,
        confirmPassword: values.confirmPassword,
      },
      { onSuccess: () => toast.success('密码已重置，请使用新密码登录') },
    );

  if (done) {
    return (
      <PublicFrame title="找回密码" narrow testId="findback-page">
        <Result
          status="success"
          title="密码已重置"
          subTitle="请使用新密码登录，即将返回登录页。"
          extra={
            <Button type="primary" onClick={() => navigate(gatewayFor(loginType), { replace: true })} data-testid="findback-login">
              立即登录
            </Button>
          }
          data-testid="findback-success"
        />
      </PublicFrame>
    );
  }

  return (
    <PublicFrame title="找回密码" narrow testId="findback-page">
      <div className="recovery-type">
        <Segmented<LoginType>
          value={loginType}
          onChange={switchType}
          options={[
            { value: 'unit', label: '单位用户' },
            { value: 'personal', label: '个人用户' },
          ]}
          data-testid="findback-type"
        />
      </div>
      <Form<RecoveryValues> form={form} {...formLayout} onFinish={submit} data-testid="findback-form">
        <RequiredTitle>验证身份</RequiredTitle>
        <Form.Item label={account.label} name="loginName" required rules={[requiredText(account.label, account.max, account.check)]}>
          <Input placeholder={account.placeholder} maxLength={account.max} autoComplete="username" data-testid="findback-account" />
        </Form.Item>
        {loginType === 'unit' ? (
          <Form.Item
            label="预留手机号码"
            name="phone"
            required
            extra="注册时填写的法定代表人手机号码"
            rules={[requiredText('预留手机号码', 11, checkMobile)]}
          >
            <Input placeholder="请输入单位预留的手机号码" maxLength={11} inputMode="numeric" data-testid="findback-phone" />
          </Form.Item>
        ) : null}
        <CaptchaFormItem captcha={captcha} testId="findback" rule={sendCaptcha.rule} />
        <SmsCodeField
          extra={
            sentTo !== null
              ? loginType === 'personal'
                ? SENT_TO_RECORD
                : `验证码已发送至 ${sentTo}，${CODE_VALIDITY}`
              : loginType === 'personal'
                ? '验证码将发送至该账号预留的手机号码'
                : undefined
          }
          inputTestId="findback-code"
          key={loginType}
          testId="findback-send-code"
          validate={() => sendCaptcha.validate(loginType === 'unit' ? ['loginName', 'phone'] : ['loginName'])}
          send={sendCode}
          onSent={(phone) => {
            setSentTo(phone);
            toast.success(phone ? `验证码已发送至 ${phone}` : '验证码已发送');
          }}
        />
        <RequiredTitle>设置新密码</RequiredTitle>
        <NewPasswordFields label="新密码" testIds={['findback-pwd', 'findback-confirm']} />
        <FormActions
          submit="重置密码"
          loading={resetting.isPending}
          testId="findback-submit"
          link={[gatewayFor(loginType), '想起密码了，去登录']}
        />
      </Form>
    </PublicFrame>
  );
}
