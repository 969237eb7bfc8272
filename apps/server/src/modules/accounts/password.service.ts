import { hashPassword } from '../../lib/passwords';
import type { HallContext } from '../../types';
import { clearGuard, revokeAccountSessions, type LoginType } from '../auth/auth.repository';
import { writePasswordHash } from './accounts.repository';

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
) {
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (db) => {
    await writePasswordHash(db, account.id, passwordHash, now);
    await revokeAccountSessions(db, account.id, 'password', now, keepSession);
    await clearGuard(db, account.loginType, account.loginName);
  });
}
