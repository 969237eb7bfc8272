import { type CreditReason, applicationNo, chinaDay, cityUnion, paymentReference, readReference, referencesIn, yuan } from '@hall/shared';
import { auditOperator } from '../../lib/audit';
import { HallError, refuse } from '../../lib/hall-error';
import type { Db } from '../../db/client';
import type { HallContext } from '../../types';
import { lockForMoves } from '../enrolment/transition.service';
import { deliverMail } from '../mail/mail.service';
import {
  type PayableApplication,
  type PaymentFields,
  payableApplication,
  payableApplications,
  paymentRefusal,
  paymentRefusalWith,
  settlePayment,
  takenVouchers,
} from '../operator/payment.service';
import * as repo from './reconcile.repository';
import type { CreditRow, StatementCredit } from './reconcile.repository';

export type { StatementCredit };

/**
 * Bank reconciliation (对账, issue 20; docs/decisions.md "Bank reconciliation"). A statement's
 * credits are stored once per (bank, transaction id); each new one is matched to a payment notice
 * by the payment reference in its memo, or, without one, by its payer and amount when exactly one
 * 待缴费 notice fits. A credit that matches exactly confirms its payment through the same path as a
 * manual confirmation (settlePayment); every other credit waits as an exception for a finance
 * operator: matched by hand, marked refunded, or left.
 *
 * A matched credit needs no second finance operator above the second-check amount: the statement is
 * the bank's own record, the second reading the manual path asks for.
 */

/** The voucher number a bank credit confirms under: unique across banks. */
const voucherOf = (c: Pick<CreditRow, 'bank' | 'txnId'>) => `${c.bank}-${c.txnId}`;

/** A credit as the matching reads it: stored (a load) or only read from the file (a preview). */
type Matchable = Pick<CreditRow, 'bank' | 'txnId' | 'bookedOn' | 'amountFen' | 'payerName' | 'payerAccount' | 'memo'>;

/** What a credit would do: confirm this notice's payment, or wait as an exception with its reason. */
type Decision =
  | { matched: true; found: PayableApplication; p: PaymentFields }
  | { matched: false; reason: CreditReason; applicationId: number | null; note: string | null };

const payerKey = (c: Matchable) => `${c.amountFen}\u0000${c.payerName}\u0000${c.payerAccount}`;

/**
 * Everything the matching of a statement reads, in three set-based queries whatever its size: the
 * 待缴费 notices of every payer and amount of the credits without a reference, every notice a
 * reference or a payer names (as payment confirmation reads it), and which of the credits' vouchers
 * are used. The preview and the load decide from these the same way (`decide`).
 */
async function matchingFacts(db: Db, credits: Matchable[]) {
  const refs = credits.map((c) => referencesIn(c.memo));
  const payers = new Map<string, Matchable>();
  for (const [i, c] of credits.entries()) if (refs[i].length === 0) payers.set(payerKey(c), c);
  const payerList = [...payers.values()];
  const fits = new Map<string, number[]>();
  for (const row of await repo.unpaidOfPayers(db, payerList)) {
    const key = payerKey(payerList[row.n - 1]);
    fits.set(key, [...(fits.get(key) ?? []), row.id]);
  }
  const named = refs.flatMap((r) => (r.length === 1 ? [r[0].applicationId] : []));
  const notices = await payableApplications(db, [...named, ...[...fits.values()].flat()]);
  const taken = await takenVouchers(db, credits.map(voucherOf));
  return { refs, fits, notices, taken };
}

type Facts = Awaited<ReturnType<typeof matchingFacts>>;

/**
 * Decides the i-th credit from the facts. `settled` holds the notices confirmed by the credits before
 * it in this statement: such a notice is paid now (a second credit for it is 重复到账) and no longer a
 * payer's 待缴费 notice. The order of checks is the issue's: several references, an unknown one, no
 * notice of the payer, then the notice's state, the amount, and the payment's own refusal.
 */
function decide(facts: Facts, settled: ReadonlySet<number>, today: string, credit: Matchable, i: number): Decision {
  const except = (reason: CreditReason, applicationId: number | null = null, note: string | null = null): Decision => ({
    matched: false,
    reason,
    applicationId,
    note,
  });
  const refs = facts.refs[i];
  if (refs.length > 1) return except('ambiguous');
  let found: PayableApplication | undefined;
  if (refs.length === 1) {
    found = facts.notices.get(refs[0].applicationId);
    if (!found || found.year !== refs[0].year) return except('unknownReference');
  } else {
    const fits = (facts.fits.get(payerKey(credit)) ?? []).filter((id) => !settled.has(id));
    if (fits.length !== 1) return except('noReference');
    found = facts.notices.get(fits[0]);
    if (!found) return except('noReference');
  }
  if (settled.has(found.id)) found = { ...found, state: 'paid' };
  if (found.state === 'paid') return except('twice', found.id);
  if (found.state !== 'unpaid') return except('notPayable', found.id);
  if (credit.amountFen < found.amountFen) return except('partial', found.id);
  if (credit.amountFen > found.amountFen) return except('over', found.id);
  const p = { amountFen: credit.amountFen, paidOn: credit.bookedOn, voucherNo: voucherOf(credit) };
  const refusal = paymentRefusalWith(found, p, today, facts.taken.get(p.voucherNo) ?? null);
  if (refusal) return except('refused', found.id, refusal);
  return { matched: true, found, p };
}

function refuseLate(credits: Pick<Matchable, 'txnId' | 'bookedOn'>[], today: string) {
  const late = credits.find((c) => c.bookedOn > today);
  if (late) throw refuse(`流水 ${late.txnId} 的交易日期 ${late.bookedOn} 晚于今天，请核对对账单`);
}

type Reasons = Partial<Record<CreditReason, number>>;

/**
 * What loading these credits would do, written nowhere: the new ones (not loaded before) decided in
 * the file's order from the same facts as the load, each match taken as done. Only a change made
 * meanwhile (a notice cancelled between the preview and 确认导入) makes the load differ.
 */
export async function previewStatementLoad(ctx: HallContext, bank: string, credits: StatementCredit[]) {
  const today = chinaDay(ctx.clock.now());
  const rows = credits.map((c) => ({ ...c, bank }));
  refuseLate(rows, today);
  const loaded = await repo.loadedTxnIds(
    ctx.db,
    bank,
    rows.map((c) => c.txnId),
  );
  const fresh = rows.filter((c) => !loaded.has(c.txnId));
  const facts = await matchingFacts(ctx.db, fresh);
  const settled = new Set<number>();
  const reasons: Reasons = {};
  fresh.forEach((credit, i) => {
    const d = decide(facts, settled, today, credit, i);
    if (d.matched) settled.add(d.found.id);
    else reasons[d.reason] = (reasons[d.reason] ?? 0) + 1;
  });
  return {
    credits: fresh.length,
    matched: settled.size,
    exceptions: fresh.length - settled.size,
    repeated: credits.length - fresh.length,
    reasons,
  };
}

/** Loads a statement's credits and matches the new ones, in one transaction (each match in its savepoint). */
export async function loadStatement(
  ctx: HallContext,
  operator: string,
  input: { bank: string; fileName: string; credits: StatementCredit[] },
) {
  return ctx.db.transaction((db) => loadStatementIn(ctx, db, operator, input));
}

/** loadStatement in the caller's transaction (the console's confirmation of a staged statement). */
export async function loadStatementIn(
  ctx: HallContext,
  db: Db,
  operator: string,
  input: { bank: string; fileName: string; credits: StatementCredit[] },
) {
  const now = ctx.clock.now();
  const today = chinaDay(now);
  refuseLate(input.credits, today);
  const statementId = await repo.insertStatement(db, { bank: input.bank, fileName: input.fileName, loadedBy: operator, loadedAt: now });
  const fresh = await repo.insertCredits(db, statementId, input.bank, input.credits);
  const facts = await matchingFacts(db, fresh);
  // Every notice the credits may confirm, and its unit, locked before the first payment: another
  // statement paying the same units in another order waits instead of deadlocking.
  await lockForMoves(db, [...facts.notices.keys()]);
  const settled = new Set<number>();
  const exceptions: { id: number; reason: CreditReason; applicationId: number | null; note: string | null }[] = [];
  for (const [i, credit] of fresh.entries()) {
    const d = decide(facts, settled, today, credit, i);
    if (!d.matched) {
      exceptions.push({ id: credit.id, reason: d.reason, applicationId: d.applicationId, note: d.note });
      continue;
    }
    const refusal = await settleCredit(ctx, db, now, operator, credit, d.found, d.p);
    if (refusal === null) settled.add(d.found.id);
    else exceptions.push({ id: credit.id, reason: 'refused', applicationId: d.found.id, note: refusal });
  }
  await repo.markExceptions(db, exceptions);
  const reasons: Reasons = {};
  for (const e of exceptions) reasons[e.reason] = (reasons[e.reason] ?? 0) + 1;
  const counts = {
    credits: fresh.length,
    matched: settled.size,
    exceptions: exceptions.length,
    repeated: input.credits.length - fresh.length,
  };
  await repo.countStatement(db, statementId, counts);
  await auditOperator(db, now, operator, {
    command: 'statement-load',
    statementId,
    bank: input.bank,
    fileName: input.fileName,
    ...counts,
  });
  return { statementId, ...counts, reasons };
}

/**
 * Confirms a matched credit's notice in a savepoint; a refusal at the row lock (the notice cancelled
 * meanwhile) leaves the other credits and is answered as the credit's note.
 */
async function settleCredit(
  ctx: HallContext,
  db: Db,
  now: Date,
  operator: string,
  credit: CreditRow,
  payable: PayableApplication,
  p: PaymentFields,
): Promise<string | null> {
  try {
    await db.transaction(async (sp) => {
      const { paymentId } = await settlePayment(ctx, sp, now, operator, payable, { ...p, source: '银行到账核对：' });
      await repo.markCredits(sp, [credit.id], {
        state: 'matched',
        reason: null,
        applicationId: payable.id,
        paymentId,
        resolvedBy: operator,
        resolvedAt: now,
      });
      await arrivedMail(ctx, sp, now, payable, p);
    });
    return null;
  } catch (error) {
    if (error instanceof HallError) return error.message;
    throw error;
  }
}

/** The unit's mail that its transfer arrived and confirmed its notice (the coverage mail tells its workers). */
function arrivedMail(ctx: HallContext, db: Db, now: Date, found: PayableApplication, p: { amountFen: number; paidOn: string }) {
  const no = applicationNo(found.year, found.id);
  return deliverMail(
    db,
    { kind: 'unit', key: found.uact },
    {
      title: '缴费已到账',
      content: `您单位 ${p.paidOn} 转账的 ¥${yuan(p.amountFen)} 已到账，已与缴费通知单 ${no} 核对一致，缴费已确认。职工的互助保障按缴费通知单所列日期生效。`,
      sender: cityUnion(ctx.config.cityName),
    },
    now,
  );
}

/** The application a finance operator names: its id, its number SQ…, or its payment reference. */
async function applicationNamed(db: Db, text: string): Promise<PayableApplication> {
  const t = text.trim();
  const byRef = readReference(t);
  const no = /^SQ(\d{4})(\d+)$/i.exec(t);
  const id = byRef?.applicationId ?? (no ? Number(no[2]) : /^\d{1,10}$/.test(t) ? Number(t) : NaN);
  const year = byRef?.year ?? (no ? Number(no[1]) : undefined);
  const found = Number.isSafeInteger(id) ? await payableApplication(db, id) : undefined;
  if (!found || (year !== undefined && found.year !== year)) throw refuse(`通知单不存在：${t}，请填写申请号或缴费识别码`);
  return found;
}

/** Credits still open (待处理 or 已搁置), locked; a credit already resolved is refused by name. */
async function openCredits(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await repo.creditsForUpdate(db, unique);
  if (rows.length !== unique.length) throw refuse('到账记录不存在，请刷新后重试');
  const closed = rows.find((r) => r.state === 'matched' || r.state === 'refunded');
  if (closed) throw refuse(`流水 ${closed.txnId} 已处理（${closed.state === 'matched' ? '已核对' : '已退款'}），请刷新后核对`);
  return rows;
}

/**
 * 手工核对: one or more open credits (two partial transfers for one notice) confirm the notice's
 * payment when together they are its amount; paid on the latest credit's day.
 */
export async function matchCredits(ctx: HallContext, operator: string, input: { creditIds: number[]; application: string; note?: string }) {
  const now = ctx.clock.now();
  const today = chinaDay(now);
  return ctx.db.transaction(async (db) => {
    const credits = await openCredits(db, input.creditIds);
    const found = await applicationNamed(db, input.application);
    const amountFen = credits.reduce((s, c) => s + c.amountFen, 0);
    const no = applicationNo(found.year, found.id);
    if (amountFen !== found.amountFen)
      throw refuse(
        `所选到账合计 ¥${yuan(amountFen)} 与通知单 ${no} 的应缴金额 ¥${yuan(found.amountFen)} 不一致；多缴或错缴的款项请按退款处理`,
      );
    const paidOn = credits
      .map((c) => c.bookedOn)
      .sort()
      .at(-1) as string;
    const p = { amountFen, paidOn, voucherNo: voucherOf(credits[0]) };
    const refusal = await paymentRefusal(db, found, p, today);
    if (refusal) throw refuse(refusal);
    const { paymentId } = await settlePayment(ctx, db, now, operator, found, { ...p, source: '手工核对到账：' });
    const ids = credits.map((c) => c.id);
    await repo.markCredits(db, ids, {
      state: 'matched',
      applicationId: found.id,
      paymentId,
      resolvedBy: operator,
      resolvedAt: now,
      note: input.note ?? null,
    });
    await arrivedMail(ctx, db, now, found, p);
    await auditOperator(db, now, operator, { command: 'credit-match', creditIds: ids, applicationId: found.id, amountFen });
    return { applicationNo: no, amountFen, credits: ids.length };
  });
}

/** 退款 or 搁置 an open credit, with the operator's reason (a refunded credit is closed). */
export async function closeCredit(ctx: HallContext, operator: string, input: { creditId: number; to: 'refunded' | 'left'; note: string }) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (db) => {
    const [credit] = await openCredits(db, [input.creditId]);
    if (credit.state === input.to) throw refuse(`流水 ${credit.txnId} 已搁置`);
    await repo.markCredits(db, [credit.id], { state: input.to, resolvedBy: operator, resolvedAt: now, note: input.note });
    await auditOperator(db, now, operator, {
      command: input.to === 'refunded' ? 'credit-refund' : 'credit-leave',
      creditId: credit.id,
      reason: input.note,
    });
    return { creditId: credit.id, state: input.to };
  });
}

const PAGE = 50;

/** Credits newest first, 50 a page by keyset on the id (within a state or a statement, on their indexes). */
export async function listCredits(ctx: HallContext, input: { state?: CreditRow['state']; statementId?: number; before?: number }) {
  const rows = await repo.creditPage(ctx.db, { ...input, limit: PAGE + 1 });
  const page = rows.slice(0, PAGE);
  return {
    list: page.map((r) => ({
      id: r.id,
      statementId: r.statementId,
      bank: r.bank,
      txnId: r.txnId,
      bookedOn: r.bookedOn,
      amountFen: r.amountFen,
      payerName: r.payerName,
      payerAccount: r.payerAccount,
      memo: r.memo,
      state: r.state as 'matched' | 'exception' | 'refunded' | 'left',
      reason: r.reason as CreditReason | null,
      application:
        r.applicationId && r.year !== null
          ? {
              id: r.applicationId,
              applicationNo: applicationNo(r.year, r.applicationId),
              paymentRef: paymentReference(r.year, r.applicationId),
              uact: r.uact ?? '',
              empName: r.empName ?? '',
              dueFen: r.dueFen ?? 0,
            }
          : null,
      resolvedBy: r.resolvedBy,
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      note: r.note,
    })),
    next: rows.length > PAGE ? page[page.length - 1].id : null,
  };
}

export async function listStatements(ctx: HallContext) {
  const rows = await repo.statementPage(ctx.db, 100);
  return { list: rows.map((r) => ({ ...r, loadedAt: r.loadedAt.toISOString() })) };
}

export async function bankFormats(ctx: HallContext) {
  const rows = await repo.formatList(ctx.db);
  return { list: rows.map((r) => ({ bank: r.bank, columns: r.columns, updatedBy: r.updatedBy, updatedAt: r.updatedAt.toISOString() })) };
}

/** Saves a bank's headers (blank fields are found by the common headers), audited. */
export async function saveBankFormat(
  ctx: HallContext,
  operator: string,
  input: { bank: string; columns: Record<string, string | undefined> },
) {
  const now = ctx.clock.now();
  const columns = Object.fromEntries(Object.entries(input.columns).filter((e): e is [string, string] => !!e[1]));
  await ctx.db.transaction(async (db) => {
    await repo.saveFormat(db, { bank: input.bank, columns, updatedBy: operator, updatedAt: now });
    await auditOperator(db, now, operator, { command: 'bank-format-save', bank: input.bank, columns });
  });
  return null;
}

/**
 * What arrived by bank for these applications, for the unit's /payment: each credit with its day,
 * amount and state (matched, waiting for the union's check, refunded).
 */
export async function arrivalsOf(db: Db, applicationIds: number[]) {
  const rows = await repo.arrivalsOf(db, applicationIds);
  const out = new Map<number, { id: number; bookedOn: string; amountFen: number; state: 'matched' | 'waiting' | 'refunded' }[]>();
  for (const r of rows) {
    if (r.applicationId === null) continue;
    const state = r.state === 'matched' ? 'matched' : r.state === 'refunded' ? 'refunded' : 'waiting';
    out.set(r.applicationId, [...(out.get(r.applicationId) ?? []), { id: r.id, bookedOn: r.bookedOn, amountFen: r.amountFen, state }]);
  }
  return out;
}
