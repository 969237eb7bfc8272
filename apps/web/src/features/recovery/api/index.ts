import { recoveryCalls } from '@hall/shared/contracts/recovery.ts';
import { smsCalls } from '@hall/shared/contracts/sms.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export const findBackPassword = (form: CallInput<typeof recoveryCalls.findBackPassword>) =>
  request.call(recoveryCalls.findBackPassword, form);

/** resetPassword (logged in): with the old password; the other sessions end. */
export const resetPassword = (form: CallInput<typeof recoveryCalls.resetPassword>) => request.call(recoveryCalls.resetPassword, form);

export const sendEmailCode = (email: string) => request.call(smsCalls.sendEmailCode, { email }).then((a) => a.data.email);

export const bindEmail = (email: string, code: string) => request.call(recoveryCalls.bindEmail, { email, code }).then((a) => a.data.email);
