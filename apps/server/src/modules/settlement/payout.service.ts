import {
  cityUnion,
  TREATMENT_STATE_LABELS,
  type TreatmentState,
  chinaDay,
  maskCertNo,
  type opsTreatmentListFields,
  type opsTreatmentPayFields,
  yuan,
} from '@hall/shared';
import type { z } from 'zod';
import { auditOperator } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { Db } from '../../db/client';
import type { HallContext } from '../../types';
import type { SettlementContext } from './settlement.repository';
import * as repo from './payout.repository';
import { numberLines } from './payout-bank.repository';
import { settleTreatments } from './transition.repository';
import { lockTreatments } from './settlement.repository';

/**
 * Payout batches of treatments (待发放 → 已发放), confirmed by the operator, and the operator's list.
 *
 * Negative dues (a correction or reversal lowered an amount already paid) are set-offs: within a
 * batch they are netted against the same person's positive dues (of the batch's period, or of
 * every period when none is named). A person is paid when that balance is positive and a bank card
 * is on record, or when it is exactly zero (nothing moves; the rows are settled). A negative
 * balance is never paid out: its rows stay pending until later positive dues cover it; a person
 * without a bank card stays pending too. The answer names both (`held`), and so does the list.
 */

export const HOLD_REASONS = {
  noCard: '未登记银行卡，暂不能发放（请单位在“互助人员管理”中登记）',
  negative: (fen: number) => `冲减余额 ¥${yuan(fen)}，待以后的待遇抵扣`,
} as const;

const holdOf = (r: { dueFen: number; hasCard: boolean }) => (r.dueFen < 0 ? HOLD_REASONS.negative(r.dueFen) : HOLD_REASONS.noCard);

export interface TreatmentPayResult {
  batchId: number;
  batchNo: string;
  paidOn: string;
  count: number;
  persons: number;
  totalFen: number;
  setOffFen: number;
  held: Array<{ name: string; certNo: string; dueFen: number; reason: string }>;
  heldCount: number;
}

const MAX_HELD = 200;

/**
 * 发放: every pending treatment (of one year, if given) of the people who can be paid goes into one
 * batch, in one transaction: the batch row (FF…), one payouts row per treatment with its due, the
 * treatments settled (paid = amount), the person's and the unit's mail, the audit row.
 */
export async function payTreatments(
  ctx: SettlementContext,
  operator: string,
  fields: z.output<typeof opsTreatmentPayFields> = {},
): Promise<TreatmentPayResult> {
  const now = ctx.clock.now();
  const today = chinaDay(now);
  const paidOn = fields.paidOn ?? today;
  if (paidOn > today) throw refuse('发放日期不能晚于今天');
  const sender = cityUnion(ctx.config.cityName);
  return ctx.db.transaction(async (db) => {
    await lockTreatments(db);
    const periodId = fields.year === undefined ? undefined : await repo.periodIdOf(db, fields.year);
    if (fields.year !== undefined && periodId === undefined) throw refuse(`${fields.year}年度互助期不存在`);
    const batchNo = await repo.nextBatchNo(db, today);
    const batchId = await repo.insertBatch(db, { batchNo, operator, paidOn, now });
    const count = await repo.insertPayouts(db, batchId, periodId, now);
    const held = await repo.heldPeople(db, periodId, MAX_HELD);
    if (count === 0) {
      const why = held.count ? `：${held.count} 人未登记银行卡或冲减余额为负，留待以后` : '';
      throw refuse(`没有可发放的互助待遇${why}`, {
        held: held.list.map((h) => ({ name: h.name, certNo: maskCertNo(h.certNo), dueFen: h.dueFen, reason: holdOf(h) })),
      });
    }
    await settleTreatments(db, batchId, now);
    await numberLines(db, batchId, now);
    const figures = await repo.batchFigures(db, batchId);
    await repo.mailBatch(db, batchId, batchNo, paidOn, sender, now);
    await auditOperator(db, now, operator, {
      command: 'treatment-pay',
      batchNo,
      year: fields.year ?? null,
      paidOn,
      count: figures.count,
      persons: figures.persons,
      totalFen: figures.total,
      setOffFen: figures.setOff,
      held: held.count,
    });
    return {
      batchId,
      batchNo,
      paidOn,
      count: figures.count,
      persons: figures.persons,
      totalFen: figures.total,
      setOffFen: figures.setOff,
      held: held.list.map((h) => ({ name: h.name, certNo: maskCertNo(h.certNo), dueFen: h.dueFen, reason: holdOf(h) })),
      heldCount: held.count,
    };
  });
}

/** The operator's list of treatments (ID numbers masked; the reason a pending one cannot be paid). Audited: it reads people's data. */
export async function listTreatments(ctx: HallContext, operator: string, fields: z.output<typeof opsTreatmentListFields>) {
  const periodId = fields.year === undefined ? undefined : await repo.periodIdOf(ctx.db, fields.year);
  if (fields.year !== undefined && periodId === undefined) throw refuse(`${fields.year}年度互助期不存在`);
  const { list, total } = await repo.listTreatments(ctx.db, {
    state: fields.state,
    periodId,
    personCertNo: fields.certNo,
    limit: fields.limit,
  });
  await auditOperator(ctx.db, ctx.clock.now(), operator, {
    command: 'treatment-list',
    state: fields.state ?? null,
    year: fields.year ?? null,
    byCertNo: !!fields.certNo,
    rows: list.length,
  });
  return {
    list: list.map((r) => ({
      id: String(r.id),
      settlementNo: r.settlementNo,
      name: r.name,
      certNo: maskCertNo(r.certNo),
      year: r.year,
      productCode: r.productCode,
      hospitalName: r.hospitalName,
      dischargedOn: r.dischargedOn,
      amountFen: r.amountFen,
      paidFen: r.paidFen,
      dueFen: r.amountFen - r.paidFen,
      state: r.state as TreatmentState,
      stateLabel: TREATMENT_STATE_LABELS[r.state as TreatmentState],
      reason: r.reason,
      hold: r.state === 'pending' && !r.hasCard ? HOLD_REASONS.noCard : null,
      batchNo: r.batchNo,
    })),
    total,
  };
}

/** The next payout batch number of a day (claims' payouts number their batches in the same series). */
export const nextBatchNo = (db: Db, day: string, kind: 'treatment' | 'claim') => repo.nextBatchNo(db, day, kind);

/** Numbers a new batch's bank lines (claims' batches too): see payout-bank.repository. */
export const numberBankLines = (db: Db, batchId: number, now: Date) => numberLines(db, batchId, now);
