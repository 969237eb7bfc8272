import { cityUnion, CLAIM_STATE_LABELS, CLAIM_TYPE_LABELS, type ClaimState, type ClaimType, LIVE_CLAIM_STATES, yuan } from '@hall/shared';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { HallContext } from '../../types';
import { deliverMail, type Recipient } from '../mail/mail.service';
import { recomputePerson } from '../settlement/recompute.service';
import * as repo from './claims.repository';
import { writeState } from './transition.repository';

/**
 * The one way a claim changes state: the row locked and its state checked, the change, its
 * history row (claim_events), the mail to the filer (and to the worker a unit filed for), the mail
 * to whoever must act next, and the audit row, all in the caller's transaction.
 */

export interface ClaimActor {
  kind: 'unit' | 'personal' | 'union' | 'operator' | 'system';
  /** Shown in the history: the unit's or union's name, the worker's, the operator's. */
  name: string;
  /** The audit key: uact, certNo or the operator's name. */
  key: string;
}

type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockClaim>>>;

export interface ClaimTransition {
  claimId: number;
  from: readonly ClaimState[];
  /** The state to reach; a function when it depends on the locked row (the next review stage). */
  to: ClaimState | ((row: Locked) => ClaimState);
  actor: ClaimActor;
  /** Return or refusal reason (also kept on the claim), approval note. */
  note?: string | null;
  /** The caller's scope (SQL on the claim row). */
  scope?: SQL;
  /** The refusal when the claim is not in `from` (or not the caller's). */
  refusal: string;
  /** More columns to set with the move (amount on approval, batch on payment). */
  set?: repo.ClaimFields;
  /** Extra words for the mail (the paid amount's card). */
  mailExtra?: string;
}

/** The next review stage after the filer or the unit: the 92 union when there is one, else the city union. */
export const afterUnit = (row: { reviewUnitId: number | null }): ClaimState => (row.reviewUnitId === null ? 'city_review' : 'union_review');

export const stateLabel = (s: string) => CLAIM_STATE_LABELS[s as ClaimState] ?? s;

function filerMail(to: ClaimState, no: string, what: string, m: { amountFen: number; note?: string | null; extra?: string }) {
  switch (to) {
    case 'unit_review':
      return { title: `补助申请 ${no} 已提交`, content: `${what}已提交，等待单位审核。` };
    case 'union_review':
      return { title: `补助申请 ${no} 等待工会审核`, content: `${what}已提交，等待上级工会审核。` };
    case 'city_review':
      return { title: `补助申请 ${no} 等待市总工会审核`, content: `${what}已提交，等待市总工会审核。` };
    case 'approved':
      return {
        title: `补助申请 ${no} 审核通过`,
        content: `${what}已审核通过，核定金额 ¥${yuan(m.amountFen)}${m.note ? `（${m.note}）` : ''}，将随发放批次发放到登记的银行卡。`,
      };
    case 'paid':
      return { title: `补助申请 ${no} 已发放`, content: `${what}核定的 ¥${yuan(m.amountFen)} 已发放${m.extra ? `（${m.extra}）` : ''}。` };
    case 'returned':
      return { title: `补助申请 ${no} 被退回补正`, content: `${what}被退回，需补正：${m.note ?? '—'}。请修改后重新提交。` };
    case 'refused':
      return { title: `补助申请 ${no} 不予补助`, content: `${what}经审核不予补助，原因：${m.note ?? '—'}。` };
    default:
      return null;
  }
}

export async function transition(ctx: HallContext, db: Db, now: Date, t: ClaimTransition) {
  const locked = await repo.lockClaim(db, t.claimId, t.scope ?? repo.everyClaim);
  if (!locked || !t.from.includes(locked.state as ClaimState)) throw refuse(t.refusal);
  const to = typeof t.to === 'function' ? t.to(locked) : t.to;
  const set: repo.ClaimFields = { ...t.set, updatedAt: now };
  // The filer's submission (first or after a return): the reviewers see it from now on.
  if ((locked.state === 'draft' || locked.state === 'returned') && to !== 'returned' && to !== 'refused') {
    set.submittedAt = now;
    set.reason = null;
  }
  // The bank returning a paid claim to 待发放 is no decision: its decision day stays (reports count by it).
  if ((to === 'approved' && locked.state !== 'paid') || to === 'refused') set.decidedAt = now;
  if (to === 'paid') set.paidAt = now;
  if (to === 'returned' || to === 'refused') set.reason = t.note ?? null;
  await writeState(db, locked.id, to, set);
  await repo.insertEvents(db, [
    {
      claimId: locked.id,
      at: now,
      actorKind: t.actor.kind,
      actorName: t.actor.name,
      fromState: locked.state,
      toState: to,
      note: t.note ?? null,
    },
  ]);
  const row = (await repo.findClaim(db, locked.id, undefined))!;
  const live = (state: string) => LIVE_CLAIM_STATES.includes(state as ClaimState);
  if (row.type === 'manual' && live(locked.state) !== live(to))
    await recomputePerson(db, now, cityUnion(ctx.config.cityName), row.periodId, row.personId);
  await mailMove(ctx, db, now, row, to, t);
  await audit(db, now, {
    actorKind: t.actor.kind === 'operator' || t.actor.kind === 'system' ? 'operator' : t.actor.kind === 'personal' ? 'personal' : 'unit',
    actorKey: t.actor.key,
    action: 'claim',
    detail: {
      claimId: row.id,
      claimNo: row.claimNo,
      from: locked.state,
      to,
      ...(set.amountFen !== undefined ? { amountFen: set.amountFen } : {}),
    },
  });
  return { row, from: locked.state as ClaimState, to };
}

/** The mail of a move: the filer, the worker a unit filed for, and the next reviewer. */
async function mailMove(ctx: HallContext, db: Db, now: Date, row: repo.ClaimRow, to: ClaimState, t: ClaimTransition) {
  const sender = cityUnion(ctx.config.cityName);
  const type = CLAIM_TYPE_LABELS[row.type as ClaimType];
  const send = async (recipient: Recipient, what: string) => {
    const mail = filerMail(to, row.claimNo, what, { amountFen: row.amountFen, note: t.note, extra: t.mailExtra });
    if (mail) await deliverMail(db, recipient, { ...mail, sender }, now);
  };
  if (row.filedBy === 'personal') {
    await send({ kind: 'personal', key: row.certNo }, `您的${type}申请`);
  } else {
    await send({ kind: 'unit', key: row.unitUact }, `为职工${row.personName}申请的${type}`);
    if (await repo.personHasAccount(db, row.personId)) await send({ kind: 'personal', key: row.certNo }, `单位为您申请的${type}`);
  }
  const waiting = `${row.personName}的${type}申请（${row.claimNo}，¥${yuan(row.amountFen)}）`;
  if (to === 'unit_review')
    await deliverMail(
      db,
      { kind: 'unit', key: row.unitUact },
      { title: `待审核：职工${row.personName}的补助申请`, content: `职工${waiting}已提交，请在“补助申请 — 职工申请审核”中审核。`, sender },
      now,
    );
  if (to === 'union_review' && row.reviewUnitUact)
    await deliverMail(
      db,
      { kind: 'unit', key: row.reviewUnitUact },
      {
        title: `待审核：${row.unitName}的补助申请`,
        content: `${row.unitName}职工${waiting}等待您审核，请在“申请审核 — 补助审核”中处理。`,
        sender,
      },
      now,
    );
}
