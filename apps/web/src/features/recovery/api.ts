import { ApiPath } from '@hall/shared/paths.ts';
import type { FindBackPasswordRequest } from '@hall/shared/schemas/recovery.ts';
import type { MaskedPhone } from '@hall/shared/schemas/sms.ts';
import { request } from '../../lib/request';

/** getPsnMobCode: a find-password code to the phone on record of the account; answers the phone masked. */
export const sendCodeToPhoneOnRecord = (certNo: string, loginType: 'unit' | 'personal') =>
  request.post<MaskedPhone>(ApiPath.getPsnMobCode, { certNo, purpose: 'find-password', loginType }).then((a) => a.data.phone);

export const findBackPassword = (form: FindBackPasswordRequest) => request.post<null>(ApiPath.findBackPassword, form);

/** resetPassword (logged in): with the old password; the other sessions end. */
export const resetPassword = (form: { oldPwd: string; pwd: string; confirmPassword: string }) =>
  request.post<null>(ApiPath.resetPassword, form);

export const sendEmailCode = (email: string) =>
  request.post<{ email: string }>(ApiPath.sendEmailCode, { email }).then((a) => a.data.email);

export const bindEmail = (email: string, code: string) =>
  request.post<{ email: string }>(ApiPath.bindEmail, { email, code }).then((a) => a.data.email);
