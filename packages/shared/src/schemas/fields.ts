import { z } from 'zod';
import { checkMobile, checkPassword } from '../validation/index';
import { messages } from '../validation/messages';
import { normalizeDay } from '../staff/index';
import { requiredText } from './common';

type Rule = (v: unknown) => string | null;

/** A required text field checked by one of the shared rules: the rule's message is the refusal. */
export const ruledText = (label: string, rule: Rule, max = 500) =>
  requiredText(label, max).superRefine((v, ctx) => {
    const problem = rule(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An optional text field: blank counts as absent; present values are trimmed and checked. */
export const optionalText = (max = 500, rule?: Rule) =>
  z
    .string()
    .trim()
    .max(max, messages.maxLength(max))
    .superRefine((v, ctx) => {
      const problem = v && rule ? rule(v) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .transform((v) => (v ? v : undefined));

/** A choice from a code set (certificate type, unit type…): '请选择{label}' when missing or malformed. */
export const codeChoice = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^[0-9A-Za-z]{1,4}$/, `请选择${label}`);

export const mobileField = (label: string) => ruledText(label, checkMobile, 20);
export const passwordField = (label = '密码') => ruledText(label, checkPassword, 64);
export const confirmPasswordField = () => z.string({ error: '请再次输入密码' }).trim().min(1, '请再次输入密码');
/**
 * The image captcha (GET …/captcha/verifiCode) that every anonymous form which writes or sends
 * carries: single use, so each submission or send costs a person one captcha.
 */
export const captchaFields = {
  captchaId: z.string({ error: '请输入图形验证码' }).trim().min(1, '请输入图形验证码').max(64, '图形验证码不正确'),
  captchaCode: z.string({ error: '请输入图形验证码' }).trim().min(1, '请输入图形验证码').max(8, '图形验证码不正确'),
};

export const smsCodeField = () =>
  z
    .string({ error: '请输入短信验证码' })
    .trim()
    .min(1, '请输入短信验证码')
    .regex(/^\d{6}$/, '请输入6位数字验证码');

/** The pwd / confirmPassword pair of the registration forms: both must be equal. */
export function checkConfirmed(value: { pwd?: unknown; confirmPassword?: unknown }, ctx: z.RefinementCtx) {
  if (
    typeof value.pwd === 'string' &&
    typeof value.confirmPassword === 'string' &&
    value.confirmPassword &&
    value.pwd !== value.confirmPassword
  ) {
    ctx.addIssue({ code: 'custom', message: messages.passwordMismatch, path: ['confirmPassword'] });
  }
}

/**
 * A day of the calendar written YYYY-MM-DD (2026-02-30 and 2026-13-45 are not: their Date is
 * invalid or another day, and an invalid Date's toISOString throws, an internal error).
 */
export const isCalendarDay = (v: string) => {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : undefined;
  return d !== undefined && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** Reads a day in any spelling a roster or a filter brings (2026/3/1, 20260301, an Excel serial…) as YYYY-MM-DD. */
const toDay = (message: string) => (v: string, ctx: z.RefinementCtx) => {
  const d = normalizeDay(v);
  if (d) return d;
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** A required day, read as toDay reads it. */
export const requiredDay = (message: string) => z.string({ error: message }).trim().min(1, message).transform(toDay(message));

/** An optional day filter (blank: absent), read as toDay reads it. */
export const optionalDay = (message = '请选择正确的日期') =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => (v ? toDay(message)(v, ctx) : undefined));

/** A file id as the upload answers it (a UUID). */
export const fileIdField = (label: string) =>
  z
    .string({ error: label })
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, label);
