import { and, eq } from 'drizzle-orm';
import type { UnionChangeState } from '@hall/shared';
import type { Db } from '../../db/client';
import { unionInfoChanges, unionInfos, units } from '../../db/schema';
import type { Fields } from './union.repository';

/** Ends a pending change (withdraw, reject); answers null when it was not pending any more. */
export async function closeChange(
  db: Db,
  id: number,
  to: Exclude<UnionChangeState, 'pending' | 'approved'>,
  at: Date,
  review?: { reviewer: string; note: string | null },
) {
  const [row] = await db
    .update(unionInfoChanges)
    .set({ state: to, decidedAt: at, reviewer: review?.reviewer ?? null, reviewNote: review?.note ?? null })
    .where(and(eq(unionInfoChanges.id, id), eq(unionInfoChanges.state, 'pending')))
    .returning();
  return row ?? null;
}

/**
 * Approves a pending change and writes exactly its after values into the record, in one
 * transaction; the union's name follows into units.emp_name. Null when it was not pending.
 */
export async function approveChange(db: Db, id: number, at: Date, reviewer: string, note: string | null) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(unionInfoChanges)
      .set({ state: 'approved', decidedAt: at, reviewer, reviewNote: note })
      .where(and(eq(unionInfoChanges.id, id), eq(unionInfoChanges.state, 'pending')))
      .returning();
    if (!row) return null;
    const after = row.after as Fields;
    const values = { ...after, changeId: row.id, updatedAt: at } as Partial<typeof unionInfos.$inferInsert>;
    await tx
      .insert(unionInfos)
      .values({ ...values, unitId: row.unitId, updatedAt: at })
      .onConflictDoUpdate({ target: unionInfos.unitId, set: values });
    if (typeof after.uniName === 'string') await tx.update(units).set({ empName: after.uniName }).where(eq(units.id, row.unitId));
    return row;
  });
}
