/**
 * Tables of the public area (issue 4): files, notices and policies, registrations, unit and agent
 * details, verification codes and the message outbox.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts, day, oneOf, ref, keyRef } from './columns';
import { accounts, persons, units } from './platform';

/** File metadata; the bytes sit in the file store (lib/storage.ts) under the same id. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    /** unit (uact) | personal (certNo) | operator (name) | anonymous (uploader's IP, until claimed) */
    ownerKind: text('owner_kind').notNull(),
    ownerKey: text('owner_key').notNull(),
    /** public: anyone may download (notice attachments); private: the owner and its parent union. */
    visibility: text('visibility').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerKind, t.ownerKey, t.createdAt),
    /** The key is no foreign key: it names a unit, a person, an operator or an IP (docs/decisions.md, "File owners are not foreign keys"). */
    check('files_owner_kind_check', oneOf(t.ownerKind, ['unit', 'personal', 'operator', 'anonymous'])),
    check('files_owner_key_check', sql`${t.ownerKey} <> ''`),
    check('files_visibility_check', oneOf(t.visibility, ['public', 'private'])),
    check('files_size_check', sql`${t.size} >= 0`),
  ],
);

/** Raw bytes (node-postgres reads a Buffer, PGlite a Uint8Array; both take either). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * File bytes kept in the database (HALL_FILE_STORE=db, lib/db-file-store.ts): a file is its parts
 * in order, each at most 256 KB, under the id of its `files` row. No foreign key: the bytes are
 * written before the row that names them, and a streamed file's parts are staged under an id of
 * their own until it is whole (docs/decisions.md, "Files in the database as chunked bytea").
 */
export const fileBlobs = pgTable(
  'file_blobs',
  {
    fileId: uuid('file_id').notNull(),
    part: integer('part').notNull(),
    bytes: bytea('bytes').notNull(),
    /** When a part of an upload still arriving was written (null once published): the sweep of killed uploads reads it. */
    stagedAt: ts('staged_at'),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.part] }),
    check('file_blobs_part_check', sql`${t.part} >= 0`),
    index('file_blobs_staged_idx').on(t.stagedAt).where(sql`${t.stagedAt} IS NOT NULL`),
  ],
);

/** Notices (通知公告) and policy documents (政策文件); content is plain text, never HTML. */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    publisher: text('publisher').notNull(),
    /** draft | published | withdrawn */
    status: text('status').notNull(),
    publishedAt: ts('published_at'),
    attachmentIds: uuid('attachment_ids').array().notNull().default([]),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('notices_list_idx').on(t.kind, t.status, t.publishedAt),
    check('notices_kind_check', oneOf(t.kind, ['notice', 'policy'])),
    check('notices_status_check', oneOf(t.status, ['draft', 'published', 'withdrawn'])),
    check('notices_published_check', sql`${t.status} <> 'published' OR ${t.publishedAt} IS NOT NULL`),
  ],
);

/** A unit's registration and its review; one row per unit (a rejected one may be submitted again). */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    unitId: ref('unit_id', () => units.id, 'cascade'),
    /** unit (insertRegisterInfo, under a parent union) | bidding (publicBidding/register) */
    kind: text('kind').notNull(),
    /** pending | approved | rejected */
    status: text('status').notNull(),
    reason: text('reason'),
    /** The phone the outcome is sent to (the legal representative's mobile). */
    phone: text('phone').notNull(),
    authorizationFileId: uuid('authorization_file_id').references(() => files.id, { onDelete: 'restrict' }),
    submittedAt: ts('submitted_at').notNull(),
    decidedAt: ts('decided_at'),
    decidedBy: text('decided_by'),
  },
  (t) => [
    uniqueIndex('registrations_unit_key').on(t.unitId),
    index('registrations_status_idx').on(t.status, t.submittedAt),
    /** The dashboard's 今日注册申请 over every status. */
    index('registrations_submitted_idx').on(t.submittedAt),
    check('registrations_kind_check', oneOf(t.kind, ['unit', 'bidding'])),
    check('registrations_status_check', oneOf(t.status, ['pending', 'approved', 'rejected'])),
  ],
);

/** What a unit tells about itself beyond the units row: registration and /improveInfo fields. */
export const unitProfiles = pgTable(
  'unit_profiles',
  {
    unitId: keyRef('unit_id', () => units.id, 'cascade'),
    empNo: text('emp_no'),
    bizreglic: text('bizreglic'),
    taxRegNo: text('tax_reg_no'),
    empType: text('emp_type'),
    legentCertType: text('legent_cert_type'),
    legentCertNo: text('legent_cert_no'),
    contactName: text('contact_name'),
    staffCount: integer('staff_count'),
    postalCode: text('postal_code'),
    email: text('email'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [check('unit_profiles_staff_count_check', sql`${t.staffCount} IS NULL OR ${t.staffCount} >= 0`)],
);

/** Agents (经办人) who registered themselves: the certificate's validity and when. */
export const agents = pgTable(
  'agents',
  {
    personId: keyRef('person_id', () => persons.id, 'cascade'),
    certStart: day('cert_start').notNull(),
    /** null: valid without end (长期) */
    certEnd: day('cert_end'),
    registeredAt: ts('registered_at').notNull(),
  },
  (t) => [check('agents_cert_dates_check', sql`${t.certEnd} IS NULL OR ${t.certEnd} >= ${t.certStart}`)],
);

/** A bound, verified e-mail address per account (/bindEmail). */
export const accountEmails = pgTable('account_emails', {
  accountId: keyRef('account_id', () => accounts.id, 'cascade'),
  email: text('email').notNull(),
  boundAt: ts('bound_at').notNull(),
});

/** SMS and e-mail codes: only a keyed hash is kept; single use, 5 minutes, 5 wrong tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** sms | email */
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [
    index('verification_codes_target_idx').on(t.channel, t.target, t.createdAt),
    check('verification_codes_channel_check', oneOf(t.channel, ['sms', 'email'])),
    check('verification_codes_failures_check', sql`${t.failures} >= 0`),
  ],
);

/** Every SMS and e-mail the hall sends, as the default sender records it (`ops sms-outbox`). */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    subject: text('subject'),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull(),
    /** false until a real gateway confirms delivery; the outbox sender never delivers. */
    delivered: boolean('delivered').notNull().default(false),
  },
  (t) => [index('outbox_target_idx').on(t.target, t.id), check('outbox_channel_check', oneOf(t.channel, ['sms', 'email']))],
);
