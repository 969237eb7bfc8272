import {
  CLAIM_STATE_LABELS,
  type ClaimState,
  chinaDay,
  fenOfYuan,
  maskCard,
  NO_PERMISSION,
  type OperatorRole,
  type opsClaimApproveFields,
  type opsClaimReasonFields,
  yuan,
} from '@hall/shared';
import { audit, auditOperator } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { HallContext } from '../../types';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { nextBatchNo, numberBankLines } from '../settlement/payout.service';
import { ruleOutcome } from './claim-form.service';
import * as query from './claim-query.repository';
import { detailOf, toItem } from './claim-query.service';
import * as repo from './claims.repository';
import { type ClaimTransition, transition } from './transition.service';

/*
 * The city union's side of claims (市总审核 and payment), for the `ops` CLI and the operator API
 * alike: the list, the decision (approve with the final amount, return, refuse) and the payment
 * batch. Every change in the operator's name, audited.
 */

const LIST_MAX = 500;

type OpsClaimApproveFields = z.output<typeof opsClaimApproveFields>;
type OpsClaimReasonFields = z.output<typeof opsClaimReasonFields>;

/** A claim by its id or number (BZ2026000042, as the door's claimRef reads it); the number's year must be the claim's. */
async function claimOf(ctx: HallContext, ref: string) {
  const m = /^BZ(\d{4})(\d+)$/.exec(ref);
  const row = await repo.findClaim(ctx.db, Number(m ? m[2] : ref), undefined);
  if (!row || (m && row.claimNo !== ref)) throw refuse(`补助申请不存在：${ref}`);
  return row;
}

const notWaiting = (no: string, state: string) =>
  `补助申请 ${no} 当前为“${CLAIM_STATE_LABELS[state as ClaimState] ?? state}”，只有待市总审核的申请可以审核`;

/** What finance reads of the claims: what it pays and what it paid, not the reviewer's queues. */
const FINANCE_STATES: readonly ClaimState[] = ['approved', 'paid'];

/**
 * The operator's list of one state (default 待市总审核). An operator who is finance only (neither
 * reviewer nor auditor) is refused the reviewer's queues (docs/decisions.md, "Operator roles").
 */
export async function listClaims(ctx: HallContext, state?: ClaimState, roles?: readonly OperatorRole[]) {
  const reads = !roles || roles.includes('reviewer') || roles.includes('auditor');
  if (!reads && !FINANCE_STATES.includes(state ?? 'city_review')) throw refuse(NO_PERMISSION);
  const rows = await query.operatorList(ctx.db, state ?? 'city_review', LIST_MAX);
  return { list: rows.map((r) => ({ ...toItem(r), uact: r.unitUact, hasBankCard: !!r.bankCard })) };
}

/** The claim as its filer sees it, and the rule's amount beside its own (claim-form.service `ruleOutcome`). */
export async function claimDetail(ctx: HallContext, ref: string) {
  const row = await claimOf(ctx, ref);
  return { ...(await detailOf(ctx, row, 'operator')), rule: await ruleOutcome(ctx, row) };
}

/** One attachment's bytes, for the operator's review. */
export async function claimAttachment(ctx: HallContext, operator: string, ref: string, attachmentId: number) {
  const row = await claimOf(ctx, ref);
  const file = await repo.attachmentFile(ctx.db, row.id, attachmentId);
  const bytes = file ? await ctx.files.get(file.fileId) : undefined;
  if (!file || !bytes) throw refuse('材料不存在或已删除');
  await audit(ctx.db, ctx.clock.now(), {
    actorKind: 'operator',
    actorKey: operator,
    action: 'download',
    detail: { claimId: row.id, attachmentId, fileId: file.fileId },
  });
  return { name: file.name, mime: file.mime, bytes };
}

const decided = (row: repo.ClaimRow) => ({
  id: row.id,
  claimNo: row.claimNo,
  state: row.state,
  stateLabel: CLAIM_STATE_LABELS[row.state as ClaimState],
  amountFen: row.amountFen,
});

/** A claim waiting for the city union (市总审核), or the refusal naming its state. */
async function waitingClaim(ctx: HallContext, ref: string) {
  const row = await claimOf(ctx, ref);
  if (row.state !== 'city_review') throw refuse(notWaiting(row.claimNo, row.state));
  return row;
}

/** The city union's decision on a waiting claim, in the operator's name. */
async function decide(ctx: HallContext, operator: string, row: repo.ClaimRow, move: Pick<ClaimTransition, 'to' | 'note' | 'set'>) {
  const moved = await ctx.db.transaction((db) =>
    transition(ctx, db, ctx.clock.now(), {
      claimId: row.id,
      from: ['city_review'],
      actor: { kind: 'operator', name: operator, key: operator },
      refusal: `补助申请 ${row.claimNo} 已不是待市总审核状态，请刷新后核对`,
      ...move,
    }),
  );
  return decided(moved.row);
}

/** 市总审核通过: the final amount (default the computed one; lower only, with a note) → 待发放. */
export async function approveClaim(ctx: HallContext, operator: string, fields: OpsClaimApproveFields) {
  const row = await waitingClaim(ctx, fields.claim);
  let amountFen = row.amountFen;
  if (fields.amount !== undefined) {
    const fen = fenOfYuan(fields.amount);
    if (fen === null || fen <= 0) throw refuse('核定金额须为大于 0 的元金额，最多两位小数（不予补助请用“不予补助”）');
    if (fen > row.amountFen) throw refuse(`核定金额不能高于系统计算金额 ¥${yuan(row.amountFen)}`);
    if (fen < row.amountFen && !fields.note) throw refuse('调低核定金额须写明原因（note）');
    amountFen = fen;
  }
  const note =
    amountFen === row.amountFen
      ? (fields.note ?? '市总审核通过')
      : `核定金额 ¥${yuan(amountFen)}（系统计算 ¥${yuan(row.amountFen)}）：${fields.note}`;
  return decide(ctx, operator, row, { to: 'approved', note, set: { amountFen } });
}

const closeClaim = async (ctx: HallContext, operator: string, fields: OpsClaimReasonFields, to: 'returned' | 'refused') =>
  decide(ctx, operator, await waitingClaim(ctx, fields.claim), { to, note: fields.reason });

export const returnClaim = (ctx: HallContext, operator: string, input: OpsClaimReasonFields) =>
  closeClaim(ctx, operator, input, 'returned');
export const refuseClaim = (ctx: HallContext, operator: string, input: OpsClaimReasonFields) => closeClaim(ctx, operator, input, 'refused');

export const NO_CARD = '未登记银行卡号，请申请人补充后再发放';
/** Separation of duties (docs/decisions.md, "Operator roles"): who approved a claim does not pay it. */
export const OWN_APPROVAL = '由您审核通过，须由其他财务人员发放';

/**
 * Pays every approved claim in one batch (payout_batches kind 'claim', one payouts row each), in
 * one transaction: each claim → 已发放 with its history row and mail, the batch audited. A claim
 * without a bank card, or one this operator approved, stays 待发放 and is named with the reason.
 */
export async function payClaims(ctx: HallContext, operator: string, paidOnInput?: string) {
  const now = ctx.clock.now();
  const today = chinaDay(now);
  const paidOn = paidOnInput ?? today;
  if (paidOn > today) throw refuse(`发放日期 ${paidOn} 晚于今天，请按银行发放回单的日期填写`);
  return ctx.db.transaction(async (db) => {
    const approved = await query.lockApproved(db);
    const holdOf = (c: (typeof approved)[number]) => (!c.bankCard ? NO_CARD : c.approvedBy === operator ? OWN_APPROVAL : null);
    const payable = approved.filter((c) => !holdOf(c));
    const skipped = approved.flatMap((c) => {
      const reason = holdOf(c);
      return reason ? [{ claimNo: c.claimNo, personName: c.personName, reason }] : [];
    });
    if (payable.length === 0) return { batchNo: null, paidOn, count: 0, totalFen: 0, paid: [], skipped };
    const batchNo = await nextBatchNo(db, paidOn, 'claim');
    const totalFen = payable.reduce((s, c) => s + c.amountFen, 0);
    const batchId = await query.insertBatch(db, {
      batchNo,
      kind: 'claim',
      count: payable.length,
      totalFen,
      operator,
      paidOn,
      createdAt: now,
    });
    await query.insertPayouts(
      db,
      batchId,
      payable.map((c) => ({ personId: c.personId, claimId: c.id, amountFen: c.amountFen, bankName: c.bankName, bankCard: c.bankCard })),
      now,
    );
    await numberBankLines(db, batchId, now);
    for (const c of payable) {
      await transition(ctx, db, now, {
        claimId: c.id,
        from: ['approved'],
        to: 'paid',
        actor: { kind: 'operator', name: operator, key: operator },
        note: `发放批次 ${batchNo}，发放日期 ${paidOn}`,
        refusal: `补助申请 ${c.claimNo} 已不是待发放状态`,
        // A new batch: the failure of an earlier one (its bank reason) is no longer shown.
        set: { batchId, bankName: c.bankName, bankCard: c.bankCard },
        mailExtra: `${paidOn} 发放至 ${`${c.bankName ?? ''} ${maskCard(c.bankCard)}`.trim()}`,
      });
    }
    await auditOperator(db, now, operator, { command: 'claim-pay', batchNo, count: payable.length, totalFen, skipped: skipped.length });
    return {
      batchNo,
      paidOn,
      count: payable.length,
      totalFen,
      paid: payable.map((c) => ({ claimNo: c.claimNo, personName: c.personName, amountFen: c.amountFen })),
      skipped,
    };
  });
}

/**
 * The claims of a batch's failed lines (the bank's result) go back to 待发放 with the bank's reason
 * in their history and the filer's mail; the next batch pays them to the card on record then. The
 * move is the system's (the bank's), so the approver stays the one who approved: separation of
 * duties still lets the finance officer who loaded the result pay the next batch.
 */
export async function returnFailedClaims(
  ctx: HallContext,
  db: Db,
  now: Date,
  operator: string,
  batchNo: string,
  failed: Array<{ claimId: number; lineNo: number; reason: string }>,
) {
  for (const f of failed)
    await transition(ctx, db, now, {
      claimId: f.claimId,
      from: ['paid'],
      to: 'approved',
      actor: { kind: 'system', name: '银行回执', key: operator },
      note: `银行发放失败：${f.reason}（发放批次 ${batchNo} 第${f.lineNo}笔），请核对银行卡，将随下一发放批次重新发放`,
      refusal: `补助申请已不是已发放状态，不能登记银行失败（发放批次 ${batchNo} 第${f.lineNo}笔）`,
      set: { paidAt: null },
    });
}
