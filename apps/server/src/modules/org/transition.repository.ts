import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { units } from '../../db/schema';

/** The units a move is for: these ids, of this union when one is given. */
export interface Subordinates {
  ids: number[];
  unionId?: number;
}

/** Moves one state column of the units still in one of `from` to `to`, atomically; answers the units moved. */
export async function moveUnits(db: Db, column: 'notifyState' | 'authState', of: Subordinates, from: readonly string[], to: string) {
  return db
    .update(units)
    .set({ [column]: to })
    .where(
      and(
        inArray(units.id, of.ids),
        of.unionId === undefined ? undefined : eq(units.parentId, of.unionId),
        inArray(units[column], [...from]),
      ),
    )
    .returning({ id: units.id, uact: units.uact });
}
