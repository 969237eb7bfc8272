import type { FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { checkPassword } from '@hall/shared/validation/account.ts';
import { messages } from '@hall/shared/validation/messages.ts';
import { checkMaxLength } from '@hall/shared/validation/text.ts';
import { checkRule } from '../../lib/form-rules';

/**
 * Form rules of the public forms, built from the shared checks (packages/shared/validation) so the
 * screen says exactly what the server would (R35-R46). Every required field also gets `required`
 * on its Form.Item for the asterisk (R36): these rules carry no `required` flag of their own.
 */
type Check = (value: unknown) => string | null;

/** Text is checked as it will be sent: trimmed (R35). */
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** Required text: 请输入{label}, then the check (if any), then the length limit. */
export const requiredText = (label: string, max: number, check?: Check): RuleObject =>
  checkRule((v) => check?.(trimmed(v)) ?? checkMaxLength(trimmed(v), max), messages.required(label));

/** Optional text: only checked when filled. */
export const optionalText = (max: number, check?: Check): RuleObject =>
  checkRule((v) => check?.(trimmed(v)) ?? checkMaxLength(trimmed(v), max));

/** Required choice (select, region, date, upload): 请选择{label}. */
export const requiredChoice = (label: string): RuleObject => checkRule(() => null, `请选择${label}`);

/** Password of the public forms (R39: 8-16, a letter and a non-letter). */
export const passwordRule = (label = '密码'): RuleObject => checkRule(checkPassword, messages.required(label));

/** The repeated password: 请再次输入密码, then equal to `field` (两次输入密码不一致). */
export const confirmRule =
  (field = 'pwd'): FormRule =>
  ({ getFieldValue }) =>
    checkRule((v) => (v === getFieldValue(field) ? null : messages.passwordMismatch), '请再次输入密码');

/** The 6-digit SMS or e-mail code, worded as the server words it. */
export const smsCodeRule: RuleObject = checkRule(
  (v) => (/^\d{6}$/.test(String(v).trim()) ? null : '请输入6位数字验证码'),
  '请输入短信验证码',
);

/** A value as it goes out: trimmed text, or undefined when blank (optional fields). */
export const textOrUndefined = (v: unknown) => {
  const s = typeof v === 'string' ? v.trim() : v == null ? '' : String(v);
  return s ? s : undefined;
};

/** Consistent label column for the public forms (the label wraps above on phones). */
export const formLayout = {
  layout: 'horizontal' as const,
  labelCol: { xs: { span: 24 }, sm: { flex: '150px' } },
  wrapperCol: { xs: { span: 24 }, sm: { flex: 'auto' } },
  labelWrap: true,
  colon: false,
  scrollToFirstError: true,
};
