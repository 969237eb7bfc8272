import { Alert, Button, Form } from 'antd';
import { GuardedButton } from '../../../components/GuardedButton';
import { Panel } from '../../../components/Panel';
import { RequiredTitle } from '../../../components/RequiredTitle';
import { useSignedInSession } from '../../../stores/use-signed-in';
import { useChangePassword } from '../use-change-password';
import { PasswordFields, type PasswordValues } from '../components/PasswordFields';

/** 个人密码修改 (R13): breadcrumb 首页 > 修改密码; same rules and flow as the unit dialog. */
export default function PersonalPasswordPage() {
  const session = useSignedInSession();
  const [form] = Form.useForm<PasswordValues>();
  const { change, saving, done } = useChangePassword(session);
  return (
    <Panel className="page-narrow" testId="personal-password-page">
      <RequiredTitle>个人密码修改</RequiredTitle>
      {done ? <Alert type="success" showIcon title="修改成功，即将返回登录页，请使用新密码登录" style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        wrapperCol={{ flex: '1' }}
        style={{ maxWidth: 560 }}
        onFinish={(values) => change(values)}
        disabled={done}
      >
        <PasswordFields />
        <Form.Item label=" " colon={false}>
          <GuardedButton type="primary" htmlType="submit" loading={saving} data-testid="password-submit">
            确定修改
          </GuardedButton>
          <Button style={{ marginLeft: 12 }} onClick={() => form.resetFields()}>
            重置
          </Button>
        </Form.Item>
      </Form>
    </Panel>
  );
}
