import {
  cityUnion,
  APPLICATION_STATE_LABELS,
  applicationNo,
  coverStart,
  fenOfYuan,
  type paymentConfirmFields,
  type StoredApplicationState,
  yuan,
  chinaDay,
} from '@hall/shared';
import { auditOperator } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { Db } from '../../db/client';
import type { HallContext } from '../../types';
import type { z } from 'zod';
import { transition } from '../enrolment/transition.service';
import { deliverCoverageMail } from '../mail/mail.service';
import * as repo from './payment.repository';

/** The application id of 42 or SQ2027000042 (the year must be the application's). */
function idOf(ref: string): { id: number; year?: number } {
  const m = /^SQ(\d{4})(\d+)$/.exec(ref);
  return m ? { id: Number(m[2]), year: Number(m[1]) } : { id: Number(ref) };
}

/** What is answered of a payment, whether it is done or waits for its second check. */
interface PaymentOf {
  applicationId: number;
  applicationNo: string;
  uact: string;
  empName: string;
  amountFen: number;
  paidOn: string;
  voucherNo: string;
}

export interface PaymentConfirmed extends PaymentOf {
  state: 'confirmed';
  /** Above the second-check amount: who entered it first. */
  enteredBy: string | null;
  coverages: number;
  continuing: number;
  /** First day of cover for new joiners and for continuing members. */
  coveredFromNew: string;
  coveredFromContinuing: string;
}

/** A payment above the second-check amount, entered and waiting for another finance operator. */
export interface PaymentEntered extends PaymentOf {
  state: 'entered';
}

export type PayableApplication = NonNullable<Awaited<ReturnType<typeof repo.applicationForPayment>>>;

/** An application with what confirming its payment needs (its unit, amount, period), or undefined. */
export const payableApplication = (db: Db, id: number) => repo.applicationForPayment(db, id);

/** payableApplication of many ids in one query, by id. */
export async function payableApplications(db: Db, ids: number[]): Promise<Map<number, PayableApplication>> {
  return new Map((await repo.applicationsForPayment(db, [...new Set(ids)])).map((a) => [a.id, a]));
}

/** Which of these voucher numbers are used, and by which application, in one query. */
export async function takenVouchers(db: Db, voucherNos: string[]): Promise<Map<string, number>> {
  return new Map((await repo.vouchersTaken(db, voucherNos)).map((r) => [r.voucherNo, r.applicationId]));
}

export interface PaymentFields {
  amountFen: number;
  paidOn: string;
  voucherNo: string;
}

/**
 * Why this payment cannot confirm the application, or null: it is 待缴费, the amount is its amount,
 * the day is neither in the future nor before its enrolment, the voucher is not used. The manual
 * confirmation refuses with it; the bank reconciliation keeps the credit as an exception with it.
 */
export async function paymentRefusal(db: Db, found: PayableApplication, p: PaymentFields, today?: string): Promise<string | null> {
  return paymentRefusalWith(found, p, today, await repo.voucherTaken(db, p.voucherNo));
}

/** paymentRefusal with the voucher's application already read (`takenBy`, null when unused): the reconciliation reads a statement's at once. */
export function paymentRefusalWith(
  found: PayableApplication,
  p: PaymentFields,
  today: string | undefined,
  takenBy: number | null,
): string | null {
  const no = applicationNo(found.year, found.id);
  if (found.state !== 'unpaid') {
    const label = APPLICATION_STATE_LABELS[found.state as StoredApplicationState] ?? found.state;
    return `申请 ${no} 当前为“${label}”，只有待缴费的申请可以确认缴费`;
  }
  if (p.amountFen !== found.amountFen)
    return `缴费金额 ¥${yuan(p.amountFen)} 与申请 ${no} 的应缴金额 ¥${yuan(found.amountFen)} 不一致，请核对银行回单`;
  if (today && p.paidOn > today) return `缴费日期 ${p.paidOn} 晚于今天，请按银行回单上的日期填写`;
  if (p.paidOn < found.enrolStart) return `缴费日期 ${p.paidOn} 早于${found.year}年度申报开始日期 ${found.enrolStart}，请核对`;
  if (takenBy !== null) return `缴费凭证号 ${p.voucherNo} 已用于申请 ${applicationNo(found.year, takenBy)}，请核对`;
  return null;
}

/**
 * Confirms a checked payment in the caller's transaction: 待缴费 → 已缴费 (its history row and the
 * unit's mail), the payment row, the coverages of every live line, the audit row. The one path of
 * both the manual confirmation and a bank credit matched by the reconciliation.
 */
export async function settlePayment(
  ctx: HallContext,
  db: Db,
  now: Date,
  operator: string,
  found: PayableApplication,
  p: PaymentFields & { enteredBy?: string | null; source?: string },
) {
  const no = applicationNo(found.year, found.id);
  const moved = await transition(
    db,
    now,
    {
      applicationId: found.id,
      from: ['unpaid'],
      to: 'paid',
      actor: { kind: 'operator', name: operator },
      note: `${p.source ?? ''}缴费 ¥${yuan(p.amountFen)}，凭证号 ${p.voucherNo}，缴费日期 ${p.paidOn}`,
      refusal: `申请 ${no} 已不是待缴费状态（可能刚被确认或撤销），请刷新后核对`,
    },
    cityUnion(ctx.config.cityName),
  );
  // The amount was read before the row lock: checked again against the locked row.
  if (moved.amountFen !== p.amountFen) throw refuse(`缴费金额与申请 ${no} 的应缴金额 ¥${yuan(moved.amountFen)} 不一致，请核对`);
  const paymentId = await repo.insertPayment(db, {
    applicationId: found.id,
    amountFen: p.amountFen,
    paidOn: p.paidOn,
    voucherNo: p.voucherNo,
    operator,
    enteredBy: p.enteredBy ?? null,
    confirmedAt: now,
  });
  const coverages = await repo.insertCoverages(db, {
    applicationId: found.id,
    unitId: found.unitId,
    periodId: found.periodId,
    previousYear: found.year - 1,
    fromNew: coverStart(found, p.paidOn, false),
    fromContinuing: coverStart(found, p.paidOn, true),
    now,
  });
  await deliverCoverageMail(db, found.id, cityUnion(ctx.config.cityName), now);
  await auditOperator(db, now, operator, {
    command: 'payment-confirm',
    applicationId: found.id,
    amountFen: p.amountFen,
    paidOn: p.paidOn,
    voucherNo: p.voucherNo,
    coverages: coverages.total,
    ...(p.enteredBy ? { enteredBy: p.enteredBy } : {}),
  });
  return { paymentId, coverages };
}

/**
 * The operator confirms an application's payment from the bank's voucher: the amount must be
 * the application's, the voucher number is used once. In one transaction: 待缴费 → 已缴费 (its
 * history row and the unit's mail), the payment row, and a coverage for every live line, from
 * the later of the period's start and payment + waiting days (none for a member continuing from
 * last year's period who paid by the deadline). Of two confirmations at once only one wins.
 *
 * Above the second-check amount (HALL_PAYMENT_SECOND_CHECK_YUAN) the first operator only enters the
 * payment; another operator enters the same voucher again and that confirms it (docs/decisions.md,
 * "Operator roles"): the one who confirms is never the one who entered.
 */
export async function confirmPayment(
  ctx: HallContext,
  operator: string,
  fields: z.output<typeof paymentConfirmFields>,
): Promise<PaymentConfirmed | PaymentEntered> {
  const { id, year } = idOf(fields.application);
  const amountFen = fenOfYuan(fields.amount)!;
  const now = ctx.clock.now();
  const today = chinaDay(now);
  if (fields.paidOn > today) throw refuse(`缴费日期 ${fields.paidOn} 晚于今天，请按银行回单上的日期填写`);
  const found = await repo.applicationForPayment(ctx.db, id);
  if (!found || (year !== undefined && found.year !== year)) throw refuse(`申请不存在：${fields.application}`);
  const no = applicationNo(found.year, found.id);
  const refusal = await paymentRefusal(ctx.db, found, { amountFen, paidOn: fields.paidOn, voucherNo: fields.voucherNo });
  if (refusal) throw refuse(refusal);
  const payment = {
    applicationId: id,
    applicationNo: no,
    uact: found.uact,
    empName: found.empName,
    amountFen,
    paidOn: fields.paidOn,
    voucherNo: fields.voucherNo,
  };
  const secondCheck = amountFen > ctx.config.paymentSecondCheckFen;

  try {
    const created = await ctx.db.transaction(async (db) => {
      let enteredBy: string | null = null;
      if (secondCheck) {
        const entry = await repo.entryOf(db, id, true);
        if (!entry) {
          if (
            !(await repo.insertEntry(db, {
              applicationId: id,
              amountFen,
              paidOn: fields.paidOn,
              voucherNo: fields.voucherNo,
              operator,
              enteredAt: now,
            }))
          )
            throw refuse(`申请 ${no} 的缴费刚由他人登记，请刷新后复核`);
          await auditOperator(db, now, operator, {
            command: 'payment-enter',
            applicationId: id,
            amountFen,
            paidOn: fields.paidOn,
            voucherNo: fields.voucherNo,
          });
          return null;
        }
        if (entry.operator === operator) throw refuse(`申请 ${no} 的缴费由您登记，须由另一名财务人员复核确认`);
        if (entry.amountFen !== amountFen || entry.paidOn !== fields.paidOn || entry.voucherNo !== fields.voucherNo)
          throw refuse(
            `复核信息与 ${entry.operator} 登记的不一致（金额 ¥${yuan(entry.amountFen)}、缴费日期 ${entry.paidOn}、凭证号 ${entry.voucherNo}），请核对银行回单`,
          );
        await repo.deleteEntry(db, id);
        enteredBy = entry.operator;
      }
      const covered = await settlePayment(ctx, db, now, operator, found, {
        amountFen,
        paidOn: fields.paidOn,
        voucherNo: fields.voucherNo,
        enteredBy,
      });
      return { ...covered.coverages, enteredBy };
    });
    if (!created) return { state: 'entered', ...payment };
    const fromNew = coverStart(found, fields.paidOn, false);
    const fromContinuing = coverStart(found, fields.paidOn, true);
    return {
      state: 'confirmed',
      ...payment,
      enteredBy: created.enteredBy,
      coverages: created.total,
      continuing: created.continuing,
      coveredFromNew: fromNew,
      coveredFromContinuing: fromContinuing,
    };
  } catch (error) {
    // Two confirmations with the same voucher at once: the unique index decides.
    if (isUniqueViolation(error)) throw refuse(`缴费凭证号 ${fields.voucherNo} 已被使用，或申请 ${no} 已确认缴费，请核对`);
    throw error;
  }
}

/**
 * The large payments entered and waiting for a second finance operator, oldest first. Without the
 * entry's paid-on day and voucher number: the second operator enters them again from the bank's
 * voucher, so the check is two readings of it, not one reading copied (docs/decisions.md, "Operator roles").
 */
export async function paymentEntries(ctx: HallContext) {
  const rows = await repo.waitingEntries(ctx.db, 500);
  return {
    list: rows.map((r) => ({
      applicationId: r.applicationId,
      applicationNo: applicationNo(r.year, r.applicationId),
      uact: r.uact,
      empName: r.empName,
      amountFen: r.amountFen,
      enteredBy: r.enteredBy,
      enteredAt: r.enteredAt.toISOString(),
    })),
  };
}
