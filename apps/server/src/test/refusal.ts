import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

type Row = Record<string, unknown>;

/** The rows of a raw query. */
export const rows = async (db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * SQLSTATE and constraint of a refused statement (or of any work given as a function), however the
 * driver and the ORM wrapped it; null when it ran.
 */
export async function refusal(db: Db, query: SQL | (() => Promise<unknown>)): Promise<{ code?: string; constraint?: string } | null> {
  try {
    if (typeof query === 'function') await query();
    else await db.execute(query);
    return null;
  } catch (error) {
    for (
      let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0;
      e && depth < 4;
      e = e.cause as typeof e, depth++
    ) {
      if (typeof e.code === 'string' && /^\d{5}$/.test(e.code)) return { code: e.code, constraint: e.constraint as string | undefined };
    }
    throw error;
  }
}
