/**
 * Union information (基层工会信息) and its change requests (issue 10). The record changes only
 * when the operator approves a change; a union has at most one change under review (a partial
 * unique index), and the reviewed ones are its history (工会信息变更记录).
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts, day, oneOf, ref, keyRef } from './columns';
import { accounts, units } from './platform';
import { files } from './public-area';

/** The approved record of a level-1 union: one row per union, written by an approved change only. */
export const unionInfos = pgTable(
  'union_infos',
  {
    unitId: keyRef('unit_id', () => units.id, 'cascade'),
    uniName: text('uni_name'),
    uscc: text('uscc'),
    legalCertNo: text('legal_cert_no'),
    legalCertStart: day('legal_cert_start'),
    legalCertEnd: day('legal_cert_end'),
    legalName: text('legal_name'),
    chairmanName: text('chairman_name'),
    chairmanPhone: text('chairman_phone'),
    chairmanTermStart: day('chairman_term_start'),
    chairmanTermEnd: day('chairman_term_end'),
    foundedOn: day('founded_on'),
    employeeCount: integer('employee_count'),
    femaleCount: integer('female_count'),
    memberCount: integer('member_count'),
    regionCode: text('region_code'),
    address: text('address'),
    postcode: text('postcode'),
    contactName: text('contact_name'),
    /** The contact's phone (a landline or a mobile), as units.contact_tel. */
    contactPhone: text('contact_tel'),
    parentUnion: text('parent_union'),
    bankName: text('bank_name'),
    bankAccountName: text('bank_account_name'),
    bankAccountNo: text('bank_account_no'),
    /** The change that last wrote it. */
    changeId: integer('change_id'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    foreignKey({ name: 'union_infos_change_id_fk', columns: [t.changeId], foreignColumns: [unionInfoChanges.id] }).onDelete('set null'),
    check(
      'union_infos_counts_check',
      sql`${t.employeeCount} IS NULL OR (${t.employeeCount} >= 0 AND ${t.femaleCount} >= 0 AND ${t.memberCount} >= 0)`,
    ),
    check('union_infos_region_code_check', sql`${t.regionCode} IS NULL OR ${t.regionCode} ~ '^[0-9]{6}$'`),
    check('union_infos_bank_account_no_check', sql`${t.bankAccountNo} IS NULL OR ${t.bankAccountNo} ~ '^[0-9]{10,30}$'`),
    check(
      'union_infos_dates_check',
      sql`(${t.legalCertStart} IS NULL OR ${t.legalCertEnd} IS NULL OR ${t.legalCertStart} <= ${t.legalCertEnd}) AND (${t.chairmanTermStart} IS NULL OR ${t.chairmanTermEnd} IS NULL OR ${t.chairmanTermStart} <= ${t.chairmanTermEnd})`,
    ),
  ],
);

/**
 * A change of a union's record: `before` and `after` hold the changed fields only
 * ({field: value}), before as the record was at submission. pending → approved | rejected
 * (the operator) | withdrawn (the union).
 */
export const unionInfoChanges = pgTable(
  'union_info_changes',
  {
    id: serial('id').primaryKey(),
    unitId: ref('unit_id', () => units.id, 'cascade'),
    state: text('state').notNull().default('pending'),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    submittedBy: ref('submitted_by', () => accounts.id, 'restrict'),
    submitter: text('submitter').notNull(),
    submittedAt: ts('submitted_at').notNull(),
    decidedAt: ts('decided_at'),
    reviewer: text('reviewer'),
    reviewNote: text('review_note'),
  },
  (t) => [
    uniqueIndex('union_info_changes_one_pending_key').on(t.unitId).where(sql`${t.state} = 'pending'`),
    index('union_info_changes_unit_idx').on(t.unitId, t.submittedAt),
    check('union_info_changes_state_check', oneOf(t.state, ['pending', 'approved', 'rejected', 'withdrawn'])),
    check('union_info_changes_decided_check', sql`(${t.state} = 'pending') = (${t.decidedAt} IS NULL)`),
    check(
      'union_info_changes_reviewer_check',
      sql`(${t.state} IN ('approved', 'rejected')) = (${t.reviewer} IS NOT NULL) AND (${t.state} <> 'rejected' OR ${t.reviewNote} IS NOT NULL)`,
    ),
    check(
      'union_info_changes_json_check',
      sql`jsonb_typeof(${t.before}) = 'object' AND jsonb_typeof(${t.after}) = 'object' AND ${t.after} <> '{}'::jsonb`,
    ),
  ],
);

/**
 * The documents a change carries (e.g. the 选举批复 a rejection asked for): files the union uploaded
 * (files.service, the same store and limits as a claim's attachments), in the order given. Who may
 * read them: the union, and the city union's operators reviewing the change.
 */
export const unionChangeFiles = pgTable(
  'union_change_files',
  {
    id: serial('id').primaryKey(),
    changeId: ref('change_id', () => unionInfoChanges.id, 'cascade'),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('union_change_files_key').on(t.changeId, t.fileId), index('union_change_files_file_idx').on(t.fileId)],
);

/** The tables of this file: integrity-union.test.ts answers for their constraints. */
export const UNION_TABLES = ['union_infos', 'union_info_changes', 'union_change_files'];
