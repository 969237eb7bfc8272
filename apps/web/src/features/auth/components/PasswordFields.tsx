import { Form, Input } from 'antd';
import { checkNewPassword, checkRepeatPassword } from '@hall/shared/validation/account.ts';
import { messages } from '@hall/shared/validation/messages.ts';
import { checkRule } from '../../../lib/form-rules';

export interface PasswordValues {
  oldPwd: string;
  pwd: string;
  repeat: string;
}

/**
 * The current password (the server requires it: a session alone cannot change the password), the
 * new one and its repetition (R45): 8-30 characters with a digit, an upper-case and a lower-case
 * letter and a special character, no whitespace; the repetition must match.
 */
export function PasswordFields() {
  return (
    <>
      <Form.Item label="原登录密码" name="oldPwd" required rules={[{ required: true, message: '请输入原登录密码' }]}>
        <Input.Password placeholder="请输入原登录密码" maxLength={64} autoComplete="current-password" data-testid="password-old" />
      </Form.Item>
      <Form.Item
        label="新登录密码"
        name="pwd"
        required
        extra="8-30位，须包含数字、大写字母、小写字母和特殊字符，不能包含空格"
        rules={[checkRule(checkNewPassword, messages.newPasswordEmpty)]}
      >
        <Input.Password placeholder="请输入新登录密码" maxLength={30} autoComplete="new-password" data-testid="password-new" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="repeat"
        required
        dependencies={['pwd']}
        rules={[
          ({ getFieldValue }) => checkRule((repeat) => checkRepeatPassword(getFieldValue('pwd'), repeat), messages.repeatPasswordEmpty),
        ]}
      >
        <Input.Password placeholder="请再次输入新密码" maxLength={30} autoComplete="new-password" data-testid="password-repeat" />
      </Form.Item>
    </>
  );
}
