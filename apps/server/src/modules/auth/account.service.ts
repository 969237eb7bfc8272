import { SESSION_IDLE_MS } from '@hall/shared';
import type { Db } from '../../db/client';
import type { HallContext, LoginType } from '../../types';
import * as repo from './auth.repository';

/**
 * What other modules ask of auth about an account (its entry: no module reads auth's repository):
 * the account behind a login name, its sessions ended, its login lock lifted, the live sessions.
 */

/** An account with the unit or person it belongs to (undefined: no such login). */
export const findAccount = (db: Db, loginType: LoginType, loginName: string) => repo.findAccount(db, loginType, loginName);

/** Ends every live session of an account (a disabled account, a released branch's account). */
export const endSessions = (db: Db, accountId: number, reason: string, now: Date) => repo.revokeAccountSessions(db, accountId, reason, now);

/** Lifts a login lock, whether or not the name exists (locks are kept per name). */
export const liftLock = (db: Db, loginType: LoginType, loginName: string) => repo.clearGuard(db, loginType, loginName);

/** The sessions seen within the idle limit, oldest first (the operator's `sessions`). */
export const liveSessions = (ctx: HallContext) => repo.listLiveSessions(ctx.db, ctx.clock.now(), SESSION_IDLE_MS);
