import { eq } from 'drizzle-orm';
import type { FindBackPasswordRequest } from '@hall/shared';
import { accountEmails, accounts } from '../../db/schema';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { maskEmail } from '../../lib/mask';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Caller, HallContext } from '../../types';
import { clearGuard, findAccount, revokeAccountSessions } from '../auth/auth.repository';
import { consumeCode } from '../sms/codes.service';
import { phoneOnRecord } from '../sms/phones.repository';

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
    await audit(ctx.db, now, { actorKind: 'anonymous', actorKey: loginName, action: 'password-recover', detail: { loginType: input.loginType, outcome: 'mismatch' }, ip });
    throw refuse(MISMATCH);
  }
  const found = await findAccount(ctx.db, input.loginType, loginName);
  if (!found) throw refuse(MISMATCH);
  if (found.account.status === 'disabled') throw refuse('账号已被停用，请联系市总工会');
  await ctx.db.update(accounts).set({ passwordHash: await hashPassword(input.pwd), passwordChangedAt: now }).where(eq(accounts.id, found.account.id));
  await revokeAccountSessions(ctx.db, found.account.id, 'password', now);
  await clearGuard(ctx.db, input.loginType, loginName);
  await audit(ctx.db, now, { actorKind: 'anonymous', actorKey: loginName, action: 'password-recover', detail: { loginType: input.loginType, outcome: 'changed' }, ip });
  return null;
}

/** resetPassword (/restPwd): the logged-in user changes the password with the old one; other sessions end. */
export async function resetOwnPassword(ctx: HallContext, caller: Caller, input: { oldPwd: string; pwd: string }, ip?: string) {
  const found = await findAccount(ctx.db, caller.loginType, caller.loginName);
  if (!found) throw refuse('账号不存在');
  if (!(await verifyPassword(found.account.passwordHash, input.oldPwd))) {
    await audit(ctx.db, ctx.clock.now(), { actorKind: caller.loginType, actorKey: caller.loginName, action: 'permission-refused', detail: { call: 'resetPassword', reason: 'old password' }, ip });
    throw refuse('原密码错误');
  }
  if (input.oldPwd === input.pwd) throw refuse('新密码不能与原密码相同');
  const now = ctx.clock.now();
  await ctx.db.update(accounts).set({ passwordHash: await hashPassword(input.pwd), passwordChangedAt: now }).where(eq(accounts.id, found.account.id));
  await revokeAccountSessions(ctx.db, found.account.id, 'password', now, caller.sessionId);
  await audit(ctx.db, now, { actorKind: caller.loginType, actorKey: caller.loginName, action: 'password-change', ip });
  return null;
}

/** bindEmail: the address the code was sent to becomes the account's e-mail. */
export async function bindEmail(ctx: HallContext, caller: Caller, input: { email: string; code: string }, ip?: string) {
  const email = input.email.toLowerCase();
  await consumeCode(ctx, { channel: 'email', target: email, purpose: 'bind-email' }, input.code);
  const now = ctx.clock.now();
  await ctx.db
    .insert(accountEmails)
    .values({ accountId: caller.accountId, email, boundAt: now })
    .onConflictDoUpdate({ target: accountEmails.accountId, set: { email, boundAt: now } });
  await audit(ctx.db, now, { actorKind: caller.loginType, actorKey: caller.loginName, action: 'email-bind', detail: { email: maskEmail(email) }, ip });
  return { email };
}
