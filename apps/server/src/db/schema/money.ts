/**
 * The money side (issue 20): bank statements of credits and their reconciliation against the
 * payment notices (缴费通知单). Payments themselves stay in enrolment.ts.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { applications, payments } from './enrolment';
import { day, fen, oneOf, ts } from './columns';

/** One loaded statement file: who loaded it and what it held. */
export const bankStatements = pgTable('bank_statements', {
  id: serial('id').primaryKey(),
  bank: text('bank').notNull(),
  fileName: text('file_name').notNull(),
  loadedBy: text('loaded_by').notNull(),
  loadedAt: ts('loaded_at').notNull(),
  /** Credits new to the hall, matched at once, left as exceptions, and already loaded before. */
  credits: integer('credits').notNull(),
  matched: integer('matched').notNull(),
  exceptions: integer('exceptions').notNull(),
  repeated: integer('repeated').notNull(),
});

export const CREDIT_STATES = ['matched', 'exception', 'refunded', 'left'] as const;

/**
 * A credit of the union's account from a bank statement, once per (bank, transaction id): a second
 * load of the same statement inserts nothing. Matched to one application (the payment it confirmed),
 * or an exception with its kind until a finance operator resolves it.
 */
export const bankCredits = pgTable(
  'bank_credits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'restrict' }),
    bank: text('bank').notNull(),
    txnId: text('txn_id').notNull(),
    bookedOn: day('booked_on').notNull(),
    amountFen: fen('amount_fen').notNull(),
    payerName: text('payer_name').notNull(),
    payerAccount: text('payer_account').notNull(),
    memo: text('memo').notNull(),
    state: text('state').notNull(),
    /** The exception's kind (partial, over, noReference, unknownReference, notPayable, twice, ambiguous). */
    reason: text('reason'),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'restrict' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    resolvedBy: text('resolved_by'),
    resolvedAt: ts('resolved_at'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('bank_credits_txn_key').on(t.bank, t.txnId),
    // The exceptions queue, oldest first; and what a notice received.
    index('bank_credits_state_idx').on(t.state, t.id),
    index('bank_credits_application_idx').on(t.applicationId).where(sql`${t.applicationId} IS NOT NULL`),
    index('bank_credits_statement_idx').on(t.statementId, t.id),
    check('bank_credits_state_check', oneOf(t.state, CREDIT_STATES)),
    check('bank_credits_amount_check', sql`${t.amountFen} > 0`),
    check('bank_credits_matched_check', sql`${t.state} <> 'matched' OR ${t.applicationId} IS NOT NULL`),
  ],
);

/** Where each field stands in a bank's statement export: the header text per field, saved per bank. */
export const bankFormats = pgTable('bank_formats', {
  bank: text('bank').primaryKey(),
  columns: jsonb('columns').$type<Record<string, string>>().notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export type BankCreditRow = typeof bankCredits.$inferSelect;
