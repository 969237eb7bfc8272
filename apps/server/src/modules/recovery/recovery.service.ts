import type { FindBackPasswordRequest } from '@hall/shared';
import { audit, auditCaller } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { maskEmail } from '../../lib/mask';
import type { Caller, HallContext } from '../../types';
import { findAccount } from '../auth/account.service';
import { changeOwnPassword, setPassword } from '../auth/password.service';
import { consumeCode } from '../sms/codes.service';
import { phoneOnRecord } from '../sms/phones.service';
import { bindAccountEmail } from './recovery.repository';

/** One message whether the account is unknown or the phone is not its own: it reveals no account. */
const MISMATCH = '账号与预留手机号码不一致，请核对后重试';

/**
 * findBackPassword: a new password for whoever holds the phone on record and its SMS code
 * (purpose find-password). Ends every session of the account and lifts its login lock.
 */
export async function findBackPassword(ctx: HallContext, input: FindBackPasswordRequest & { pwd: string }, ip?: string) {
  const loginName = input.loginType === 'personal' ? input.loginName.toUpperCase() : input.loginName;
  const record = await phoneOnRecord(ctx.db, input.loginType, loginName);
  const phone = input.phone ?? record?.phone;
  if (!phone) throw refuse(MISMATCH);
  // The code proves the phone first; only then is the account compared, so guessing costs codes.
  await consumeCode(ctx, { channel: 'sms', target: phone, purpose: 'find-password' }, input.msgAuthCode);
  const now = ctx.clock.now();
  if (!record || record.phone !== phone) {
    await audit(ctx.db, now, {
      actorKind: 'anonymous',
      actorKey: loginName,
      action: 'password-recover',
      detail: { loginType: input.loginType, outcome: 'mismatch' },
      ip,
    });
    throw refuse(MISMATCH);
  }
  const found = await findAccount(ctx.db, input.loginType, loginName);
  if (!found) throw refuse(MISMATCH);
  if (found.account.status === 'disabled') throw refuse('账号已被停用，请联系市总工会');
  await setPassword(ctx, { id: found.account.id, loginType: input.loginType, loginName }, input.pwd);
  await audit(ctx.db, now, {
    actorKind: 'anonymous',
    actorKey: loginName,
    action: 'password-recover',
    detail: { loginType: input.loginType, outcome: 'changed' },
    ip,
  });
  return null;
}

/** resetPassword (/restPwd): the logged-in user changes the password with the old one; other sessions end. */
export const resetOwnPassword = (ctx: HallContext, caller: Caller, input: { oldPwd: string; pwd: string }, ip?: string) =>
  changeOwnPassword(ctx, caller, input, { call: 'resetPassword', wrongOld: '原密码错误' }, ip);

/** bindEmail: the address the code was sent to becomes the account's e-mail. */
export async function bindEmail(ctx: HallContext, caller: Caller, input: { email: string; code: string }, ip?: string) {
  const email = input.email.toLowerCase();
  await consumeCode(ctx, { channel: 'email', target: email, purpose: 'bind-email' }, input.code);
  const now = ctx.clock.now();
  await bindAccountEmail(ctx.db, caller.accountId, email, now);
  await auditCaller(ctx.db, now, caller, 'email-bind', { email: maskEmail(email) }, ip);
  return { email };
}
