import type { Db } from '../../db/client';
import { endSessions } from '../auth/account.service';
import * as repo from './transition.repository';

/**
 * The one way an account's status changes: pending (a registration waiting) → active or rejected,
 * rejected → pending (submitted anew), active ⇄ disabled (the operator, a union for its own
 * units). A disabled account's sessions end at once. In the caller's transaction.
 */
export { ACCOUNT_STATUSES, type AccountStatus } from './transition.repository';

export interface AccountMove {
  account: repo.AccountTarget;
  from: readonly repo.AccountStatus[];
  to: repo.AccountStatus;
  /** Who ends the sessions of an account disabled (the revocation's reason). */
  by?: 'operator' | 'union';
}

/** False when the account was in none of `from`. */
export async function moveAccount(db: Db, now: Date, m: AccountMove): Promise<boolean> {
  if (!(await repo.moveStatus(db, m.account, m.from, m.to))) return false;
  if (m.to === 'disabled' && m.by && 'accountId' in m.account) await endSessions(db, m.account.accountId, m.by, now);
  return true;
}
