/**
 * Tables of the platform (accounts, sessions, mail…). drizzle-kit turns these files into the versioned SQL under migrations/
 * (`npm run db:generate -w apps/server`); the server applies them at start.
 * Timestamps are written from the application clock (lib/clock.ts) so tests can move time.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Employer units and unions; uact is the unit's login account. Level 1 = a top-level union. */
export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    uact: text('uact').notNull(),
    empName: text('emp_name').notNull(),
    uscc: text('uscc'),
    level: smallint('level').notNull(),
    /** 92 joint primary union, 93 higher/industry union, 99 independent primary union (level 1 only). */
    uniType: text('uni_type'),
    parentId: integer('parent_id'),
    regionCode: text('region_code'),
    /** Has an active medical-insurance registration (needInsured pages). */
    insured: boolean('insured').notNull().default(false),
    /** Level-2 units of a 93 union: '1' authorized, '2' released. */
    authState: text('auth_state'),
    /** Level-2 enterprises of a 92 union: '0' 未通知, '1' 已通知, '2' 已撤销申报, '3' 已申报. */
    notifyState: text('notify_state'),
    legalName: text('legal_name'),
    contactPhone: text('contact_phone'),
    address: text('address'),
    infoComplete: boolean('info_complete').notNull().default(true),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('units_uact_key').on(t.uact), index('units_parent_idx').on(t.parentId)],
);

/** Natural persons: workers, retirees, agents. */
export const persons = pgTable(
  'persons',
  {
    id: serial('id').primaryKey(),
    certType: text('cert_type').notNull().default('01'),
    certNo: text('cert_no').notNull(),
    name: text('name').notNull(),
    gender: text('gender'),
    birthDate: date('birth_date', { mode: 'string' }),
    phone: text('phone'),
    insured: boolean('insured').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('persons_cert_key').on(t.certType, t.certNo)],
);

/** Staff of a unit (互助人员 come from here). */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id').notNull(),
    personId: integer('person_id').notNull(),
    psnType: text('psn_type').notNull().default('1'),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('staff_unit_person_key').on(t.unitId, t.personId), index('staff_person_idx').on(t.personId)],
);

/** Login accounts of both kinds; login_name is the uact (unit) or the ID number (personal). */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    loginType: text('login_type').notNull(),
    loginName: text('login_name').notNull(),
    unitId: integer('unit_id'),
    personId: integer('person_id'),
    passwordHash: text('password_hash').notNull(),
    /** active | disabled | pending (registration awaiting review) | rejected (registration refused) */
    status: text('status').notNull().default('active'),
    passwordChangedAt: ts('password_changed_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('accounts_login_key').on(t.loginType, t.loginName)],
);

/** Failed-login counter and lock per login name, whether or not the account exists. */
export const loginGuards = pgTable(
  'login_guards',
  {
    loginType: text('login_type').notNull(),
    loginName: text('login_name').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStart: ts('window_start').notNull(),
    lockedUntil: ts('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.loginType, t.loginName] })],
);

export const captchas = pgTable(
  'captchas',
  {
    id: uuid('id').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/** One login = one session = one refresh-token family. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    loginType: text('login_type').notNull(),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    /** Raised at each refresh; an access token of an older generation answers 600016. */
    accessGen: integer('access_gen').notNull().default(1),
    revokedAt: ts('revoked_at'),
    /** logout | superseded | reuse | password | timeout | operator */
    revokeReason: text('revoke_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_account_idx').on(t.accountId, t.revokedAt)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    issuedAt: ts('issued_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const dictEntries = pgTable(
  'dict_entries',
  {
    type: text('type').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.type, t.value] })],
);

/** In-station mail (站内信); recipient is a unit uact or a person's ID number. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipientKind: text('recipient_kind').notNull(),
    recipientKey: text('recipient_key').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    sender: text('sender').notNull(),
    readFlag: text('read_flag').notNull().default('0'),
    createdAt: ts('created_at').notNull(),
    readAt: ts('read_at'),
  },
  (t) => [index('mail_recipient_idx').on(t.recipientKind, t.recipientKey, t.readFlag, t.id)],
);

/** Mutual-aid period (互助期) and its products with the yearly rate per share. */
export const periods = pgTable('periods', {
  id: serial('id').primaryKey(),
  year: integer('year').notNull(),
  name: text('name').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  enrolStart: date('enrol_start', { mode: 'string' }).notNull(),
  enrolEnd: date('enrol_end', { mode: 'string' }).notNull(),
  payDeadline: date('pay_deadline', { mode: 'string' }).notNull(),
  waitingDays: integer('waiting_days').notNull().default(90),
  current: boolean('current').notNull().default(false),
}, (t) => [uniqueIndex('periods_year_key').on(t.year)]);

export const products = pgTable(
  'products',
  {
    periodId: integer('period_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    ratePerShare: numeric('rate_per_share', { precision: 10, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.periodId, t.code] })],
);

/** Append-only audit trail (logins, refusals, imports, exports, unmasking). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    actorKind: text('actor_kind').notNull(),
    actorKey: text('actor_key').notNull(),
    action: text('action').notNull(),
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    ip: text('ip'),
  },
  (t) => [index('audit_actor_idx').on(t.actorKey, t.at)],
);
