import { type SQLWrapper, sql } from 'drizzle-orm';
import { LIST_COUNT_CAP } from '@hall/shared';
import type { Db } from '../db/client';

/**
 * Lists count their matches up to LIST_COUNT_CAP (issue 11): a page never reads the whole match
 * set to say how many there are. Beyond it the answer says "more than 10,000" (totlCntCapped),
 * and paging stops before it anyway (PAGE_NUM_MAX pages of at most PAGE_SIZE_MAX).
 */
const COUNT_CAP = LIST_COUNT_CAP;

/** The spec's total field of a page, and the flag that the count stopped at COUNT_CAP. */
export interface CappedTotal {
  totlCnt: number;
  totlCntCapped?: true;
}

/** An exact count (computed anyway, e.g. with the totals) as the list answers it. */
export const capped = (n: number): CappedTotal => (n > COUNT_CAP ? { totlCnt: COUNT_CAP, totlCntCapped: true } : { totlCnt: n });

/**
 * How many rows `rows` (a select: SQL or a query builder) has, reading at most COUNT_CAP + 1 of
 * them: the plan is an Aggregate over a Limit, so an index that serves the list's filter stops
 * after the cap instead of visiting every match.
 */
export async function cappedCount(db: Db, rows: SQLWrapper): Promise<CappedTotal> {
  const result = await db.execute(
    sql`select count(*)::int as n from (select 1 from (${rows}) as matched limit ${COUNT_CAP + 1}) as capped`,
  );
  const n = Number((result as unknown as { rows: Array<{ n: number }> }).rows[0].n);
  return capped(n);
}
