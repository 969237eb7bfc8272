import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { consoleTitle } from '../../lib/config';
import { useOperator } from '../../lib/session';
import { useCaptcha } from './api/captcha';
import { type LoginForm, useLogin } from './api/login';
import { CaptchaImage } from '@hall/client/captcha.tsx';
import './auth.css';

type Fields = Omit<LoginForm, 'captchaId'>;

/** 登录: operator account, password and the hall's captcha; the server's refusal shows under the title. */
export default function LoginPage() {
  const operator = useOperator();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const login = useLogin();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [form] = Form.useForm<Fields>();

  if (operator) return <Navigate to="/" replace />;

  const submit = (fields: Fields) => {
    setRefusal(null);
    login.mutate(
      { ...fields, captchaId: captcha.captchaId },
      {
        onSuccess: () => navigate('/', { replace: true }),
        onError: (error) => {
          // The captcha is single use: a refused login needs a new one.
          setRefusal(error.message);
          form.setFieldValue('captchaCode', '');
          captcha.refresh();
        },
      },
    );
  };

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="login-title">
        <h1 id="login-title" className="auth-title">
          {consoleTitle}
        </h1>
        <p className="auth-subtitle">操作员登录</p>
        {refusal ? <Alert type="error" showIcon title={refusal} className="auth-refusal" data-testid="login-refusal" /> : null}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="login-form">
          <Form.Item label="账号" name="username" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
            <Input autoComplete="username" maxLength={32} data-testid="login-username" />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password autoComplete="current-password" maxLength={64} data-testid="login-password" />
          </Form.Item>
          <Form.Item label="验证码" required>
            <div className="captcha-row">
              <Form.Item name="captchaCode" noStyle rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
                <Input maxLength={8} autoComplete="off" aria-label="验证码" data-testid="login-captcha" />
              </Form.Item>
              <CaptchaImage captcha={captcha} testId="login" />
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
            登录
          </Button>
        </Form>
      </section>
    </main>
  );
}
