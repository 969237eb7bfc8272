import { eq } from 'drizzle-orm';
import type { ClaimState } from '@hall/shared';
import type { Db } from '../../db/client';
import { claims } from '../../db/schema';
import type { ClaimFields } from './claims.repository';

/** Writes a claim's new state with the fields that change with it (transition.service checked the move). */
export async function writeState(db: Db, id: number, state: ClaimState, set: ClaimFields) {
  await db
    .update(claims)
    .set({ ...set, state })
    .where(eq(claims.id, id));
}
