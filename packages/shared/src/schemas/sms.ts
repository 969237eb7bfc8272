import { z } from 'zod';
import { checkEmail } from '../validation/index';
import { captchaFields, mobileField, optionalText, ruledText, smsCodeField } from './fields';
import { requiredText } from './common';

/** What a code is for: a code of one purpose never passes for another. */
export const SMS_PURPOSES = ['agent-register', 'find-password', 'register-resubmit'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];
export const SMS_PURPOSE_LABELS: Record<SmsPurpose, string> = {
  'agent-register': '经办人注册',
  'find-password': '找回密码',
  'register-resubmit': '注册信息重新提交',
};

const purposeField = z.enum(SMS_PURPOSES, { error: '验证码用途不正确' });

/**
 * POST /gob/api/messagePublic/sendMessage {phone, purpose, captchaId, captchaCode, certno?}.
 * For agent-register the certificate is required: a person the registry knows gets the code on
 * the phone the registry holds, not on the phone typed (the answer says so).
 */
export const sendMessageRequest = z
  .object({ phone: mobileField('手机号码'), purpose: purposeField, certno: optionalText(20), ...captchaFields })
  .refine((v) => v.purpose !== 'agent-register' || !!v.certno, { message: '请先输入证件号码', path: ['certno'] });

/** What sendMessage answers: where the code went (masked) and whether that is the phone on record. */
export interface SentCode {
  phone: string;
  /** true: the registry knows the person, and the code went to its phone, not the one typed. */
  onRecord: boolean;
}

/**
 * POST /gob/api/messagePublic/getPsnMobCode {certNo, purpose, loginType?}: sends to the phone on
 * record for the person (or, with loginType 'unit', the unit account) and answers it masked.
 */
export const getPsnMobCodeRequest = z.object({
  certNo: requiredText('证件号码', 20),
  purpose: purposeField,
  loginType: z.enum(['unit', 'personal']).default('personal'),
  ...captchaFields,
});

/** POST /gob/api/messagePublic/sendEmailCode {email} (logged in, for /bindEmail) */
export const sendEmailCodeRequest = z.object({ email: ruledText('邮箱地址', checkEmail, 254) });

/** POST /iep-auc/api/registerService/bindEmail {email, code} */
export const bindEmailRequest = z.object({
  email: ruledText('邮箱地址', checkEmail, 254),
  code: smsCodeField(),
});
