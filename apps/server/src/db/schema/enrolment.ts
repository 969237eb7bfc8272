/**
 * Tables of mutual-aid enrolment (DESIGN.md §6, docs/decisions.md "Enrolment and payment"): periods and their
 * products, the insurance bureau's registry, staff, applications with their lines and history,
 * payments and the coverages they create, and the staging of imports.
 * Money is integer fen (分). Double cover is impossible by constraint: a person holds one live
 * application line and one coverage per period and product, whichever unit declared it.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bankAccount, day, fen, keyRef, oneOf, ref, stateChange, ts } from './columns';
import { accounts, persons, units } from './platform';

/**
 * Mutual-aid period (互助期): a calendar year. Whether it is closed, in force or open for
 * enrolment follows from its dates and today (never a stored flag that could disagree).
 */
export const periods = pgTable(
  'periods',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    name: text('name').notNull(),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    enrolStart: day('enrol_start').notNull(),
    enrolEnd: day('enrol_end').notNull(),
    payDeadline: day('pay_deadline').notNull(),
    /** Days between payment and cover for a new joiner; none for a member continuing without a gap. */
    waitingDays: integer('waiting_days').notNull().default(90),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('periods_year_key').on(t.year),
    check('periods_dates_check', sql`${t.startDate} <= ${t.endDate} AND ${t.enrolStart} <= ${t.enrolEnd}`),
    check('periods_waiting_days_check', sql`${t.waitingDays} BETWEEN 0 AND 365`),
  ],
);

/**
 * A product of a period: rate per share per year (fen), shares a member may take, who may join,
 * and the benefit rule the treatment calculation reads (issue 9): deductible, bands, yearly cap.
 */
export const products = pgTable(
  'products',
  {
    periodId: ref('period_id', () => periods.id, 'cascade'),
    code: text('code').notNull(),
    name: text('name').notNull(),
    rateFen: integer('rate_fen').notNull(),
    maxShares: smallint('max_shares').notNull().default(1),
    /** all: every staff member; female: women only. */
    eligibility: text('eligibility').notNull().default('all'),
    /** { deductibleFen, capFen, bands: [{ uptoFen | null, ratioPct }] } (shared/enrolment BenefitRule). */
    benefitRule: jsonb('benefit_rule').notNull().default(sql`'{}'::jsonb`),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.periodId, t.code] }),
    check('products_rate_check', sql`${t.rateFen} >= 0`),
    check('products_max_shares_check', sql`${t.maxShares} BETWEEN 1 AND 10`),
    check('products_eligibility_check', oneOf(t.eligibility, ['all', 'female'])),
    check('products_code_check', sql`${t.code} ~ '^[0-9A-Z]{2,8}$'`),
  ],
);

/** A row's (period_id, product_code) naming its product, refused while rows hold it. */
export const productKey = (name: string, t: { periodId: AnyPgColumn; productCode: AnyPgColumn }) =>
  foreignKey({ name, columns: [t.periodId, t.productCode], foreignColumns: [products.periodId, products.code] }).onDelete('restrict');

/** One load of the insurance bureau's registry file. */
export const registryLoads = pgTable('registry_loads', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull(),
  operator: text('operator').notNull(),
  rows: integer('rows').notNull(),
  added: integer('added').notNull(),
  changed: integer('changed').notNull(),
  loadedAt: ts('loaded_at').notNull(),
});

/**
 * The bureau's registry (参保登记): units by credit code, people by ID number. Loading the same
 * file again changes nothing; units.insured and persons.insured follow it.
 */
export const insuredRegistry = pgTable(
  'insured_registry',
  {
    kind: text('kind').notNull(),
    /** uscc (unit) or ID number (person). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull(),
    since: day('since'),
    loadId: ref('load_id', () => registryLoads.id, 'restrict'),
  },
  (t) => [primaryKey({ columns: [t.kind, t.code] }), check('insured_registry_kind_check', oneOf(t.kind, ['unit', 'person']))],
);

/**
 * Staff of a unit (互助人员): a person employed by one unit at a time (at most one open row per
 * person), with the unit's own contact phone (never the registry's) and joining/leaving dates.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** References checked per statement (set-based-references.ts): a roster import writes 460,000 rows. */
    unitId: integer('unit_id').notNull(),
    personId: integer('person_id').notNull(),
    /** 1 在职, 2 退休, 3 劳模, 4 困难职工 (dictionary PSN_TYPE). */
    psnType: text('psn_type').notNull().default('1'),
    phone: text('phone'),
    joinedOn: day('joined_on').notNull(),
    /** 减员: the day the person left; coverage already paid for runs to the period's end. */
    leftOn: day('left_on'),
    leaveReason: text('leave_reason'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('staff_unit_person_key').on(t.unitId, t.personId),
    uniqueIndex('staff_open_person_key').on(t.personId).where(sql`${t.leftOn} IS NULL`),
    /** The roster list: a unit's staff by id (keyset), current ones apart. */
    index('staff_unit_list_idx').on(t.unitId, t.id),
    check('staff_psn_type_check', oneOf(t.psnType, ['1', '2', '3', '4'])),
    check('staff_dates_check', sql`${t.leftOn} IS NULL OR ${t.leftOn} >= ${t.joinedOn}`),
  ],
);

/** States of an application as stored ('effective' is shown for 'paid' once the period has begun). */
export const APPLICATION_STATES = ['draft', 'submitted', 'returned', 'unpaid', 'paid', 'cancelled'] as const;

/** 互助申请: a unit declares staff × products × shares for a period (新参 new, 增员 supplementary). */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    unitId: ref('unit_id', () => units.id, 'restrict'),
    periodId: ref('period_id', () => periods.id, 'restrict'),
    kind: text('kind').notNull(),
    state: text('state').notNull(),
    /** Level-2 enterprise of a 92 union: the union reviews it (fixed when the application is made). */
    reviewUnitId: integer('review_unit_id').references(() => units.id, { onDelete: 'restrict' }),
    headcount: integer('headcount').notNull().default(0),
    amountFen: fen('amount_fen').notNull().default(0),
    note: text('note'),
    /** The last return reason (退回) or cancel note, shown to the unit. */
    reason: text('reason'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    submittedAt: ts('submitted_at'),
    reviewedAt: ts('reviewed_at'),
    paidAt: ts('paid_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('applications_unit_idx').on(t.unitId, t.periodId, t.id),
    index('applications_review_idx').on(t.reviewUnitId, t.state, t.id),
    index('applications_state_idx').on(t.state, t.periodId),
    /** The dashboard's 今日新增申请 (submitted since China midnight). */
    index('applications_submitted_idx').on(t.submittedAt),
    check('applications_kind_check', oneOf(t.kind, ['new', 'add'])),
    check('applications_state_check', oneOf(t.state, APPLICATION_STATES)),
    check('applications_amount_check', sql`${t.amountFen} >= 0 AND ${t.headcount} >= 0`),
  ],
);

/**
 * One person × product of an application. `live` is false once the application is cancelled or
 * the line removed; a person has at most one live line per period and product (any unit).
 */
export const applicationLines = pgTable(
  'application_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: ref('application_id', () => applications.id, 'cascade'),
    periodId: integer('period_id').notNull(),
    productCode: text('product_code').notNull(),
    personId: ref('person_id', () => persons.id, 'restrict'),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    shares: smallint('shares').notNull(),
    amountFen: integer('amount_fen').notNull(),
    live: boolean('live').notNull().default(true),
  },
  (t) => [
    productKey('application_lines_product_fk', t),
    index('application_lines_application_idx').on(t.applicationId, t.id),
    uniqueIndex('application_lines_once_key').on(t.applicationId, t.personId, t.productCode),
    uniqueIndex('application_lines_live_key').on(t.periodId, t.personId, t.productCode).where(sql`${t.live}`),
    check('application_lines_shares_check', sql`${t.shares} BETWEEN 1 AND 10`),
    check('application_lines_amount_check', sql`${t.amountFen} >= 0`),
  ],
);

/** The state history of an application: who, when, from, to, note. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: ref('application_id', () => applications.id, 'cascade'),
    ...stateChange(),
  },
  (t) => [
    index('application_events_application_idx').on(t.applicationId, t.id),
    check('application_events_actor_check', oneOf(t.actorKind, ['unit', 'union', 'operator', 'system'])),
  ],
);

/** The payment of an application, confirmed by the operator from the bank's voucher. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    applicationId: ref('application_id', () => applications.id, 'restrict'),
    amountFen: fen('amount_fen').notNull(),
    paidOn: day('paid_on').notNull(),
    voucherNo: text('voucher_no').notNull(),
    operator: text('operator').notNull(),
    /** Above the second-check amount: the operator who entered it first (another confirmed it). */
    enteredBy: text('entered_by'),
    confirmedAt: ts('confirmed_at').notNull(),
  },
  (t) => [
    uniqueIndex('payments_application_key').on(t.applicationId),
    uniqueIndex('payments_voucher_key').on(t.voucherNo),
    /** The dashboard's 今日到账 (confirmed since China midnight). */
    index('payments_confirmed_idx').on(t.confirmedAt),
    check('payments_amount_check', sql`${t.amountFen} > 0`),
  ],
);

/**
 * A payment above the second-check amount (HALL_PAYMENT_SECOND_CHECK_YUAN), entered by one finance
 * operator and waiting for another to enter the same voucher again (docs/decisions.md, "Operator roles").
 */
export const paymentEntries = pgTable(
  'payment_entries',
  {
    applicationId: keyRef('application_id', () => applications.id, 'cascade'),
    amountFen: fen('amount_fen').notNull(),
    paidOn: day('paid_on').notNull(),
    voucherNo: text('voucher_no').notNull(),
    operator: text('operator').notNull(),
    enteredAt: ts('entered_at').notNull(),
  },
  (t) => [check('payment_entries_amount_check', sql`${t.amountFen} > 0`)],
);

/** Cover of a person by a product in a period, from the day it starts; made when payment is confirmed. */
export const coverages = pgTable(
  'coverages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    personId: ref('person_id', () => persons.id, 'restrict'),
    periodId: integer('period_id').notNull(),
    productCode: text('product_code').notNull(),
    shares: smallint('shares').notNull(),
    unitId: ref('unit_id', () => units.id, 'restrict'),
    applicationId: ref('application_id', () => applications.id, 'restrict'),
    lineId: bigint('line_id', { mode: 'number' })
      .notNull()
      .references(() => applicationLines.id, { onDelete: 'restrict' }),
    coveredFrom: day('covered_from').notNull(),
    /** Continuing from the previous period without a gap: no waiting period. */
    continuing: boolean('continuing').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    productKey('coverages_product_fk', t),
    uniqueIndex('coverages_once_key').on(t.personId, t.periodId, t.productCode),
    uniqueIndex('coverages_line_key').on(t.lineId),
    index('coverages_unit_idx').on(t.unitId, t.periodId),
  ],
);

/**
 * A staged import waiting for the clerk's confirmation (lib/staged-import.ts: a roster, an
 * application's lines, a union's subordinate units, the bureau's registry and settlement files):
 * the rows are checked and staged here; confirming writes the valid ones; nothing else is written
 * before. Its owner is either a unit (`unit_id`: the importing unit; for 'org', the union) or an
 * operator account (`operator_id`: the bureau's files, loaded in the back office), never both.
 */
export const importBatches = pgTable(
  'import_batches',
  {
    id: uuid('id').primaryKey(),
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id').references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    periodId: integer('period_id').references(() => periods.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    total: integer('total').notNull(),
    valid: integer('valid').notNull(),
    state: text('state').notNull().default('preview'),
    /** The application the confirmed rows went to. */
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('import_batches_unit_idx').on(t.unitId, t.createdAt),
    index('import_batches_expires_idx').on(t.expiresAt),
    check('import_batches_kind_check', oneOf(t.kind, ['roster', 'apply', 'org', 'registry', 'settlement', 'statement'])),
    check('import_batches_owner_check', sql`num_nonnulls(${t.unitId}, ${t.operatorId}) = 1`),
    check('import_batches_state_check', oneOf(t.state, ['preview', 'confirmed', 'discarded'])),
  ],
);

export const importRows = pgTable(
  'import_rows',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
    certNo: text('cert_no').notNull(),
    name: text('name').notNull(),
    psnType: text('psn_type'),
    phone: text('phone'),
    joinedOn: day('joined_on'),
    productCode: text('product_code'),
    shares: smallint('shares'),
    /** Roster rows: the bank details the clerk gave. */
    ...bankAccount(),
    /**
     * What a kind stages beyond the typed columns (org: account, contact, address), as jsonb: the
     * small imports only; the roster's 460,000 rows stay in typed columns (COPY, set-based checks).
     */
    extra: jsonb('extra'),
    /** Why the row cannot be written (null: valid). */
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.rowNo] })],
);
