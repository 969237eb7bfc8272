import { APPLICATION_STATE_LABELS, applicationNo, type StoredApplicationState, yuan } from '@hall/shared';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refuse } from '../../lib/hall-error';
import { deliverMail } from '../mail/mail.service';
import { followApplication } from '../org/org.service';
import * as repo from './transition.repository';

export interface Actor {
  kind: 'unit' | 'union' | 'operator' | 'system';
  /** Shown in the history: the unit's or union's name, the operator's name. */
  name: string;
}

export interface Transition {
  applicationId: number;
  from: readonly StoredApplicationState[];
  to: StoredApplicationState;
  actor: Actor;
  /** Return reason, cancel note, payment voucher…: kept in the history and, for returns, on the application. */
  note?: string | null;
  /** Extra SQL condition on the application row (the caller's scope: own unit, own members). */
  scope?: SQL;
  /** The refusal when the application is not in `from` (or not the caller's). */
  refusal: string;
}

/** What the unit's mail says for each state an application reaches. */
function mailFor(to: StoredApplicationState, no: string, m: repo.Moved, note?: string | null) {
  const amount = `${m.headcount}人，应缴 ¥${yuan(m.amountFen)}`;
  switch (to) {
    case 'submitted':
      // Without a reviewing union the application moves on to 待缴费 at once; that mail says it all.
      if (m.reviewUnitId === null) return null;
      return { title: `互助申请 ${no} 已提交`, content: `您单位的${m.year}年度互助申请（${amount}）已提交，等待上级工会审核。` };
    case 'returned':
      return { title: `互助申请 ${no} 被退回`, content: `您单位的${m.year}年度互助申请被退回，原因：${note ?? '—'}。请修改后重新提交。` };
    case 'unpaid':
      return {
        title: `互助申请 ${no} 待缴费`,
        content: `您单位的${m.year}年度互助申请（${amount}）已受理，请于 ${m.payDeadline} 前按缴费通知单缴费。`,
      };
    case 'paid':
      return { title: `互助申请 ${no} 已缴费`, content: `您单位的${m.year}年度互助申请已确认缴费（${amount}），保障自生效日起开始。` };
    case 'cancelled':
      return { title: `互助申请 ${no} 已撤销`, content: `您单位的${m.year}年度互助申请已撤销${note ? `：${note}` : ''}。` };
    default:
      return null;
  }
}

/**
 * The one way an application changes state: the atomic move, its history row and the unit's mail
 * (站内信), all in the caller's transaction. Refuses with `refusal` when the application is not in
 * an expected state or not within the caller's scope.
 */
export async function transition(db: Db, now: Date, t: Transition, sender: string): Promise<repo.Moved> {
  const moved = await repo.moveState(db, t.applicationId, t.from, t.to, now, {
    scope: t.scope,
    ...(t.to === 'returned' || t.to === 'cancelled' ? { reason: t.note ?? null } : {}),
  });
  if (!moved) throw refuse(t.refusal);
  await repo.insertEvent(db, {
    applicationId: moved.id,
    at: now,
    actorKind: t.actor.kind,
    actorName: t.actor.name,
    fromState: moved.fromState,
    toState: t.to,
    note: t.note ?? null,
  });
  // A 92 union's enterprise: 已申报 / 已撤销申报 follow its application (issue 10).
  await followApplication(db, moved.unitId, t.to);
  const mail = mailFor(t.to, applicationNo(moved.year, moved.id), moved, t.note);
  if (mail) await deliverMail(db, { kind: 'unit', key: moved.uact }, { ...mail, sender }, now);
  return moved;
}

/**
 * Before a transaction moves several applications of several units (a bank statement's payments):
 * their rows, then their units' rows, each in id order, so that two such transactions, or one and a
 * single move, wait for each other instead of deadlocking (docs/architecture.md, "Lock order").
 */
export const lockForMoves = (db: Db, applicationIds: number[]) => repo.lockApplicationsAndUnits(db, applicationIds);

export const stateLabel = (s: StoredApplicationState) => APPLICATION_STATE_LABELS[s];
