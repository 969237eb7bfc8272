/**
 * Tables of benefits (DESIGN.md §6, docs/decisions.md "Claims and treatments", issue 9): the
 * insurance bureau's settlements (医保结算), the treatments (互助待遇) the benefit rule derives from
 * them, subsidy claims (补助申请) with their attachments and history, and the payout batches that pay
 * both. Money is integer fen (分).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bankAccount, day, fen, oneOf, ref, stateChange, ts } from './columns';
import { periods, productKey } from './enrolment';
import { accounts, persons, units } from './platform';
import { files } from './public-area';

/** The tables of this file (db/integrity-benefits.test.ts checks their constraints). */
export const BENEFIT_TABLES = [
  'settlement_loads',
  'settlements',
  'payout_batches',
  'treatments',
  'claims',
  'claim_attachments',
  'claim_events',
  'payouts',
];

/** One load of the bureau's settlement file (counts for the operator's report). */
export const settlementLoads = pgTable('settlement_loads', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull(),
  operator: text('operator').notNull(),
  rowsTotal: integer('rows_total').notNull().default(0),
  rowsNew: integer('rows_new').notNull().default(0),
  rowsReplaced: integer('rows_replaced').notNull().default(0),
  rowsUnchanged: integer('rows_unchanged').notNull().default(0),
  /** Rows of people the hall does not know (not members): not stored. */
  rowsSkipped: integer('rows_skipped').notNull().default(0),
  rowsRejected: integer('rows_rejected').notNull().default(0),
  createdAt: ts('created_at').notNull(),
});

export const SETTLEMENT_KINDS = ['inpatient', 'special_outpatient'] as const;

/**
 * A settlement of the bureau, one row per settlement number: a corrected row replaces it (version
 * + 1), a reversal (冲销) keeps the row with `reversed` set so that the treatments fall to zero.
 * Stored only for people the hall knows. `period_id` is the period of the discharge date.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    settlementNo: text('settlement_no').notNull(),
    personId: integer('person_id').notNull(),
    periodId: integer('period_id'),
    hospitalName: text('hospital_name').notNull(),
    /** 1 一级, 2 二级, 3 三级, 9 未定级. */
    hospitalLevel: text('hospital_level').notNull(),
    kind: text('kind').notNull(),
    admittedOn: day('admitted_on').notNull(),
    dischargedOn: day('discharged_on').notNull(),
    settledOn: day('settled_on').notNull(),
    totalFen: fen('total_fen').notNull(),
    /** 政策范围内费用. */
    policyFen: fen('policy_fen').notNull(),
    /** 统筹基金支付. */
    fundFen: fen('fund_fen').notNull(),
    /** 政策范围内个人自付: what the banded rule counts. */
    selfPolicyFen: fen('self_policy_fen').notNull(),
    /** 政策范围外自费. */
    selfExcludedFen: fen('self_excluded_fen').notNull(),
    diagnosisCode: text('diagnosis_code').notNull(),
    diagnosisName: text('diagnosis_name').notNull(),
    reversed: boolean('reversed').notNull().default(false),
    version: smallint('version').notNull().default(1),
    loadId: integer('load_id'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('settlements_no_key').on(t.settlementNo),
    index('settlements_person_idx').on(t.personId, t.periodId, t.dischargedOn),
    check('settlements_kind_check', oneOf(t.kind, SETTLEMENT_KINDS)),
    check('settlements_level_check', oneOf(t.hospitalLevel, ['1', '2', '3', '9'])),
    check('settlements_dates_check', sql`${t.admittedOn} <= ${t.dischargedOn}`),
    check(
      'settlements_amounts_check',
      sql`${t.totalFen} >= 0 AND ${t.policyFen} >= 0 AND ${t.fundFen} >= 0 AND ${t.selfPolicyFen} >= 0 AND ${t.selfExcludedFen} >= 0`,
    ),
  ],
);

/** A payout batch's states: sent (待银行回执: lines still without the bank's outcome), closed (已完成: every line settled). */
export const PAYOUT_BATCH_STATES = ['sent', 'closed'] as const;
/** A payout line's bank outcome: sent (已提交银行), paid (成功), failed (失败, with the bank's reason). */
export const PAYOUT_OUTCOMES = ['sent', 'paid', 'failed'] as const;

/**
 * Payout batches (发放批次): treatments or claims paid together, confirmed by the operator, then sent
 * to the bank as its batch-payment file (代发文件) and closed once the bank's result settles every line.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: serial('id').primaryKey(),
    batchNo: text('batch_no').notNull(),
    kind: text('kind').notNull(),
    count: integer('count').notNull(),
    totalFen: fen('total_fen').notNull(),
    operator: text('operator').notNull(),
    paidOn: day('paid_on').notNull(),
    state: text('state').notNull().default('sent'),
    /** The bank file's lines (one transfer per person and card) and how many the bank's result settled each way. */
    lines: integer('lines').notNull().default(0),
    paidLines: integer('paid_lines').notNull().default(0),
    failedLines: integer('failed_lines').notNull().default(0),
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('payout_batches_no_key').on(t.batchNo),
    /** The dashboard's 今日发放批次. */
    index('payout_batches_created_idx').on(t.createdAt),
    check('payout_batches_kind_check', oneOf(t.kind, ['treatment', 'claim'])),
    check('payout_batches_state_check', oneOf(t.state, PAYOUT_BATCH_STATES)),
    check(
      'payout_batches_lines_check',
      sql`${t.paidLines} >= 0 AND ${t.failedLines} >= 0 AND ${t.paidLines} + ${t.failedLines} <= ${t.lines}`,
    ),
  ],
);

/** States of a treatment: none (zero, with the reason), pending (待发放: amount ≠ paid), paid (已发放). */
export const TREATMENT_STATES = ['none', 'pending', 'paid'] as const;

/**
 * 互助待遇: one settlement × one banded product of the settlement's period, for a person covered by
 * any product of that period. `amount_fen` is what the rule grants now; `paid_fen` what was paid so
 * far; a correction or reversal that lowers the amount below `paid_fen` leaves a negative balance
 * that the next batch sets off (docs/decisions.md, "Treatments recomputed whole per person-year"). `unit_id` scopes the unit's queries: the unit
 * of the person's coverage in that period. Dates and hospital are copied from the settlement so
 * that the unit's list pages on one index.
 */
export const treatments = pgTable(
  'treatments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    settlementId: bigint('settlement_id', { mode: 'number' }).notNull(),
    personId: integer('person_id').notNull(),
    unitId: integer('unit_id').notNull(),
    periodId: integer('period_id').notNull(),
    productCode: text('product_code').notNull(),
    coverageId: bigint('coverage_id', { mode: 'number' }),
    dischargedOn: day('discharged_on').notNull(),
    hospitalName: text('hospital_name').notNull(),
    /** The self-pay the rule counted for this settlement (after the deductible still left). */
    baseFen: fen('base_fen').notNull().default(0),
    amountFen: fen('amount_fen').notNull().default(0),
    paidFen: fen('paid_fen').notNull().default(0),
    state: text('state').notNull(),
    /** Why the amount is zero or lower than the rule's full figure (等待期内, 已达年度封顶…). */
    reason: text('reason'),
    batchId: integer('batch_id'),
    computedAt: ts('computed_at').notNull(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('treatments_once_key').on(t.settlementId, t.productCode),
    index('treatments_unit_idx').on(t.unitId, t.dischargedOn, t.id),
    // The unit's list filtered by year and state (the portal's usual filters): 8x over walking the unit's rows by date.
    index('treatments_unit_filter_idx').on(t.unitId, t.periodId, t.state, t.dischargedOn, t.id),
    index('treatments_person_idx').on(t.personId, t.dischargedOn, t.id),
    index('treatments_pending_idx').on(t.state, t.id).where(sql`${t.state} = 'pending'`),
    check('treatments_state_check', oneOf(t.state, TREATMENT_STATES)),
    check('treatments_amounts_check', sql`${t.amountFen} >= 0 AND ${t.baseFen} >= 0`),
  ],
);

/**
 * The treatments of a unit summed by period, product and state: what the home page's figures and
 * the totals line of 互助待遇查询 read instead of summing a large unit's treatments on each visit.
 * Kept by statement triggers on treatments (migration 0015, `-- manual:totals`), so every writer
 * (loads, payouts, recomputes, an operator's SQL) keeps it in step; the treatment computation adds
 * the rows its COPY inserts itself, once (migration 0042, settlement/treatment-totals.ts).
 */
export const treatmentTotals = pgTable(
  'treatment_totals',
  {
    unitId: integer('unit_id').notNull(),
    periodId: integer('period_id').notNull(),
    productCode: text('product_code').notNull(),
    state: text('state').notNull(),
    n: integer('n').notNull(),
    /** Treatments with an amount (amount_fen > 0): the home page counts these. */
    withAmount: integer('with_amount').notNull(),
    amountFen: fen('amount_fen').notNull(),
    paidFen: fen('paid_fen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.periodId, t.productCode, t.state] })],
);

/** Subsidy claim types (补助类型); labels and rules in packages/shared/src/benefits. */
export const CLAIM_TYPES = ['major_disease', 'female_disease', 'hospital_allowance', 'hardship', 'manual'] as const;

/**
 * States of a claim: draft 草稿 → (a worker's claim) unit_review 单位审核 → (level-2 unit of a 92
 * union) union_review 工会审核 → city_review 市总审核 → approved 待发放 → paid 已发放; or returned 退回补正
 * (back to the filer) / refused 不予补助.
 */
export const CLAIM_STATES = ['draft', 'unit_review', 'union_review', 'city_review', 'approved', 'paid', 'returned', 'refused'] as const;

/** 补助申请. Filed by the unit (for a covered staff member) or by the worker (for themself). */
export const claims = pgTable(
  'claims',
  {
    id: serial('id').primaryKey(),
    claimNo: text('claim_no').notNull(),
    type: text('type').notNull(),
    state: text('state').notNull(),
    personId: ref('person_id', () => persons.id, 'restrict'),
    /** The unit of the person's coverage: it reviews a worker's claim and sees the claim. */
    unitId: ref('unit_id', () => units.id, 'restrict'),
    /** The 92 union that reviews it (level-2 enterprise), fixed when the claim is made. */
    reviewUnitId: integer('review_unit_id').references(() => units.id, { onDelete: 'restrict' }),
    periodId: ref('period_id', () => periods.id, 'restrict'),
    productCode: text('product_code').notNull(),
    filedBy: text('filed_by').notNull(),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** The stay (住院) the claim is for; none for 困难职工补助. */
    admittedOn: day('admitted_on'),
    dischargedOn: day('discharged_on'),
    hospitalName: text('hospital_name'),
    diagnosisCode: text('diagnosis_code'),
    diagnosisName: text('diagnosis_name'),
    /** 住院天数 (住院生活补助). */
    days: smallint('days'),
    /** 手工报销: the invoices' policy-scope self-pay entered by the filer. */
    invoiceFen: fen('invoice_fen'),
    /** The bureau's settlement of the stay, when there is one. */
    settlementId: bigint('settlement_id', { mode: 'number' }).references(() => settlements.id, { onDelete: 'set null' }),
    /** The rule's amount when submitted; the approved amount once the city union approves. */
    amountFen: fen('amount_fen').notNull().default(0),
    /** Return (退回补正: what to fix) or refusal (不予补助) reason, shown to the filer. */
    reason: text('reason'),
    note: text('note'),
    ...bankAccount(),
    batchId: integer('batch_id').references(() => payoutBatches.id, { onDelete: 'restrict' }),
    createdAt: ts('created_at').notNull(),
    submittedAt: ts('submitted_at'),
    decidedAt: ts('decided_at'),
    paidAt: ts('paid_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    productKey('claims_product_fk', t),
    uniqueIndex('claims_no_key').on(t.claimNo),
    index('claims_unit_idx').on(t.unitId, t.createdAt, t.id),
    index('claims_person_idx').on(t.personId, t.createdAt, t.id),
    index('claims_review_idx').on(t.reviewUnitId, t.state, t.id),
    // The to-do's waiting claims of a unit (退回补正, 待单位审核): counted and dated from the index alone.
    index('claims_unit_state_idx').on(t.unitId, t.state, t.filedBy, t.updatedAt),
    index('claims_state_idx').on(t.state, t.id),
    /** The operator's queue of a state, oldest submitted first (issue 11: its plan sorted every claim of the state). */
    index('claims_state_submitted_idx').on(t.state, t.submittedAt, t.id),
    /** The dashboard's 今日补助申请 over every state (the index above leads with the state). */
    index('claims_submitted_idx').on(t.submittedAt),
    /** One benefit per stay and type: a refused claim does not count. */
    uniqueIndex('claims_stay_key').on(t.personId, t.type, t.admittedOn).where(sql`${t.admittedOn} IS NOT NULL AND ${t.state} <> 'refused'`),
    /** 困难职工补助: once per person and period. */
    uniqueIndex('claims_hardship_key').on(t.personId, t.periodId).where(sql`${t.type} = 'hardship' AND ${t.state} <> 'refused'`),
    check('claims_type_check', oneOf(t.type, CLAIM_TYPES)),
    check('claims_state_check', oneOf(t.state, CLAIM_STATES)),
    check('claims_filed_by_check', oneOf(t.filedBy, ['unit', 'personal'])),
    check('claims_amount_check', sql`${t.amountFen} >= 0 AND coalesce(${t.invoiceFen}, 0) >= 0`),
    check('claims_stay_check', sql`${t.admittedOn} IS NULL OR ${t.dischargedOn} IS NULL OR ${t.admittedOn} <= ${t.dischargedOn}`),
  ],
);

export const ATTACHMENT_KINDS = ['id_card', 'discharge_summary', 'settlement_slip', 'invoice', 'bank_card', 'diagnosis', 'other'] as const;

/** A typed attachment of a claim (a file of the file service); replacing one deletes the row. */
export const claimAttachments = pgTable(
  'claim_attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    claimId: ref('claim_id', () => claims.id, 'cascade'),
    kind: text('kind').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('claim_attachments_claim_idx').on(t.claimId, t.kind),
    uniqueIndex('claim_attachments_file_key').on(t.claimId, t.fileId),
    check('claim_attachments_kind_check', oneOf(t.kind, ATTACHMENT_KINDS)),
  ],
);

/** The state history of a claim: who, when, from, to, note. */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    claimId: ref('claim_id', () => claims.id, 'cascade'),
    ...stateChange(),
  },
  (t) => [
    index('claim_events_claim_idx').on(t.claimId, t.id),
    check('claim_events_actor_check', oneOf(t.actorKind, ['unit', 'personal', 'union', 'operator', 'system'])),
  ],
);

/** One payment to a person's bank card within a batch (a treatment's balance or a claim). */
export const payouts = pgTable(
  'payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: ref('batch_id', () => payoutBatches.id, 'restrict'),
    personId: ref('person_id', () => persons.id, 'restrict'),
    treatmentId: bigint('treatment_id', { mode: 'number' }).references(() => treatments.id, { onDelete: 'restrict' }),
    claimId: integer('claim_id').references(() => claims.id, { onDelete: 'restrict' }),
    /** Negative: a set-off of an amount paid before a correction lowered it. */
    amountFen: fen('amount_fen').notNull(),
    ...bankAccount(),
    /**
     * The bank file's line (附言 <batchNo>-<lineNo>): the rows of one person and card share it, the
     * bank moves their sum; null when that sum is zero (set-offs that cancel: nothing to send).
     */
    lineNo: integer('line_no'),
    outcome: text('outcome').notNull().default('sent'),
    /** The bank's reason for a failed line, shown to the worker and the unit until the next batch pays it. */
    bankReason: text('bank_reason'),
    settledAt: ts('settled_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('payouts_batch_idx').on(t.batchId, t.id),
    /** The bank file's lines in order (the export's keyset) and the result's match by line. */
    index('payouts_line_idx').on(t.batchId, t.lineNo),
    check('payouts_outcome_check', oneOf(t.outcome, PAYOUT_OUTCOMES)),
    index('payouts_person_idx').on(t.personId, t.id),
    check('payouts_target_check', sql`(${t.treatmentId} IS NULL) <> (${t.claimId} IS NULL)`),
  ],
);
