import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { importBatches } from '../db/schema';
import { type BatchOwner, type ImportKind, ownedBy } from './staged-import.repository';

/**
 * The one way a staged batch changes state (the kit's transition): preview → confirmed by its
 * domain's confirmation, or → discarded; an expired one is swept, never moved.
 */

/**
 * Moves the owner's batch out of preview (to 'confirmed' or 'discarded'), if it is still in preview
 * and not past its time, in the caller's transaction. Of two confirmations only one finds it in
 * preview (the row is locked by the update); null otherwise.
 */
export async function leavePreview(db: Db, kind: ImportKind, id: string, owner: BatchOwner, now: Date, state: 'confirmed' | 'discarded') {
  const [row] = await db
    .update(importBatches)
    .set({ state })
    .where(
      and(
        eq(importBatches.id, id),
        ownedBy(owner),
        eq(importBatches.kind, kind),
        eq(importBatches.state, 'preview'),
        gt(importBatches.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** After the confirmation: how many rows it wrote, and where (an application). */
export async function setConfirmed(db: Db, id: string, done: { valid?: number; applicationId?: number }) {
  await db
    .update(importBatches)
    .set({ state: 'confirmed', ...done })
    .where(eq(importBatches.id, id));
}
