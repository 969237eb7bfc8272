import { Alert, Button, Form, Input } from 'antd';
import { checkNewPassword, checkRepeatPassword } from '@hall/shared/validation/account.ts';
import { consoleTitle } from '../../lib/config';
import type { Operator } from '../../lib/session';
import { usePasswordChange } from './api/password-change';
import { LogoutButton } from './LogoutButton';
import './auth.css';

interface Fields {
  oldPassword: string;
  newPassword: string;
  repeatPassword: string;
}

const rule = (check: (value: unknown) => string | null) => ({
  validator: (_: unknown, value: unknown) => {
    const problem = check(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

/** 修改初始密码: shown instead of everything else while the operator must change the first password. */
export default function PasswordChangePage({ operator }: { operator: Operator }) {
  const change = usePasswordChange();
  const [form] = Form.useForm<Fields>();
  const submit = ({ oldPassword, newPassword }: Fields) => change.mutate({ oldPassword, newPassword });
  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="password-title">
        <h1 id="password-title" className="auth-title">
          修改初始密码
        </h1>
        <p className="auth-subtitle">{consoleTitle}</p>
        <Alert
          type="info"
          showIcon
          className="auth-refusal"
          title={`${operator.name}，首次登录或密码重置后须先修改密码，修改后才能办理业务。`}
        />
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="password-form">
          <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
            <Input.Password autoComplete="current-password" maxLength={64} data-testid="password-old" />
          </Form.Item>
          <Form.Item
            label="新密码"
            name="newPassword"
            rules={[rule(checkNewPassword)]}
            extra="8-30 位，须含大写字母、小写字母、数字和特殊字符"
          >
            <Input.Password autoComplete="new-password" maxLength={30} data-testid="password-new" />
          </Form.Item>
          <Form.Item
            label="确认新密码"
            name="repeatPassword"
            dependencies={['newPassword']}
            rules={[({ getFieldValue }) => rule((value) => checkRepeatPassword(getFieldValue('newPassword'), value))]}
          >
            <Input.Password autoComplete="new-password" maxLength={30} data-testid="password-repeat" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={change.isPending} data-testid="password-submit">
            确认修改
          </Button>
        </Form>
        <div className="auth-aside">
          <LogoutButton />
        </div>
      </section>
    </main>
  );
}
