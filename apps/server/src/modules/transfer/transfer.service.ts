import { cityUnion, NOT_INSURED_MESSAGES, TRANSFER_STATE_LABELS, type TransferState, chinaDay, maskCertNo } from '@hall/shared';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { Caller, HallContext, UnitCaller } from '../../types';
import { deliverMail } from '../mail/mail.service';
import { transferAuditRows } from './history.repository';
import { historyOf } from './history.service';
import * as repo from './transfer.repository';
import { moveTransfer, type TransferMove } from './transition.service';

/**
 * Coverage transfer between units (关系转出 / 关系转入, docs-personal.md P5–P7). The old unit files
 * it (待转入确认), may withdraw it (已撤销) until the new unit receives it (待审核) or returns it
 * (已退回); the city union's operator confirms (已完成) or returns it. On confirmation, in one
 * transaction: the old staff row is closed the day before the transfer date, a staff row opened at
 * the new unit from that date, and the person's coverages of periods not yet ended move to the new
 * unit as they are (same rows: no double cover; same start: no gap, no new waiting period).
 */

const sender = (ctx: HallContext) => cityUnion(ctx.config.cityName);

/** The business of a transfer is for insured units (the transfer layout has no needInsured guard: checked here). */
const insuredUnitOf = (caller: Caller<'unit'>): UnitCaller => {
  const unit = caller.unit;
  if (!unit.insured) throw refuse(NOT_INSURED_MESSAGES.unit);
  return unit;
};

const label = (state: string) => TRANSFER_STATE_LABELS[state as TransferState] ?? state;

export function itemOf(v: repo.TransferView, viewer?: number) {
  return {
    id: v.id,
    personName: v.personName,
    certNo: maskCertNo(v.certNo),
    fromUnitName: v.fromUnitName,
    toUnitName: v.toUnitName,
    toUscc: v.toUscc,
    transferDate: v.transferDate,
    periodYear: v.periodYear,
    state: v.state as TransferState,
    stateLabel: label(v.state),
    reason: v.reason,
    returnReason: v.returnReason,
    createdAt: v.createdAt.toISOString(),
    canCancel: viewer === v.fromUnitId && v.state === 'receiving',
    canReceive: viewer === v.toUnitId && v.state === 'receiving',
  };
}

export const opsItemOf = (v: repo.TransferView) => {
  const { canCancel: _c, canReceive: _r, ...rest } = itemOf(v);
  return { ...rest, fromUact: v.fromUact, toUact: v.toUact };
};

/** A transfer with its history (the operator's drawer); an unknown id is refused. */
export async function opsTransferDetail(ctx: HallContext, id: number) {
  const v = await repo.transferView(ctx.db, id);
  if (!v) throw refuse('关系转移申请不存在');
  const names = { [v.fromUact]: v.fromUnitName, [v.toUact]: v.toUnitName };
  return { ...opsItemOf(v), history: historyOf(await transferAuditRows(ctx.db, id), TRANSFER_STATE_LABELS, names, v.returnReason) };
}

/** Mail to both units and, when they have an account, the person. */
async function tell(ctx: HallContext, db: Db, v: repo.TransferView, title: string, content: string, now: Date) {
  const message = { title, content, sender: sender(ctx) };
  await deliverMail(db, { kind: 'unit', key: v.fromUact }, message, now);
  await deliverMail(db, { kind: 'unit', key: v.toUact }, message, now);
  if (v.hasAccount) await deliverMail(db, { kind: 'personal', key: v.personKey }, message, now);
}

export async function searchUnit(ctx: HallContext, caller: Caller<'unit'>, input: { keyword: string }) {
  return { list: await repo.searchUnits(ctx.db, input.keyword, caller.unit.id) };
}

/**
 * The unit's current staff with cover in the period in force: the out form's choices (without
 * those already in an open transfer), and the filing form's.
 */
export async function transferStaffOptions(ctx: HallContext, caller: Caller<'unit'>, forTransfer = true) {
  const unit = caller.unit;
  const period = await repo.periodOn(ctx.db, chinaDay(ctx.clock.now()));
  if (!period) return { list: [] };
  const list = await repo.coveredStaff(ctx.db, unit.id, period.id, forTransfer);
  return { list: list.map((s) => ({ ...s, certNo: maskCertNo(s.certNo) })) };
}

export async function applyOut(
  ctx: HallContext,
  caller: Caller<'unit'>,
  input: { staffId: number; toUscc: string; transferDate: string; reason?: string },
  ip?: string,
) {
  const unit = insuredUnitOf(caller);
  const now = ctx.clock.now();
  const today = chinaDay(now);
  const member = await repo.openStaffOf(ctx.db, unit.id, input.staffId);
  if (!member) throw refuse('转出人员不存在或已减员');
  const to = await repo.unitByUscc(ctx.db, input.toUscc);
  if (!to) throw refuse('未找到该统一社会信用代码的单位，请核对');
  if (to.id === unit.id) throw refuse('转入单位不能是本单位');
  if (!to.insured) throw refuse('转入单位未办理医保参保登记，不能办理关系转入');
  const period = await repo.periodOn(ctx.db, today);
  if (!period) throw refuse('当前不在互助期内，不能办理关系转移');
  if (input.transferDate < period.startDate || input.transferDate > period.endDate)
    throw refuse(`转移日期须在本互助期内（${period.startDate} 至 ${period.endDate}）`);
  if (input.transferDate <= member.joinedOn) throw refuse(`转移日期须晚于该人员加入本单位的日期（${member.joinedOn}）`);
  if (!(await repo.hasCover(ctx.db, member.personId, unit.id, period.id)))
    throw refuse('该人员本互助期在本单位没有医疗互助保障，无需办理关系转移（可直接减员）');
  let id: number;
  try {
    id = await repo.insertTransfer(ctx.db, {
      personId: member.personId,
      fromUnitId: unit.id,
      toUnitId: to.id,
      fromStaffId: member.id,
      transferDate: input.transferDate,
      periodId: period.id,
      state: 'receiving',
      reason: input.reason ?? null,
      createdBy: caller.accountId,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse('该人员已有办理中的关系转移');
    throw error;
  }
  const view = (await repo.transferView(ctx.db, id))!;
  await ctx.db.transaction(async (db) => {
    await audit(db, now, { actorKind: 'unit', actorKey: unit.uact, action: 'transfer', detail: { transfer: id, to: 'receiving' }, ip });
    await tell(
      ctx,
      db,
      view,
      '关系转出申请待转入确认',
      `${view.fromUnitName}已为${view.personName}办理医疗互助关系转出，转入单位${view.toUnitName}，转移日期${view.transferDate}。请转入单位在“关系转入申请”中确认接收。`,
      now,
    );
  });
  return itemOf(view, unit.id);
}

interface Move extends TransferMove {
  mail: (v: repo.TransferView) => { title: string; content: string };
}

/** A transfer's move (its transition) and the mail it sends, in one transaction. */
async function move(ctx: HallContext, m: Move) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (db) => {
    const view = await moveTransfer(ctx, db, now, m);
    const { title, content } = m.mail(view);
    await tell(ctx, db, view, title, content, now);
  });
  return (await repo.transferView(ctx.db, m.id))!;
}

export async function cancelOut(ctx: HallContext, caller: Caller<'unit'>, input: { id: number }, ip?: string) {
  const unit = caller.unit;
  const v = await move(ctx, {
    id: input.id,
    from: ['receiving'],
    to: 'cancelled',
    side: 'from',
    unitId: unit.id,
    actorKind: 'unit',
    actorKey: unit.uact,
    refusal: '转入单位已处理该申请，不能撤销',
    mail: (t) => ({ title: '关系转出申请已撤销', content: `${t.fromUnitName}已撤销${t.personName}的关系转出申请。` }),
    ip,
  });
  return itemOf(v, unit.id);
}

export async function receiveInto(ctx: HallContext, caller: Caller<'unit'>, input: { id: number }, ip?: string) {
  const unit = insuredUnitOf(caller);
  const v = await move(ctx, {
    id: input.id,
    from: ['receiving'],
    to: 'reviewing',
    side: 'to',
    unitId: unit.id,
    actorKind: 'unit',
    actorKey: unit.uact,
    refusal: '该申请不是待转入确认状态',
    mail: (t) => ({
      title: '关系转入已确认接收，待市总工会审核',
      content: `${t.toUnitName}已确认接收${t.personName}（转移日期${t.transferDate}），待市总工会审核。`,
    }),
    ip,
  });
  return itemOf(v, unit.id);
}

export async function returnInto(ctx: HallContext, caller: Caller<'unit'>, input: { id: number; reason: string }, ip?: string) {
  const unit = caller.unit;
  const v = await move(ctx, {
    id: input.id,
    from: ['receiving'],
    to: 'returned',
    side: 'to',
    unitId: unit.id,
    actorKind: 'unit',
    actorKey: unit.uact,
    returnReason: input.reason,
    refusal: '该申请不是待转入确认状态',
    mail: (t) => ({ title: '关系转出申请被退回', content: `${t.toUnitName}退回了${t.personName}的关系转入，原因：${input.reason}` }),
    ip,
  });
  return itemOf(v, unit.id);
}

export async function transferPage(
  ctx: HallContext,
  caller: Caller<'unit'>,
  input: { direction: 'out' | 'into'; state?: string; name?: string; pageNum: number; pageSize: number },
) {
  const unit = caller.unit;
  const { total, rows } = await repo.pageTransfers(
    ctx.db,
    { unitId: unit.id, direction: input.direction, state: input.state || undefined, name: input.name || undefined },
    input.pageSize,
    (input.pageNum - 1) * input.pageSize,
  );
  return { ...total, pageNum: input.pageNum, pageSize: input.pageSize, list: rows.map((r) => itemOf(r, unit.id)) };
}

// ---- operator ----

export async function opsTransferList(ctx: HallContext, state: TransferState = 'reviewing') {
  return { list: (await repo.listTransfers(ctx.db, state)).map(opsItemOf) };
}

export async function confirmTransfer(ctx: HallContext, operator: string, id: number) {
  const v = await move(ctx, {
    id,
    from: ['reviewing'],
    to: 'done',
    side: 'operator',
    actorKind: 'operator',
    actorKey: operator,
    refusal: '只有待审核的关系转移可以确认',
    mail: (t) => ({
      title: '医疗互助关系转移已完成',
      content: `${t.personName}的医疗互助关系已自${t.transferDate}起由${t.fromUnitName}转入${t.toUnitName}，保障不中断、无新的等待期。`,
    }),
  });
  return opsItemOf(v);
}

export async function returnTransfer(ctx: HallContext, operator: string, input: { id: number; reason: string }) {
  const v = await move(ctx, {
    id: input.id,
    from: ['reviewing'],
    to: 'returned',
    side: 'operator',
    actorKind: 'operator',
    actorKey: operator,
    returnReason: input.reason,
    refusal: '只有待审核的关系转移可以退回',
    mail: (t) => ({ title: '医疗互助关系转移被退回', content: `${t.personName}的关系转移被市总工会退回，原因：${input.reason}` }),
  });
  return opsItemOf(v);
}
