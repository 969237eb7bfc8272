import { eq } from 'drizzle-orm';
import type { FilingState, TransferState } from '@hall/shared';
import type { Db } from '../../db/client';
import { coverageTransfers, placeFilings } from '../../db/schema';

type TransferFields = Omit<Partial<typeof coverageTransfers.$inferInsert>, 'state'>;
type FilingFields = Omit<Partial<typeof placeFilings.$inferInsert>, 'state'>;

export async function writeTransfer(db: Db, id: number, state: TransferState, set: TransferFields) {
  await db
    .update(coverageTransfers)
    .set({ ...set, state })
    .where(eq(coverageTransfers.id, id));
}

export async function writeFiling(db: Db, id: number, state: FilingState, set: FilingFields) {
  await db
    .update(placeFilings)
    .set({ ...set, state })
    .where(eq(placeFilings.id, id));
}
