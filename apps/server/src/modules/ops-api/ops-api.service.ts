import {
  cityUnion,
  type MessageSendFields,
  type PaymentConfirmFields,
  type PeriodFields,
  type ProductFields,
  REGISTRATION_STATUS_LABELS,
  type RegistrationStatus,
  type payableListFields,
  type waitingListFields,
} from '@hall/shared';
import type { z } from 'zod';
import { refuse } from '../../lib/hall-error';
import { maskPhone } from '../../lib/mask';
import { spooled, type Upload } from '../../lib/upload';
import type { HallContext, OperatorCaller } from '../../types';
import { loginOperator } from '../auth/login.service';
import { closeSession, refresh, type LoginMeta } from '../auth/session.service';
import * as notices from '../notices/notices.service';
import * as messages from '../operator/message.service';
import * as payments from '../operator/payment.service';
import * as periods from '../operator/periods.service';
import * as registry from '../operator/registry.service';
import * as waiting from '../operator/waiting.service';
import * as review from '../registration/review.service';

/**
 * The operator HTTP API over the services the `ops` CLI uses: a web back office can come later
 * without new rules. Every change is made in the operator's name (accounts.operator_name, unique
 * among operators), which decisions record, as the CLI does for the account it acts as; audit rows
 * carry the operator's login, the name beside it (lib/audit.ts asOperator, entered by plugins/auth.ts).
 */

// --- the operator's session ---

export const opsLogin = (ctx: HallContext, input: Parameters<typeof loginOperator>[1], meta: LoginMeta) => loginOperator(ctx, input, meta);

export const opsLogout = (ctx: HallContext, op: OperatorCaller, ip?: string) =>
  closeSession(ctx, { sessionId: op.sessionId, loginType: 'operator', loginName: op.loginName }, ip);

/** Renews an operator session only; a portal refresh token is refused here (and an operator's on the portal's call). */
export const opsRefresh = (ctx: HallContext, refreshToken: string | undefined, meta: LoginMeta) =>
  refresh(ctx, refreshToken, meta, 'operator');

export const whoAmI = (op: OperatorCaller) => ({ loginName: op.loginName, name: op.name });

// --- unit registrations (modules/registration/review.service) ---

export async function registrationList(ctx: HallContext, status?: RegistrationStatus) {
  const rows = await review.listRegistrations(ctx, status);
  return {
    list: rows.map((r) => ({
      uact: r.uact,
      empName: r.empName,
      uscc: r.uscc ?? '',
      kind: r.kind as 'unit' | 'bidding',
      status: r.status as RegistrationStatus,
      statusLabel: REGISTRATION_STATUS_LABELS[r.status as RegistrationStatus],
      parentName: r.parentName ?? cityUnion(ctx.config.cityName),
      phone: maskPhone(r.phone),
      reason: r.reason,
      submittedAt: r.submittedAt.toISOString(),
      decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    })),
  };
}

export async function approveRegistration(ctx: HallContext, op: OperatorCaller, uact: string) {
  const done = await review.approveRegistration(ctx, op.name, uact);
  return { uact: done.uact };
}

export async function rejectRegistration(ctx: HallContext, op: OperatorCaller, uact: string, reason: string) {
  const done = await review.rejectRegistration(ctx, op.name, uact, reason);
  return { uact: done.uact };
}

// --- notices and policy documents (modules/notices/notices.service) ---

export async function noticeList(ctx: HallContext) {
  const rows = await notices.listNotices(ctx);
  return {
    list: rows.map((n) => ({
      id: String(n.id),
      kind: n.kind as 'notice' | 'policy',
      title: n.title,
      status: n.status as 'draft' | 'published' | 'withdrawn',
      publisher: n.publisher,
      publishedAt: n.publishedAt ? n.publishedAt.toISOString() : null,
      attachmentCount: n.attachmentIds.length,
    })),
  };
}

/** Text only: attachments come with an upload call of the operator API (not built yet). */
export async function publishNotice(
  ctx: HallContext,
  op: OperatorCaller,
  input: { kind: 'notice' | 'policy'; title: string; content: string; publisher?: string; draft?: boolean },
) {
  const created = await notices.publishNotice(ctx, op.name, {
    kind: input.kind,
    title: input.title,
    content: input.content,
    publisher: input.publisher,
    publish: input.draft !== true,
  });
  return { id: String(created.id) };
}

export const editNotice = (ctx: HallContext, op: OperatorCaller, id: number, change: { title?: string; content?: string }) =>
  notices.editNotice(ctx, op.name, id, change);

export const withdrawNotice = (ctx: HallContext, op: OperatorCaller, id: number) => notices.withdrawNotice(ctx, op.name, id);

// --- in-site messages (modules/operator/message.service, as the CLI's message-send) ---

/** A message from the city union to one unit (by its account) or person (by ID number). */
export const sendMessage = (ctx: HallContext, op: OperatorCaller, input: MessageSendFields) => messages.sendMessage(ctx, op.name, input);

// --- periods and products (modules/operator/periods.service) ---

export const periodList = async (ctx: HallContext) => ({ list: await periods.listPeriods(ctx) });

export const createPeriod = (ctx: HallContext, op: OperatorCaller, input: PeriodFields) => periods.createPeriod(ctx, op.name, input);

export const editPeriod = (ctx: HallContext, op: OperatorCaller, input: PeriodFields) => periods.editPeriod(ctx, op.name, input);

export const createProduct = (ctx: HallContext, op: OperatorCaller, input: ProductFields) => periods.createProduct(ctx, op.name, input);

export const editProduct = (ctx: HallContext, op: OperatorCaller, input: ProductFields) => periods.editProduct(ctx, op.name, input);

// --- the bureau's insured registry (modules/operator/registry.service) ---

/** Loads the registry file once it has arrived whole (lib/upload spooled: a transaction never waits on the network). */
export async function loadRegistry(ctx: HallContext, op: OperatorCaller, file: Upload) {
  const fileName = (file.fileName.split(/[\\/]/).pop() ?? '').slice(-200);
  return spooled(file, (input) => registry.loadRegistry(ctx, op.name, { fileName, input }));
}

// --- payments and what waits (modules/operator/payment.service, waiting.service) ---

export const confirmPayment = (ctx: HallContext, op: OperatorCaller, input: PaymentConfirmFields) =>
  payments.confirmPayment(ctx, op.name, input);

export const payableList = (ctx: HallContext, op: OperatorCaller, input: z.input<typeof payableListFields>) =>
  waiting.listPayables(ctx, op.name, input);

/** What waits, with dates as ISO strings and a registration's union named (the city union's for a bidding unit). */
export async function waitingList(ctx: HallContext, op: OperatorCaller, input: z.input<typeof waitingListFields>) {
  const w = await waiting.listWaiting(ctx, op.name, input);
  return {
    ...w,
    registrations: w.registrations.map((r) => ({
      uact: r.uact,
      empName: r.empName,
      kind: r.kind as 'unit' | 'bidding',
      parentName: r.parentName ?? cityUnion(ctx.config.cityName),
      submittedAt: r.submittedAt.toISOString(),
    })),
    reviews: w.reviews.map((r) => ({ ...r, submittedAt: r.submittedAt ? r.submittedAt.toISOString() : null })),
  };
}
