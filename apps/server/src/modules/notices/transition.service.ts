import type { Db } from '../../db/client';
import * as repo from './transition.repository';

/**
 * The ways a notice's status changes once written (a notice is made draft or published): a saved
 * draft is published; a draft or a published notice is withdrawn, taken off the portal. The
 * caller audits, and moves the attachments' visibility with the status.
 */
const MOVES = {
  published: ['draft'],
  withdrawn: ['draft', 'published'],
} as const satisfies Partial<Record<repo.NoticeStatus, readonly repo.NoticeStatus[]>>;

/** The moved notice's attachments; undefined when the notice is not in a state `to` is reached from. */
export const moveNotice = (db: Db, id: number, to: keyof typeof MOVES, now: Date) => repo.moveStatus(db, id, MOVES[to], to, now);
