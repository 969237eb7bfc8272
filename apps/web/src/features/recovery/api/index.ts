import { recoveryCalls } from '@hall/shared/contracts/recovery.ts';
import { smsCalls } from '@hall/shared/contracts/sms.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';

const findBackPassword = (form: CallInput<typeof recoveryCalls.findBackPassword>) => request.call(recoveryCalls.findBackPassword, form);
export const useFindBackPassword = () => useChange(findBackPassword);

/** resetPassword (logged in): with the old password; the other sessions end. */
export const resetPassword = (form: CallInput<typeof recoveryCalls.resetPassword>) => request.call(recoveryCalls.resetPassword, form);

export const sendEmailCode = (email: string) => request.call(smsCalls.sendEmailCode, { email }).then((a) => a.data.email);

const bindEmail = (input: CallInput<typeof recoveryCalls.bindEmail>) =>
  request.call(recoveryCalls.bindEmail, input).then((a) => a.data.email);
export const useBindEmail = () => useChange(bindEmail);
