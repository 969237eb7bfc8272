/**
 * To-do items (待办事项): what waits on the caller, derived from the state of applications,
 * imports, staff and the insurance registry (no table of its own). One kind per source; a new
 * source (claims, issue 9) adds its kind here and one function on the server.
 */
export const TODO_KINDS = [
  'unpaid',
  'returned',
  'review',
  'draft',
  'applyImport',
  'rosterImport',
  'noStaff',
  'notInsured',
  // Subsidy claims (issue 9): returned to their filer, waiting for the unit's or the 92 union's review.
  'claimReturned',
  'claimReview',
  'claimUnionReview',
  // Union information (issue 10): the union's change was rejected.
  'unionInfoRejected',
  // Coverage transfers (issue 10): waiting for the new unit's receipt.
  'transferInto',
] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

export interface TodoItem {
  kind: TodoKind;
  /** Short title, e.g. 待缴费的互助申请. */
  title: string;
  /** One sentence saying what waits and what to do. */
  detail: string;
  /** How many things wait (applications, batches); 1 for a single reminder. */
  count: number;
  /** The portal page that handles it, with its filter (/apply-query?state=draft). */
  route: string;
  /** Needs attention first (overdue payment, a returned application). */
  urgent: boolean;
  /** When it began waiting (the newest of its things), ISO; null for standing reminders. */
  at: string | null;
}
