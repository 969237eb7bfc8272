import type { Db } from '../../db/client';
import * as repo from './phones.repository';

/**
 * The phones SMS codes go to (its entry for other modules): the mobile on record of an account
 * (recovery) and the registry's mobile of a person (agent registration, whose code goes there).
 */

/** An account's mobile on record: the person's phone, or the unit's legal representative's or contact mobile. */
export const phoneOnRecord = (db: Db, loginType: 'unit' | 'personal', loginName: string) => repo.phoneOnRecord(db, loginType, loginName);

/** The registry's mobile for a certificate number: undefined for an unknown person, phone null when none is held. */
export const registryPhone = (db: Db, certNo: string) => repo.registryPhone(db, certNo);
