import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import UserOutlined from '@ant-design/icons/UserOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import { Code } from '@hall/shared/codes/index.ts';
import { checkAccount, checkPassword } from '@hall/shared/validation/account.ts';
import { checkIdCard } from '@hall/shared/validation/idCard.ts';
import { checkRule } from '../../../lib/form-rules';
import type { LoginType } from '../../../lib/storage';
import { useSessionStore } from '../../../stores/session';
import { loginPersonal, loginUnit } from '../api/auth-api';
import { CaptchaField, useCaptcha } from './CaptchaField';

interface LoginValues {
  account: string;
  password: string;
  captchaCode: string;
}

const FIELDS = {
  unit: { label: '账号', placeholder: '请输入单位账号', icon: <UserOutlined className="login-input-icon" />, check: checkAccount, max: 20 },
  personal: { label: '身份证号码', placeholder: '请输入身份证号码', icon: <IdcardOutlined className="login-input-icon" />, check: (v: unknown) => checkIdCard(v), max: 18 },
} as const;

interface LoginFormProps {
  loginType: LoginType;
  /** Where to go after login: /Home unless an old /login?redirect= asked for a page. */
  landing: string;
  /** Unit information incomplete (code 600067): the caller shows /improveInfo. */
  onIncomplete(uact: string): void;
}

/**
 * Unit login (account, R37) or personal login (ID number, R41), with password (R39) and captcha.
 * Success stores the session and enters the portal; any refusal keeps the form and replaces
 * the single-use captcha (the request client has shown the server's message).
 */
export function LoginForm({ loginType, landing, onIncomplete }: LoginFormProps) {
  const [form] = Form.useForm<LoginValues>();
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptcha(loginType);
  const signIn = useSessionStore((state) => state.signIn);
  const field = FIELDS[loginType];
  const testId = `${loginType}-login`;

  async function submit(values: LoginValues) {
    setSubmitting(true);
    const account = values.account.trim(); // R35: the login name is trimmed
    const common = { password: values.password, captchaId: captcha.captchaId, captchaCode: values.captchaCode };
    try {
      if (loginType === 'unit') {
        const answer = await loginUnit({ uact: account, ...common });
        if (answer.code === Code.NOTICE) return onIncomplete(account);
        const { user, accessToken, refreshToken } = answer.data;
        signIn({ loginType: 'unit', unit: { ...user, uactLevel: Number(user.uactLevel) } }, { accessToken, refreshToken }, landing);
      } else {
        const answer = await loginPersonal({ certNo: account.toUpperCase(), ...common });
        const { user, accessToken, refreshToken } = answer.data;
        signIn({ loginType: 'personal', person: user }, { accessToken, refreshToken }, landing);
      }
    } catch {
      form.setFieldValue('captchaCode', '');
      captcha.refresh();
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form form={form} onFinish={submit} size="large" autoComplete="off" data-testid={`${testId}-form`} className="login-form">
      <Form.Item name="account" rules={[checkRule(field.check, `请输入${field.label}`)]} validateFirst>
        <Input prefix={field.icon} placeholder={field.placeholder} maxLength={field.max} aria-label={field.label} data-testid={`${testId}-account`} />
      </Form.Item>
      <Form.Item name="password" rules={[checkRule(checkPassword, '请输入密码')]}>
        <Input.Password
          prefix={<LockOutlined className="login-input-icon" />}
          placeholder="请输入密码"
          maxLength={16}
          aria-label="密码"
          data-testid={`${testId}-password`}
        />
      </Form.Item>
      <Form.Item name="captchaCode" rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
        <CaptchaField captcha={captcha} testId={testId} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid={`${testId}-submit`}>
        登 录
      </Button>
    </Form>
  );
}
