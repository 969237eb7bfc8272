import { useRef } from 'react';
import { Form, Input, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Captcha } from '../../lib/captcha';
import { CaptchaImage } from './CaptchaImage';

const CAPTCHA_REQUIRED = '请输入图形验证码';
const required: Rule = { required: true, whitespace: true, message: CAPTCHA_REQUIRED };

/**
 * 图形验证码 in an antd form: the answer is the form's `captchaCode`; the id comes from the hook.
 * Every anonymous form that writes or sends carries one (the server refuses without it). By
 * default the submission needs it; a form whose captcha only the SMS send spends passes the
 * `rule` of useSendCaptcha instead.
 */
export function CaptchaFormItem({
  captcha,
  testId,
  name = 'captchaCode',
  rule = required,
}: {
  captcha: Captcha;
  testId: string;
  name?: string;
  rule?: Rule;
}) {
  return (
    <Form.Item label="图形验证码" required>
      <div className="captcha-row">
        <Form.Item name={name} noStyle rules={[rule]}>
          <Input
            placeholder="请输入图形验证码"
            maxLength={8}
            autoComplete="off"
            aria-label="图形验证码"
            data-testid={`${testId}-captcha`}
          />
        </Form.Item>
        <CaptchaImage captcha={captcha} testId={testId} />
      </div>
    </Form.Item>
  );
}

/**
 * For a form whose captcha only the SMS send carries (the submission does not, and the send has
 * spent it by then): the answer is required when the send asks (`validate`), not on submit.
 */
export function useSendCaptcha(form: FormInstance, name = 'captchaCode') {
  const sending = useRef(false);
  const rule: Rule = {
    validator: (_rule, value) =>
      !sending.current || String(value ?? '').trim() ? Promise.resolve() : Promise.reject(new Error(CAPTCHA_REQUIRED)),
  };
  /** Validates the fields the send needs and the captcha's answer; false when one fails. */
  async function validate(fields: string[]): Promise<boolean> {
    sending.current = true;
    try {
      return await form.validateFields([...fields, name]).then(
        () => true,
        () => false,
      );
    } finally {
      sending.current = false;
    }
  }
  return { rule, validate };
}
