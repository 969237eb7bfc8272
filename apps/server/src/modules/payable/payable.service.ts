import {
  cityUnion,
  APPLICATION_KIND_LABELS,
  APPLICATION_STATE_LABELS,
  applicationNo,
  paymentReference,
  isOverdue,
  type PayableState,
  rmbCapital,
  chinaDay,
} from '@hall/shared';
import { auditRefusal } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { Caller, HallContext } from '../../types';
import { arrivalsOf } from '../reconciliation/reconcile.service';
import { approvedBankAccount } from '../union/union-account';
import * as repo from './payable.repository';

type Row = Awaited<ReturnType<typeof repo.payablesOfUnit>>[number];
type Breakdown = Awaited<ReturnType<typeof repo.breakdownOf>>;
type Arrivals = Awaited<ReturnType<typeof arrivalsOf>>;

/** 已生效 is shown for a paid application once its period has begun. */
const stateOf = (r: Row, today: string): PayableState => (r.state === 'paid' ? (today >= r.startDate ? 'effective' : 'paid') : 'unpaid');

const linesOf = (breakdown: Breakdown, id: number) =>
  breakdown
    .filter((b) => b.applicationId === id)
    .map((b) => ({
      productCode: b.productCode,
      productName: b.productName,
      headcount: b.headcount,
      shares: b.shares,
      rateFen: b.rateFen,
      amountFen: b.amountFen,
    }));

function view(r: Row, breakdown: Breakdown, arrivals: Arrivals, today: string) {
  const state = stateOf(r, today);
  return {
    id: r.id,
    applicationNo: applicationNo(r.year, r.id),
    paymentRef: paymentReference(r.year, r.id),
    year: r.year,
    periodName: r.periodName,
    kind: r.kind as 'new' | 'add',
    kindLabel: APPLICATION_KIND_LABELS[r.kind as 'new' | 'add'] ?? r.kind,
    state,
    stateLabel: APPLICATION_STATE_LABELS[state],
    headcount: r.headcount,
    amountFen: r.amountFen,
    payDeadline: r.payDeadline,
    overdue: isOverdue(r.state, r.payDeadline, today),
    submittedAt: r.submittedAt ? r.submittedAt.toISOString() : null,
    breakdown: linesOf(breakdown, r.id),
    payment: r.paidOn && r.voucherNo ? { paidOn: r.paidOn, voucherNo: r.voucherNo, amountFen: r.paidFen ?? r.amountFen } : null,
    arrivals: arrivals.get(r.id) ?? [],
  };
}

/** /payment: the caller unit's applications 待缴费, 已缴费 and 已生效, unpaid first within a year. */
export async function listPayables(ctx: HallContext, caller: Caller<'unit'>, input: { year?: number }) {
  const unit = caller.unit;
  const today = chinaDay(ctx.clock.now());
  const rows = await repo.payablesOfUnit(ctx.db, unit.id, input.year);
  const breakdown = await repo.breakdownOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const arrivals = await arrivalsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const list = rows.map((r) => view(r, breakdown, arrivals, today));
  return {
    list,
    totalFen: list.reduce((s, p) => s + p.amountFen, 0),
    unpaidFen: list.filter((p) => p.state === 'unpaid').reduce((s, p) => s + p.amountFen, 0),
    overdueCount: list.filter((p) => p.overdue).length,
    today,
  };
}

/**
 * The payment notice (缴费通知单) of one of the caller's applications, unpaid or paid: breakdown,
 * total in figures and in capitals, the city union's account and the deadline. Another unit's id
 * (or an application not yet accepted) is refused the same way, and the refusal audited.
 */
export async function paymentNotice(ctx: HallContext, caller: Caller<'unit'>, id: number, ip?: string) {
  const unit = caller.unit;
  const row = await repo.payableOfUnit(ctx.db, unit.id, id);
  if (!row || (row.state !== 'unpaid' && row.state !== 'paid')) {
    if (!row) await auditRefusal(ctx.db, ctx.clock.now(), caller, { call: 'paymentNotice', applicationId: id }, ip);
    throw refuse('缴费通知单不存在：该申请不是本单位待缴费或已缴费的申请');
  }
  const today = chinaDay(ctx.clock.now());
  const breakdown = await repo.breakdownOf(ctx.db, [id]);
  const v = view(row, breakdown, await arrivalsOf(ctx.db, [id]), today);
  return {
    noticeNo: v.applicationNo,
    applicationId: v.id,
    applicationNo: v.applicationNo,
    paymentRef: v.paymentRef,
    unitName: row.empName,
    uact: row.uact,
    uscc: row.uscc ?? '',
    year: v.year,
    periodName: v.periodName,
    coverFrom: row.startDate,
    coverTo: row.endDate,
    kindLabel: v.kindLabel,
    state: v.state,
    stateLabel: v.stateLabel,
    breakdown: v.breakdown,
    headcount: v.headcount,
    totalFen: v.amountFen,
    totalCapital: rmbCapital(v.amountFen),
    payDeadline: v.payDeadline,
    overdue: v.overdue,
    account: ctx.config.payAccount,
    payee: cityUnion(ctx.config.cityName),
    payerAccount: unit.level === 1 ? await approvedBankAccount(ctx.db, unit.id) : null,
    issuedOn: today,
    payment: v.payment,
  };
}
