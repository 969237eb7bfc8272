import {
  CLAIM_STATE_LABELS,
  type ClaimState,
  chinaDay,
  fenOfYuan,
  maskCard,
  opsClaimApproveFields,
  type OpsClaimApproveFields,
  opsClaimReasonFields,
  type OpsClaimReasonFields,
  claimRef,
  yuan,
} from '@hall/shared';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { HallContext } from '../../types';
import { parseInput } from '../operator/input';
import { nextBatchNo } from '../settlement/payout.service';
import * as query from './claim-query.repository';
import { detailOf, toItem } from './claim-query.service';
import * as repo from './claims.repository';
import { transition } from './transition.service';

/*
 * The city union's side of claims (市总审核 and payment), for the `ops` CLI and the operator API
 * alike: the list, the decision (approve with the final amount, return, refuse) and the payment
 * batch. Every change in the operator's name, audited.
 */

const LIST_MAX = 500;

/** A claim by its id or number (BZ2026000042); the number's year must be the claim's. */
async function claimOf(ctx: HallContext, ref: string) {
  const value = parseInput(claimRef, ref);
  const m = /^BZ(\d{4})(\d+)$/.exec(value);
  const row = await repo.findClaim(ctx.db, Number(m ? m[2] : value), undefined);
  if (!row || (m && row.claimNo !== value)) throw refuse(`补助申请不存在：${ref}`);
  return row;
}

const notWaiting = (no: string, state: string) =>
  `补助申请 ${no} 当前为“${CLAIM_STATE_LABELS[state as ClaimState] ?? state}”，只有待市总审核的申请可以审核`;

export async function listClaims(ctx: HallContext, state?: ClaimState) {
  const rows = await query.operatorList(ctx.db, state ?? 'city_review', LIST_MAX);
  return { list: rows.map((r) => ({ ...toItem(r), uact: r.unitUact, hasBankCard: !!r.bankCard })) };
}

export async function claimDetail(ctx: HallContext, ref: string) {
  return detailOf(ctx, await claimOf(ctx, ref), 'operator');
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

/** 市总审核通过: the final amount (default the computed one; lower only, with a note) → 待发放. */
export async function approveClaim(ctx: HallContext, operator: string, input: OpsClaimApproveFields) {
  const fields = parseInput(opsClaimApproveFields, input);
  const row = await claimOf(ctx, String(fields.claim));
  if (row.state !== 'city_review') throw refuse(notWaiting(row.claimNo, row.state));
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
  const now = ctx.clock.now();
  const moved = await ctx.db.transaction((db) =>
    transition(ctx, db, now, {
      claimId: row.id,
      from: ['city_review'],
      to: 'approved',
      actor: { kind: 'operator', name: operator, key: operator },
      note,
      refusal: `补助申请 ${row.claimNo} 已不是待市总审核状态，请刷新后核对`,
      set: { amountFen },
    }),
  );
  return decided(moved.row);
}

async function closeClaim(ctx: HallContext, operator: string, input: OpsClaimReasonFields, to: 'returned' | 'refused') {
  const fields = parseInput(opsClaimReasonFields, input);
  const row = await claimOf(ctx, String(fields.claim));
  if (row.state !== 'city_review') throw refuse(notWaiting(row.claimNo, row.state));
  const now = ctx.clock.now();
  const moved = await ctx.db.transaction((db) =>
    transition(ctx, db, now, {
      claimId: row.id,
      from: ['city_review'],
      to,
      actor: { kind: 'operator', name: operator, key: operator },
      note: fields.reason,
      refusal: `补助申请 ${row.claimNo} 已不是待市总审核状态，请刷新后核对`,
    }),
  );
  return decided(moved.row);
}

export const returnClaim = (ctx: HallContext, operator: string, input: OpsClaimReasonFields) =>
  closeClaim(ctx, operator, input, 'returned');
export const refuseClaim = (ctx: HallContext, operator: string, input: OpsClaimReasonFields) => closeClaim(ctx, operator, input, 'refused');

export const NO_CARD = '未登记银行卡号，请申请人补充后再发放';

/**
 * Pays every approved claim in one batch (payout_batches kind 'claim', one payouts row each), in
 * one transaction: each claim → 已发放 with its history row and mail, the batch audited. A claim
 * without a bank card stays 待发放 and is named with the reason.
 */
export async function payClaims(ctx: HallContext, operator: string, paidOnInput?: string) {
  const now = ctx.clock.now();
  const today = chinaDay(now);
  const paidOn = paidOnInput ?? today;
  if (paidOn > today) throw refuse(`发放日期 ${paidOn} 晚于今天，请按银行发放回单的日期填写`);
  return ctx.db.transaction(async (db) => {
    const approved = await query.lockApproved(db);
    const payable = approved.filter((c) => c.bankCard);
    const skipped = approved.filter((c) => !c.bankCard).map((c) => ({ claimNo: c.claimNo, personName: c.personName, reason: NO_CARD }));
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
    for (const c of payable) {
      await transition(ctx, db, now, {
        claimId: c.id,
        from: ['approved'],
        to: 'paid',
        actor: { kind: 'operator', name: operator, key: operator },
        note: `发放批次 ${batchNo}，发放日期 ${paidOn}`,
        refusal: `补助申请 ${c.claimNo} 已不是待发放状态`,
        set: { batchId, bankName: c.bankName, bankCard: c.bankCard },
        mailExtra: `${paidOn} 发放至 ${`${c.bankName ?? ''} ${maskCard(c.bankCard)}`.trim()}`,
      });
    }
    await audit(db, now, {
      actorKind: 'operator',
      actorKey: operator,
      action: 'operator',
      detail: { command: 'claim-pay', batchNo, count: payable.length, totalFen, skipped: skipped.length },
    });
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
