import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';

/** A queue's size and its oldest item's time (null when empty or when the rows keep no such time). */
export interface QueueCount {
  count: number;
  oldest: Date | null;
}

const queue = (from: string, where: string, at: string | null) =>
  sql.raw(`(select json_build_object('count', count(*), 'oldest', ${at ? `min(${at})` : 'null'}) from ${from} where ${where})`);

/**
 * The back office's queues in one statement, each a count over an index of its state (the oldest
 * from the same rows), and what came in since `since` (China midnight of today).
 */
export async function dashboardCounts(db: Db, since: Date) {
  const [row] = rowsOf<Record<string, QueueCount | number>>(
    await db.execute(sql`select
      ${queue('registrations', "status = 'pending'", 'submitted_at')} as registrations,
      ${queue('union_info_changes', "state = 'pending'", 'submitted_at')} as "unionChanges",
      ${queue('claims', "state = 'city_review'", 'submitted_at')} as claims,
      ${queue('coverage_transfers', "state = 'reviewing'", 'received_at')} as transfers,
      ${queue('place_filings', "state = 'submitted'", 'created_at')} as filings,
      ${queue('payment_entries', 'true', 'entered_at')} as "paymentChecks",
      ${queue('applications', "state = 'unpaid'", 'submitted_at')} as unpaid,
      ${queue('claims', "state = 'approved'", 'decided_at')} as "claimPayouts",
      ${queue('treatments', "state = 'pending'", null)} as "treatmentPayouts",
      (select count(*)::int from registrations where submitted_at >= ${since}) as "todayRegistrations",
      (select count(*)::int from applications where submitted_at >= ${since}) as "todayApplications",
      (select count(*)::int from payments where confirmed_at >= ${since}) as "todayPayments",
      (select count(*)::int from claims where submitted_at >= ${since}) as "todayClaims",
      (select count(*)::int from payout_batches where created_at >= ${since}) as "todayPayouts"`),
  );
  return row;
}
