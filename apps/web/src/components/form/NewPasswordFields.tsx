import { Form, Input } from 'antd';
import { confirmRule, passwordRule } from './form-kit';

/**
 * The password and its confirmation of every registration and recovery form (8-16, R39):
 * 登录密码 when an account is opened, 新密码 when one is recovered or reset.
 */
export function NewPasswordFields({ label = '登录密码', testIds }: { label?: '登录密码' | '新密码'; testIds: [string, string] }) {
  const fresh = label === '新密码';
  return (
    <>
      <Form.Item
        label={label}
        name="pwd"
        required
        extra="8-16位，须包含字母和数字（或其他字符）"
        rules={[fresh ? passwordRule('新密码') : passwordRule()]}
      >
        <Input.Password placeholder={`请输入${label}`} maxLength={16} autoComplete="new-password" data-testid={testIds[0]} />
      </Form.Item>
      <Form.Item label={fresh ? '确认新密码' : '确认密码'} name="confirmPassword" required dependencies={['pwd']} rules={[confirmRule()]}>
        <Input.Password
          placeholder={fresh ? '请再次输入新密码' : '请再次输入密码'}
          maxLength={16}
          autoComplete="new-password"
          data-testid={testIds[1]}
        />
      </Form.Item>
    </>
  );
}
