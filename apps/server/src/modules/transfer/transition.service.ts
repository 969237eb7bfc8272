import { cityUnion, FILING_STATE_LABELS, type FilingState, type TransferState } from '@hall/shared';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { HallContext } from '../../types';
import { recomputePerson } from '../settlement/recompute.service';
import * as filings from './filing.repository';
import * as transfers from './transfer.repository';
import * as repo from './transition.repository';

/**
 * The one way a coverage transfer or a 异地就医备案 changes state: the row locked, scope and
 * state checked, the move (a confirmed transfer moves the coverage with it) and its audit row, in
 * the caller's transaction; the caller mails.
 */

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export interface TransferMove {
  id: number;
  from: readonly string[];
  to: TransferState;
  /** Whose the transfer must be: the old unit, the new unit, or any (the operator). */
  side: 'from' | 'to' | 'operator';
  unitId?: number;
  actorKind: 'unit' | 'operator';
  actorKey: string;
  returnReason?: string;
  refusal: string;
  ip?: string;
}

/**
 * Moves a transfer: 待转入确认 → 已撤销 (old unit), 待审核 or 已退回 (new unit); 待审核 → 已完成 or
 * 已退回 (operator). On 已完成 the old staff row closes the day before the transfer date, one opens
 * at the new unit and the coverages move as they are. Answers the transfer as it now is.
 */
export async function moveTransfer(ctx: HallContext, db: Db, now: Date, m: TransferMove) {
  const t = await transfers.lockTransfer(db, m.id);
  const mine = t && (m.side === 'operator' || (m.side === 'from' ? t.fromUnitId : t.toUnitId) === m.unitId);
  if (!t || !mine) throw refuse('关系转移申请不存在');
  if (!m.from.includes(t.state)) throw refuse(m.refusal);
  const set: Parameters<typeof repo.writeTransfer>[3] = { updatedAt: now };
  if (m.to === 'reviewing') set.receivedAt = now;
  if (m.to === 'done' || m.to === 'returned') set.decidedAt = now;
  if (m.side === 'operator') set.operator = m.actorKey;
  if (m.returnReason) set.returnReason = m.returnReason;
  if (m.to === 'done') {
    const lastDay = addDays(t.transferDate, -1);
    const closed = await transfers.closeStaff(db, t.fromStaffId, lastDay, now);
    if (!closed) throw refuse('该人员已不在转出单位，不能确认转移（请退回）');
    set.toStaffId = await transfers.openStaff(db, t.toUnitId, t.personId, closed, t.transferDate, now);
    // The stays discharged from the transfer day on now belong to the new unit's treatments.
    for (const periodId of await transfers.moveCoverages(db, t, lastDay))
      await recomputePerson(db, now, cityUnion(ctx.config.cityName), periodId, t.personId);
  }
  await repo.writeTransfer(db, t.id, m.to, set);
  await audit(db, now, {
    actorKind: m.actorKind,
    actorKey: m.actorKey,
    action: m.actorKind === 'operator' ? 'operator' : 'transfer',
    detail: { transfer: t.id, from: t.state, to: m.to },
    ip: m.ip,
  });
  return (await transfers.transferView(db, t.id))!;
}

/** The operator's decision on a filing: 待备案 → 已备案 or 已退回 (with the reason). */
export async function decideFiling(
  db: Db,
  now: Date,
  operator: string,
  id: number,
  to: Extract<FilingState, 'filed' | 'returned'>,
  reason?: string,
) {
  const f = await filings.lockFiling(db, id);
  if (!f) throw refuse('异地就医备案不存在');
  if (f.state !== 'submitted') throw refuse(`该备案为“${FILING_STATE_LABELS[f.state as FilingState] ?? f.state}”，不能再处理`);
  await repo.writeFiling(db, id, to, { decidedAt: now, operator, returnReason: reason ?? null });
  await audit(db, now, { actorKind: 'operator', actorKey: operator, action: 'operator', detail: { filing: id, to } });
}
