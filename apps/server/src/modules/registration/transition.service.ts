import type { RegistrationStatus } from '@hall/shared';
import type { Db } from '../../db/client';
import { refuse } from '../../lib/hall-error';
import { ACCOUNT_STATUSES, type AccountStatus, moveAccount } from '../accounts/transition.service';
import * as repo from './transition.repository';

/**
 * The one way a registration's status changes: pending → approved or rejected (the operator's
 * review), rejected → pending (its applicant submits it anew). The row is locked and its status
 * checked; the unit's account follows (active, rejected, pending), in the caller's transaction.
 */
export interface RegistrationMove {
  unitId: number;
  from: readonly RegistrationStatus[];
  to: RegistrationStatus;
  /** The fields that change with it (the reason, who decided and when; a new submission's). */
  set?: repo.RegistrationFields;
  /** The refusal when the registration is not in `from`, by the status it is in. */
  refusal: (status: RegistrationStatus | undefined) => string;
}

const ACCOUNT_FOLLOWS: Record<RegistrationStatus, AccountStatus> = { pending: 'pending', approved: 'active', rejected: 'rejected' };

export async function moveRegistration(db: Db, now: Date, m: RegistrationMove) {
  const status = await repo.lockStatus(db, m.unitId);
  if (!status || !m.from.includes(status)) throw refuse(m.refusal(status));
  await repo.writeStatus(db, m.unitId, m.to, m.set ?? {});
  // The account follows whatever it was (an operator may have disabled it meanwhile).
  await moveAccount(db, now, { account: { unitId: m.unitId }, from: ACCOUNT_STATUSES, to: ACCOUNT_FOLLOWS[m.to] });
}
