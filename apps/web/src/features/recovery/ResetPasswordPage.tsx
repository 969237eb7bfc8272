import { useState } from 'react';
import { Alert, Form, Input } from 'antd';
import { messages } from '@hall/shared/validation/messages.ts';
import { RequiredTitle } from '../../components/RequiredTitle';
import { toast } from '../../lib/feedback';
import type { Session } from '../../lib/storage';
import { signOutAfterPasswordChange } from '../../lib/sign-out';
import { formLayout, requiredText } from '../../components/form/form-kit';
import { NewPasswordFields } from '../../components/form/NewPasswordFields';
import { PublicFrame } from '../../components/form/PublicFrame';
import { SignInRequired } from '../../components/form/SignInRequired';
import { FormActions } from '../../components/form/FormActions';
import { resetPassword } from './api';
import './recovery.css';

interface ResetValues {
  oldPwd: string;
  pwd: string;
  confirmPassword: string;
}

function ResetPasswordForm({ session }: { session: Session }) {
  const [form] = Form.useForm<ResetValues>();
  const [state, setState] = useState<'idle' | 'saving' | 'done'>('idle');

  async function submit(values: ResetValues) {
    setState('saving');
    try {
      await resetPassword(values);
    } catch {
      setState('idle'); // 原密码错误 / 新密码不能与原密码相同 has been shown (R56)
      return;
    }
    setState('done');
    toast.success(messages.passwordChanged);
    // R31: the logout call of the login type, session storage cleared, the gateway after 2 s.
    await signOutAfterPasswordChange(session.loginType);
  }

  return (
    <>
      {state === 'done' ? (
        <Alert type="success" showIcon className="form-alert" title="修改成功，即将返回登录页，请使用新密码登录" data-testid="reset-done" />
      ) : null}
      <RequiredTitle>修改登录密码</RequiredTitle>
      <Form<ResetValues> form={form} {...formLayout} onFinish={submit} disabled={state === 'done'} data-testid="reset-form">
        <Form.Item label="原密码" name="oldPwd" required rules={[requiredText('原密码', 64)]}>
          <Input.Password placeholder="请输入原密码" maxLength={64} autoComplete="current-password" data-testid="reset-old" />
        </Form.Item>
        <NewPasswordFields label="新密码" testIds={['reset-new', 'reset-confirm']} />
        <FormActions submit="确定修改" loading={state === 'saving'} testId="reset-submit" />
      </Form>
    </>
  );
}

/** /restPwd 重置密码 (logged in): the old password and a new one; then logout as after any change (R31). */
export default function ResetPasswordPage() {
  return (
    <PublicFrame title="重置密码" narrow testId="reset-password-page">
      <SignInRequired>{(session) => <ResetPasswordForm session={session} />}</SignInRequired>
    </PublicFrame>
  );
}
