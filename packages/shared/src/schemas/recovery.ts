import { z } from 'zod';
import { checkMobile } from '../validation/index';
import { requiredText } from './common';
import { checkConfirmed, confirmPasswordField, optionalText, passwordField, smsCodeField } from './fields';

/** POST …/registerService/findBackPassword: a new password by the phone on record and its SMS code. */
export const findBackPasswordRequest = z
  .object({
    loginType: z.enum(['unit', 'personal'], { error: '请选择账号类型' }),
    loginName: requiredText('账号', 64),
    /** May be left out when the code was sent by getPsnMobCode (to the phone on record). */
    phone: optionalText(20, checkMobile),
    msgAuthCode: smsCodeField(),
    pwd: passwordField('新密码'),
    confirmPassword: confirmPasswordField(),
  })
  .superRefine(checkConfirmed);
export type FindBackPasswordRequest = z.input<typeof findBackPasswordRequest>;

/** POST …/registerService/resetPassword (logged in, /restPwd): with the old password. */
export const resetPasswordRequest = z
  .object({
    oldPwd: requiredText('原密码', 64),
    pwd: passwordField('新密码'),
    confirmPassword: confirmPasswordField(),
  })
  .superRefine(checkConfirmed);
