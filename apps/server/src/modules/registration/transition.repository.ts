import { eq } from 'drizzle-orm';
import type { RegistrationStatus } from '@hall/shared';
import type { Db } from '../../db/client';
import { registrations } from '../../db/schema';

/** The registration's status, its row locked (FOR UPDATE) for the move; undefined without one. */
export async function lockStatus(db: Db, unitId: number) {
  const [row] = await db.select({ status: registrations.status }).from(registrations).where(eq(registrations.unitId, unitId)).for('update');
  return row?.status as RegistrationStatus | undefined;
}

export type RegistrationFields = Omit<Partial<typeof registrations.$inferInsert>, 'status' | 'unitId'>;

export async function writeStatus(db: Db, unitId: number, status: RegistrationStatus, set: RegistrationFields) {
  await db
    .update(registrations)
    .set({ ...set, status })
    .where(eq(registrations.unitId, unitId));
}
