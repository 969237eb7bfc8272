import { useEffect, useState } from 'react';
import { Button, Form, Input, Result, Segmented, Space } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_CHANGE_REDIRECT_MS } from '@hall/shared/constants.ts';
import { checkLoginAccount } from '@hall/shared/validation/account.ts';
import { checkMobile } from '@hall/shared/validation/contact.ts';
import { checkIdCard } from '@hall/shared/validation/idCard.ts';
import { RequiredTitle } from '../../components/RequiredTitle';
import { toast } from '../../lib/feedback';
import type { LoginType } from '../../lib/storage';
import { gatewayFor } from '../auth/sign-out';
import { formLayout, requiredText, smsCodeRule } from '../public/form-kit';
import { NewPasswordFields } from '../public/NewPasswordFields';
import { PublicFrame } from '../public/PublicFrame';
import { SmsCodeButton } from '../public/SmsCodeButton';
import { sendSmsCode } from '../registration/api';
import { findBackPassword, sendCodeToPhoneOnRecord } from './api';
import './recovery.css';

interface RecoveryValues {
  loginName: string;
  phone?: string;
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

/**
 * /findback-pwd 找回密码. Personal: the ID number, and the code goes to the phone on record
 * (getPsnMobCode; the page shows it masked). Unit: the account and the registered mobile, which
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
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

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

  async function sendCode(): Promise<string> {
    const loginName = String(form.getFieldValue('loginName')).trim().toUpperCase();
    if (loginType === 'personal') return sendCodeToPhoneOnRecord(loginName, 'personal');
    return sendSmsCode(String(form.getFieldValue('phone')).trim(), 'find-password');
  }

  async function submit(values: RecoveryValues) {
    setSubmitting(true);
    try {
      await findBackPassword({
        loginType,
        loginName: loginType === 'personal' ? values.loginName.trim().toUpperCase() : values.loginName.trim(),
        phone: loginType === 'unit' ? values.phone : undefined,
        msgAuthCode: values.msgAuthCode,
        pwd: values.pwd,
        confirmPassword: values.confirmPassword,
      });
      toast.success('密码已重置，请使用新密码登录');
      setDone(true);
    } catch {
      setSubmitting(false); // 验证码错误… / 账号与预留手机号码不一致… has been shown
    }
  }

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
          <Form.Item label="预留手机号码" name="phone" required extra="注册时填写的法定代表人手机号码" rules={[requiredText('预留手机号码', 11, checkMobile)]}>
            <Input placeholder="请输入单位预留的手机号码" maxLength={11} inputMode="numeric" data-testid="findback-phone" />
          </Form.Item>
        ) : null}
        <Form.Item
          label="短信验证码"
          required
          extra={
            sentTo
              ? `验证码已发送至${loginType === 'personal' ? '账号预留手机' : ''} ${sentTo}，5分钟内有效`
              : loginType === 'personal'
                ? '验证码将发送至该账号预留的手机号码'
                : undefined
          }
        >
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="msgAuthCode" noStyle rules={[smsCodeRule]}>
              <Input placeholder="请输入6位短信验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" data-testid="findback-code" />
            </Form.Item>
            <SmsCodeButton
              key={loginType}
              testId="findback-send-code"
              validate={() => form.validateFields(loginType === 'unit' ? ['loginName', 'phone'] : ['loginName']).then(() => true, () => false)}
              send={sendCode}
              onSent={(phone) => {
                setSentTo(phone);
                toast.success(`验证码已发送至 ${phone}`);
              }}
            />
          </Space.Compact>
        </Form.Item>
        <RequiredTitle>设置新密码</RequiredTitle>
        <NewPasswordFields label="新密码" testIds={['findback-pwd', 'findback-confirm']} />
        <Form.Item label=" " className="form-actions">
          <Button type="primary" htmlType="submit" loading={submitting} data-testid="findback-submit">
            重置密码
          </Button>
          <Link to={gatewayFor(loginType)} className="form-actions__link">
            想起密码了，去登录
          </Link>
        </Form.Item>
      </Form>
    </PublicFrame>
  );
}
