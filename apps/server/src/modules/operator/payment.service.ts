import {
  cityUnion,
  APPLICATION_STATE_LABELS,
  applicationNo,
  coverStart,
  fenOfYuan,
  paymentConfirmFields,
  type PaymentConfirmFields,
  type StoredApplicationState,
  yuan,
  chinaDay,
} from '@hall/shared';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { HallContext } from '../../types';
import { transition } from '../enrolment/transition.service';
import { deliverCoverageMail } from '../mail/mail.service';
import { parseInput } from './input';
import * as repo from './payment.repository';

/** The application id of 42 or SQ2027000042 (the year must be the application's). */
function idOf(ref: string): { id: number; year?: number } {
  const m = /^SQ(\d{4})(\d+)$/.exec(ref);
  return m ? { id: Number(m[2]), year: Number(m[1]) } : { id: Number(ref) };
}

export interface PaymentConfirmed {
  applicationId: number;
  applicationNo: string;
  uact: string;
  empName: string;
  amountFen: number;
  paidOn: string;
  voucherNo: string;
  coverages: number;
  continuing: number;
  /** First day of cover for new joiners and for continuing members. */
  coveredFromNew: string;
  coveredFromContinuing: string;
}

/**
 * The operator confirms an application's payment from the bank's voucher: the amount must be
 * the application's, the voucher number is used once. In one transaction: 待缴费 → 已缴费 (its
 * history row and the unit's mail), the payment row, and a coverage for every live line, from
 * the later of the period's start and payment + waiting days (none for a member continuing from
 * last year's period who paid by the deadline). Of two confirmations at once only one wins.
 */
export async function confirmPayment(ctx: HallContext, operator: string, input: PaymentConfirmFields): Promise<PaymentConfirmed> {
  const fields = parseInput(paymentConfirmFields, input);
  const { id, year } = idOf(fields.application);
  const amountFen = fenOfYuan(fields.amount)!;
  const now = ctx.clock.now();
  const today = chinaDay(now);
  if (fields.paidOn > today) throw refuse(`缴费日期 ${fields.paidOn} 晚于今天，请按银行回单上的日期填写`);
  const found = await repo.applicationForPayment(ctx.db, id);
  if (!found || (year !== undefined && found.year !== year)) throw refuse(`申请不存在：${fields.application}`);
  const no = applicationNo(found.year, found.id);
  if (found.state !== 'unpaid') {
    const label = APPLICATION_STATE_LABELS[found.state as StoredApplicationState] ?? found.state;
    throw refuse(`申请 ${no} 当前为“${label}”，只有待缴费的申请可以确认缴费`);
  }
  if (amountFen !== found.amountFen) {
    throw refuse(`缴费金额 ¥${yuan(amountFen)} 与申请 ${no} 的应缴金额 ¥${yuan(found.amountFen)} 不一致，请核对银行回单`);
  }
  if (fields.paidOn < found.enrolStart)
    throw refuse(`缴费日期 ${fields.paidOn} 早于${found.year}年度申报开始日期 ${found.enrolStart}，请核对`);
  const taken = await repo.voucherTaken(ctx.db, fields.voucherNo);
  if (taken !== null) throw refuse(`缴费凭证号 ${fields.voucherNo} 已用于申请 ${applicationNo(found.year, taken)}，请核对`);
  const fromNew = coverStart(found, fields.paidOn, false);
  const fromContinuing = coverStart(found, fields.paidOn, true);

  try {
    const created = await ctx.db.transaction(async (db) => {
      const moved = await transition(
        db,
        now,
        {
          applicationId: id,
          from: ['unpaid'],
          to: 'paid',
          actor: { kind: 'operator', name: operator },
          note: `缴费 ¥${yuan(amountFen)}，凭证号 ${fields.voucherNo}，缴费日期 ${fields.paidOn}`,
          refusal: `申请 ${no} 已不是待缴费状态（可能刚被确认或撤销），请刷新后核对`,
        },
        cityUnion(ctx.config.cityName),
      );
      // The amount was read before the row lock: checked again against the locked row.
      if (moved.amountFen !== amountFen) throw refuse(`缴费金额与申请 ${no} 的应缴金额 ¥${yuan(moved.amountFen)} 不一致，请核对`);
      await repo.insertPayment(db, {
        applicationId: id,
        amountFen,
        paidOn: fields.paidOn,
        voucherNo: fields.voucherNo,
        operator,
        confirmedAt: now,
      });
      const covered = await repo.insertCoverages(db, {
        applicationId: id,
        unitId: found.unitId,
        periodId: found.periodId,
        previousYear: found.year - 1,
        fromNew,
        fromContinuing,
        now,
      });
      await deliverCoverageMail(db, id, cityUnion(ctx.config.cityName), now);
      await audit(db, now, {
        actorKind: 'operator',
        actorKey: operator,
        action: 'operator',
        detail: {
          command: 'payment-confirm',
          applicationId: id,
          amountFen,
          paidOn: fields.paidOn,
          voucherNo: fields.voucherNo,
          coverages: covered.total,
        },
      });
      return covered;
    });
    return {
      applicationId: id,
      applicationNo: no,
      uact: found.uact,
      empName: found.empName,
      amountFen,
      paidOn: fields.paidOn,
      voucherNo: fields.voucherNo,
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
