import type { Db } from '../../db/client';
import * as repo from './transition.repository';

/**
 * The one way a union's change record changes state: pending → approved (the operator; the
 * record takes the change's after values in the same transaction), rejected (the operator, with
 * the reason) or withdrawn (the union). Only a pending change moves, so of two decisions one finds
 * it; null for the other. The callers mail and audit.
 */
export type ChangeDecision = { to: 'withdrawn' } | { to: 'approved' | 'rejected'; reviewer: string; note: string | null };

export function decideChange(db: Db, id: number, at: Date, d: ChangeDecision) {
  if (d.to === 'approved') return repo.approveChange(db, id, at, d.reviewer, d.note);
  return repo.closeChange(db, id, d.to, at, d.to === 'rejected' ? { reviewer: d.reviewer, note: d.note } : undefined);
}
