/**
 * Tables of the platform (accounts, sessions, mail…). drizzle-kit turns these files into the versioned SQL under migrations/
 * (`npm run db:generate -w apps/server`); the server applies them at start.
 * Timestamps are written from the application clock (lib/clock.ts) so tests can move time.
 * Every reference is a foreign key: rows that are part of their parent go with it (cascade); a
 * parent that logins or review history depend on cannot be deleted while they exist (restrict).
 * Fixed codes and states have CHECK constraints (docs/decisions.md, "Codes and states are CHECKed").
 */
import { sql } from 'drizzle-orm';
import { OPERATOR_ROLES } from '@hall/shared';
import {
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
import { bankAccount, day, oneOf, ref, ts } from './columns';

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
    /** The legal representative's mobile, given at registration (the review outcome goes there). */
    legalMobile: text('legal_mobile'),
    /** The unit's contact phone (/improveInfo contactTel, beside unit_profiles.contact_name); may be a landline. */
    contactTel: text('contact_tel'),
    address: text('address'),
    infoComplete: boolean('info_complete').notNull().default(true),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('units_uact_key').on(t.uact),
    // A union's units in the order they were added (the portal's 企业单位管理, the console's tree): no sort.
    index('units_parent_idx').on(t.parentId, t.id),
    // The city's unions, a few hundred of its 50,000 units (the console's tree of unions).
    index('units_union_idx').on(t.id).where(sql`${t.level} = 1`),
    foreignKey({ name: 'units_parent_id_fk', columns: [t.parentId], foreignColumns: [t.id] }).onDelete('restrict'),
    check('units_level_check', sql`${t.level} IN (1, 2)`),
    check('units_uni_type_check', sql`${t.uniType} IS NULL OR (${t.level} = 1 AND ${oneOf(t.uniType, ['92', '93', '99'])})`),
    check('units_parent_check', sql`${t.parentId} IS NULL OR (${t.level} = 2 AND ${t.parentId} <> ${t.id})`),
    check('units_auth_state_check', sql`${t.authState} IS NULL OR ${oneOf(t.authState, ['1', '2'])}`),
    check('units_notify_state_check', sql`${t.notifyState} IS NULL OR ${oneOf(t.notifyState, ['0', '1', '2', '3'])}`),
    check('units_region_code_check', sql`${t.regionCode} IS NULL OR ${t.regionCode} ~ '^[0-9]{6}$'`),
  ],
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
    birthDate: day('birth_date'),
    /**
     * The phone the registry holds (agent registration proven it, or the bureau's file): the one
     * codes for binding a login go to. A unit's roster never writes it (staff.phone is the unit's).
     */
    phone: text('phone'),
    /** Kept in step with insured_registry by the registry load (the needInsured check reads it). */
    insured: boolean('insured').notNull().default(false),
    /** Where benefits are paid (issue 9); declared by the employing unit or the person. */
    ...bankAccount(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('persons_cert_key').on(t.certType, t.certNo),
    // The back office finds a person by the whole name (modules/search).
    index('persons_name_idx').on(t.name),
    check('persons_gender_check', sql`${t.gender} IS NULL OR ${oneOf(t.gender, ['1', '2'])}`),
  ],
);

/**
 * Login accounts: unit (login_name = uact), personal (the ID number) and the city union's operators
 * (back office; login_name = the operator's own name, display name in operator_name). An
 * operator's sessions, tokens and lockout are the same machinery as the portal's.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    loginType: text('login_type').notNull(),
    loginName: text('login_name').notNull(),
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'restrict' }),
    personId: integer('person_id').references(() => persons.id, { onDelete: 'restrict' }),
    passwordHash: text('password_hash').notNull(),
    /** active | disabled | pending (registration awaiting review) | rejected (registration refused) */
    status: text('status').notNull().default('active'),
    passwordChangedAt: ts('password_changed_at'),
    /** A first password a union gave (issue 10): every call but the password change is refused until it is changed. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Operators only: the name shown in audit rows and on what they confirm (one per operator). */
    operatorName: text('operator_name'),
    /** Operators only: their roles (packages/shared operator-roles.ts); empty on portal accounts. */
    operatorRoles: text('operator_roles').array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('accounts_login_key').on(t.loginType, t.loginName),
    index('accounts_unit_idx').on(t.unitId),
    index('accounts_person_idx').on(t.personId),
    check('accounts_status_check', oneOf(t.status, ['active', 'disabled', 'pending', 'rejected'])),
    // Separation of duties compares operators by name (what the records carry): no two operators share one.
    uniqueIndex('accounts_operator_name_key').on(t.operatorName).where(sql`${t.loginType} = 'operator'`),
    check(
      'accounts_operator_roles_check',
      sql`${t.operatorRoles} <@ ARRAY[${sql.raw(OPERATOR_ROLES.map((r) => `'${r}'`).join(', '))}]::text[] AND (${t.loginType} = 'operator' OR cardinality(${t.operatorRoles}) = 0)`,
    ),
    /** A unit account belongs to a unit, a personal account to a person, never both. */
    check(
      'accounts_owner_check',
      sql`(${t.loginType} = 'unit' AND ${t.unitId} IS NOT NULL AND ${t.personId} IS NULL) OR (${t.loginType} = 'personal' AND ${t.personId} IS NOT NULL AND ${t.unitId} IS NULL) OR (${t.loginType} = 'operator' AND ${t.unitId} IS NULL AND ${t.personId} IS NULL)`,
    ),
  ],
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
  (t) => [
    primaryKey({ columns: [t.loginType, t.loginName] }),
    check('login_guards_login_type_check', oneOf(t.loginType, ['unit', 'personal', 'operator'])),
    check('login_guards_failures_check', sql`${t.failures} >= 0`),
  ],
);

/**
 * Fixed-window hit counters for abuse limits (per IP, per phone, per target): one row per scope,
 * key and window, incremented with one INSERT … ON CONFLICT … RETURNING so parallel requests
 * cannot slip past a limit.
 */
export const rateHits = pgTable(
  'rate_hits',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key, t.windowStart] }),
    index('rate_hits_expires_idx').on(t.expiresAt),
    check('rate_hits_hits_check', sql`${t.hits} >= 0`),
  ],
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
    accountId: ref('account_id', () => accounts.id, 'cascade'),
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
  (t) => [
    index('sessions_account_idx').on(t.accountId, t.revokedAt),
    check('sessions_login_type_check', oneOf(t.loginType, ['unit', 'personal', 'operator'])),
    check('sessions_access_gen_check', sql`${t.accessGen} >= 1`),
    /** A revoked session says why; a live one has no reason. */
    check('sessions_revoke_check', sql`(${t.revokedAt} IS NULL) = (${t.revokeReason} IS NULL)`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
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
  (t) => [
    index('mail_recipient_idx').on(t.recipientKind, t.recipientKey, t.readFlag, t.id),
    check('mail_messages_recipient_kind_check', oneOf(t.recipientKind, ['unit', 'personal'])),
    check('mail_messages_read_flag_check', oneOf(t.readFlag, ['0', '1'])),
  ],
);

/** A column the audit chain's commit trigger fills: an insert sends DEFAULT (types let it leave them out). */
const byChainTrigger = () => sql`default`;

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
    /**
     * The hash chain (docs/decisions.md, "The audit log is a hash chain"): the row's place in the
     * chain, the hash of the row before it and its own hash (SHA-256, hex) over every column in
     * canonical form. A row is inserted unchained (the three null) and chained at its writer's commit
     * under the chain's lock (migration 0038); no committed row is unchained. `npm run ops --
     * audit-verify` walks them.
     */
    chainSeq: bigint('chain_seq', { mode: 'number' }).$defaultFn(byChainTrigger),
    prevHash: text('prev_hash').$defaultFn(byChainTrigger),
    hash: text('hash').$defaultFn(byChainTrigger),
  },
  (t) => [
    uniqueIndex('audit_chain_seq_key').on(t.chainSeq),
    check(
      'audit_log_chain_whole',
      sql`(${t.chainSeq} IS NULL) = (${t.prevHash} IS NULL) AND (${t.chainSeq} IS NULL) = (${t.hash} IS NULL)`,
    ),
    index('audit_actor_idx').on(t.actorKey, t.at),
    /** The back office's log by action or by operator, newest first by id (opsAuditList's keyset). */
    index('audit_action_id_idx').on(t.action, t.id),
    index('audit_actor_id_idx').on(t.actorKey, t.id),
    /** A transfer's or a filing's history: the rows its moves wrote (detail.transfer / detail.filing). */
    index('audit_transfer_idx').on(sql`(${t.detail} ->> 'transfer')`).where(sql`(${t.detail} ->> 'transfer') IS NOT NULL`),
    index('audit_filing_idx').on(sql`(${t.detail} ->> 'filing')`).where(sql`(${t.detail} ->> 'filing') IS NOT NULL`),
    // An account's history in the back office: the operators' actions on it (detail.accountId).
    index('audit_account_idx').on(sql`(${t.detail} ->> 'accountId')`, t.id).where(sql`${t.action} = 'operator'`),
  ],
);
