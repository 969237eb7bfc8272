/** A row of a state history (application_events, claim_events) as stored. */
export interface HistoryRow {
  at: Date;
  actorKind: string;
  actorName: string;
  fromState: string | null;
  toState: string;
  note: string | null;
}

/**
 * One entry of a state history as the portal shows it: each state with its label (a state no
 * longer in the labels shows as stored). `A`: the actor kinds the caller's contract names.
 */
export function historyEntry<A extends string>(e: HistoryRow, labels: Readonly<Record<string, string>>) {
  const label = (s: string | null) => (s ? (labels[s] ?? s) : null);
  return {
    at: e.at.toISOString(),
    actorKind: e.actorKind as A,
    actorName: e.actorName,
    fromState: e.fromState,
    fromLabel: label(e.fromState),
    toState: e.toState,
    toLabel: label(e.toState) as string,
    note: e.note,
  };
}
