import { checkNewPassword } from '@hall/shared';
import { audit, auditRefusal } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Caller, HallContext, LoginType } from '../../types';
import * as repo from './auth.repository';

/**
 * The caller changes its own password, proving the current one (a stolen access token alone cannot
 * take the account): updatePassword and /restPwd's resetPassword. Other sessions end.
 */
export async function changeOwnPassword(
  ctx: HallContext,
  caller: { loginType: LoginType; loginName: string; sessionId: string },
  input: { oldPwd: string; pwd: string },
  how: { call: string; wrongOld: string },
  ip?: string,
) {
  const found = await repo.findAccount(ctx.db, caller.loginType, caller.loginName);
  if (!found) throw refuse('账号不存在');
  if (!(await verifyPassword(found.account.passwordHash, input.oldPwd))) {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { call: how.call, reason: 'old password' }, ip);
    throw refuse(how.wrongOld);
  }
  if (input.oldPwd === input.pwd) throw refuse('新密码不能与原密码相同');
  await setPassword(ctx, { id: found.account.id, loginType: caller.loginType, loginName: caller.loginName }, input.pwd, caller.sessionId);
  await audit(ctx.db, ctx.clock.now(), { actorKind: caller.loginType, actorKey: caller.loginName, action: 'password-change', ip });
  return null;
}

/**
 * updatePassword {uact, oldPwd, pwd}: a unit by uact, a person by ID number; the portal then logs
 * this session out (R31).
 */
export async function changePassword(ctx: HallContext, caller: Caller, input: { uact: string; oldPwd: string; pwd: string }, ip?: string) {
  if (!input.pwd) throw refuse('新登录密码不能为空');
  if (input.uact !== caller.loginName) {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { call: 'updatePassword', uact: input.uact }, ip);
    throw refuse('只能修改本账号的密码');
  }
  const problem = checkNewPassword(input.pwd);
  if (problem) throw refuse(problem);
  return changeOwnPassword(ctx, caller, input, { call: 'updatePassword', wrongOld: '原登录密码错误' }, ip);
}

/** An operator changes its own password (a first or reset one must be changed before any other call). */
export async function changeOperatorPassword(
  ctx: HallContext,
  operator: { loginName: string; sessionId: string },
  input: { oldPassword: string; newPassword: string },
  ip?: string,
) {
  const problem = checkNewPassword(input.newPassword);
  if (problem) throw refuse(problem);
  const who = { loginType: 'operator' as const, ...operator };
  return changeOwnPassword(
    ctx,
    who,
    { oldPwd: input.oldPassword, pwd: input.newPassword },
    { call: 'opsPasswordChange', wrongOld: '原密码错误' },
    ip,
  );
}

/**
 * The one way a password is written (change, recovery, reset by the operator): hash, write, end the
 * account's other sessions (all of them, unless `keepSession`) and lift its login lock, in one
 * transaction, so no old session outlives a new password.
 */
export async function setPassword(
  ctx: HallContext,
  account: { id: number; loginType: LoginType; loginName: string },
  password: string,
  keepSession?: string,
  /** The password is one someone else gave (an operator's new account or reset): it must be changed first. */
  mustChange = false,
) {
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (db) => {
    await repo.writePasswordHash(db, account.id, passwordHash, now, mustChange);
    await repo.revokeAccountSessions(db, account.id, 'password', now, keepSession);
    await repo.clearGuard(db, account.loginType, account.loginName);
  });
}
