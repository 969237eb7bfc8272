import { z } from 'zod';
import { checkEmail } from '../validation/index';
import { mobileField, ruledText, smsCodeField } from './fields';
import { requiredText } from './common';

/** What a code is for: a code of one purpose never passes for another. */
export const SMS_PURPOSES = ['agent-register', 'find-password'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];
export const SMS_PURPOSE_LABELS: Record<SmsPurpose, string> = {
  'agent-register': '经办人注册',
  'find-password': '找回密码',
};

const purposeField = z.enum(SMS_PURPOSES, { error: '验证码用途不正确' });

/** POST /gob/api/messagePublic/sendMessage {phone, purpose} */
export const sendMessageRequest = z.object({ phone: mobileField('手机号码'), purpose: purposeField });

/**
 * POST /gob/api/messagePublic/getPsnMobCode {certNo, purpose, loginType?}: sends to the phone on
 * record for the person (or, with loginType 'unit', the unit account) and answers it masked.
 */
export const getPsnMobCodeRequest = z.object({
  certNo: requiredText('证件号码', 20),
  purpose: purposeField,
  loginType: z.enum(['unit', 'personal']).default('personal'),
});

/** POST /gob/api/messagePublic/sendEmailCode {email} (logged in, for /bindEmail) */
export const sendEmailCodeRequest = z.object({ email: ruledText('邮箱地址', checkEmail, 254) });

/** POST /iep-auc/api/registerService/bindEmail {email, code} */
export const bindEmailRequest = z.object({
  email: ruledText('邮箱地址', checkEmail, 254),
  code: smsCodeField(),
});

export interface MaskedPhone {
  /** e.g. 138****0001 */
  phone: string;
}
