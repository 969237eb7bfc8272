import { CODE_VALIDITY } from '@hall/shared/constants.ts';
import { useState } from 'react';
import { Form, Input, Result, Space } from 'antd';
import { checkEmail } from '@hall/shared/validation/contact.ts';
import { RequiredTitle } from '../../components/RequiredTitle';
import { toast } from '../../lib/feedback';
import { LinkButton } from '../../components/form/LinkButton';
import { formLayout, requiredText } from '../../components/form/form-kit';
import { PublicFrame } from '../../components/form/PublicFrame';
import { SignInRequired } from '../../components/form/SignInRequired';
import { SmsCodeButton } from '../../components/form/SmsCodeButton';
import { FormActions } from '../../components/form/FormActions';
import { checkRule } from '../../lib/form-rules';
import { sendEmailCode, useBindEmail } from './api';
import './recovery.css';

interface EmailValues {
  email: string;
  code: string;
}

const emailCodeRule = checkRule((v) => (/^\d{6}$/.test(String(v).trim()) ? null : '请输入6位数字验证码'), '请输入邮箱验证码');

function BindEmailForm() {
  const [form] = Form.useForm<EmailValues>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const binding = useBindEmail();
  const bound = binding.data;

  if (bound) {
    return (
      <Result
        status="success"
        title="邮箱绑定成功"
        subTitle={`已绑定邮箱 ${bound}，今后可通过该邮箱接收业务通知。`}
        extra={
          <LinkButton to="/Home" type="primary">
            返回首页
          </LinkButton>
        }
        data-testid="bind-email-success"
      />
    );
  }

  // 验证码错误… has been shown by the request client.
  const submit = (values: EmailValues) => binding.mutate({ email: values.email.trim(), code: values.code.trim() });

  return (
    <>
      <RequiredTitle>绑定邮箱</RequiredTitle>
      <Form<EmailValues> form={form} {...formLayout} onFinish={submit} data-testid="bind-email-form">
        <Form.Item label="邮箱地址" name="email" required rules={[requiredText('邮箱地址', 254, checkEmail)]}>
          <Input placeholder="请输入常用邮箱地址" maxLength={254} autoComplete="email" data-testid="email-address" />
        </Form.Item>
        <Form.Item label="邮箱验证码" required extra={sentTo ? `验证码已发送至 ${sentTo}，${CODE_VALIDITY}` : undefined}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[emailCodeRule]}>
              <Input
                placeholder="请输入6位邮箱验证码"
                maxLength={6}
                inputMode="numeric"
                autoComplete="one-time-code"
                data-testid="email-code"
              />
            </Form.Item>
            <SmsCodeButton
              label="发送验证码"
              testId="email-send-code"
              validate={() =>
                form.validateFields(['email']).then(
                  () => true,
                  () => false,
                )
              }
              send={() => sendEmailCode(String(form.getFieldValue('email')).trim())}
              onSent={(email) => {
                setSentTo(email);
                toast.success(`验证码已发送至 ${email}`);
              }}
            />
          </Space.Compact>
        </Form.Item>
        <FormActions submit="绑定" loading={binding.isPending} testId="email-submit" />
      </Form>
    </>
  );
}

/** /bindEmail 绑定邮箱 (logged in): an address proven by a code sent to it (sendEmailCode, bindEmail). */
export default function BindEmailPage() {
  return (
    <PublicFrame title="绑定邮箱" narrow testId="bind-email-page">
      <SignInRequired>{() => <BindEmailForm />}</SignInRequired>
    </PublicFrame>
  );
}
