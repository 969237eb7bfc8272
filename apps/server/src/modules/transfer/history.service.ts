import type { RecordAuditRow } from './history.repository';

type ActorKind = 'unit' | 'personal' | 'operator';

/**
 * A record's history from its audit rows: each row one move (detail.to, and detail.from where
 * the move wrote it, else the state the step before left). The actor's name: an operator's from
 * the row (detail.operatorName), a unit's or a person's from the record (`names`, by login); a
 * return carries its reason.
 */
export function historyOf(
  rows: readonly RecordAuditRow[],
  labels: Record<string, string>,
  names: Record<string, string>,
  returnReason: string | null,
) {
  let previous: string | null = null;
  return rows.flatMap((row) => {
    const detail = row.detail as { from?: string; to?: string; operatorName?: string };
    if (!detail.to) return [];
    const fromState = detail.from ?? previous;
    previous = detail.to;
    const kind = (['unit', 'personal', 'operator'].includes(row.actorKind) ? row.actorKind : 'operator') as ActorKind;
    return [
      {
        at: row.at.toISOString(),
        actorKind: kind,
        actorName: kind === 'operator' ? (detail.operatorName ?? row.actorKey) : (names[row.actorKey] ?? row.actorKey),
        fromState,
        fromLabel: fromState ? (labels[fromState] ?? fromState) : null,
        toState: detail.to,
        toLabel: labels[detail.to] ?? detail.to,
        // The reason a return gave is kept on the record (a record is returned at most once).
        note: detail.to === 'returned' ? returnReason : null,
      },
    ];
  });
}
