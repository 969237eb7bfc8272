import { eq } from 'drizzle-orm';
import { checkNewPassword } from '@hall/shared';
import { accounts } from '../../db/schema';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Caller, HallContext } from '../../types';
import { findAccount, revokeAccountSessions } from './auth.repository';

/**
 * updatePassword {uact, pwd}: the caller changes its own password (a unit by uact, a person by
 * ID number). Other sessions end; the portal then logs this one out (R31).
 */
export async function changePassword(ctx: HallContext, caller: Caller, uact: string, pwd: string, ip?: string) {
  if (uact !== caller.loginName) {
    await audit(ctx.db, ctx.clock.now(), { actorKind: caller.loginType, actorKey: caller.loginName, action: 'permission-refused', detail: { call: 'updatePassword', uact }, ip });
    throw refuse('只能修改本账号的密码');
  }
  const problem = checkNewPassword(pwd);
  if (problem) throw refuse(problem);
  const found = await findAccount(ctx.db, caller.loginType, caller.loginName);
  if (!found) throw refuse('账号不存在');
  if (await verifyPassword(found.account.passwordHash, pwd)) throw refuse('新密码不能与原密码相同');
  const now = ctx.clock.now();
  await ctx.db
    .update(accounts)
    .set({ passwordHash: await hashPassword(pwd), passwordChangedAt: now })
    .where(eq(accounts.id, found.account.id));
  await revokeAccountSessions(ctx.db, found.account.id, 'password', now, caller.sessionId);
  await audit(ctx.db, now, { actorKind: caller.loginType, actorKey: caller.loginName, action: 'password-change', ip });
}
