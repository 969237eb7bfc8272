import { Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { smsCodeRule } from './form-kit';
import { SmsCodeButton, type SmsCodeButtonProps } from './SmsCodeButton';

/**
 * 短信验证码: the 6-digit input (form field `msgAuthCode`) with its 获取验证码 button, as every form
 * with an SMS step shows it. `inputTestId` names the input; the button's props pass through.
 */
export function SmsCodeField({
  label = '短信验证码',
  extra,
  inputTestId,
  ...button
}: { label?: string; extra?: ReactNode; inputTestId: string } & SmsCodeButtonProps) {
  return (
    <Form.Item label={label} required extra={extra}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="msgAuthCode" noStyle rules={[smsCodeRule]}>
          <Input
            placeholder="请输入6位短信验证码"
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            data-testid={inputTestId}
          />
        </Form.Item>
        <SmsCodeButton {...button} />
      </Space.Compact>
    </Form.Item>
  );
}
