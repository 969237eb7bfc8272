import type { Queue } from './api/dashboard';

/**
 * Where each of the server's queues is worked, by path: the areas add their pages to the route
 * table one by one, so a queue links only once its page is open to the operator.
 */
const QUEUE_PATHS: Record<Queue['key'], string> = {
  registrations: 'registrations',
  unionChanges: 'union-changes',
  claims: 'claims',
  transfers: 'transfers',
  filings: 'filings',
  paymentChecks: 'payments',
  unpaid: 'payments',
  claimPayouts: 'payouts',
  treatmentPayouts: 'payouts',
};

/** The page of a queue under /console among the open pages, or undefined (plain text on the card). */
export function queuePage(key: Queue['key'], openPages: readonly string[]): string | undefined {
  const path = QUEUE_PATHS[key];
  return openPages.includes(path) ? `/${path}` : undefined;
}
