/**
 * Union organisation (issue 10): the import of a union's subordinate units from Excel, staged
 * for the preview (rows with their problems) until the union confirms or discards it, or it
 * expires (an hour).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { oneOf, ts, units } from './platform';

export const orgImportBatches = pgTable(
  'org_import_batches',
  {
    id: uuid('id').primaryKey(),
    unionId: integer('union_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    total: integer('total').notNull().default(0),
    valid: integer('valid').notNull().default(0),
    state: text('state').notNull().default('preview'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('org_import_batches_union_idx').on(t.unionId, t.createdAt),
    index('org_import_batches_expires_idx').on(t.expiresAt),
    check('org_import_batches_state_check', oneOf(t.state, ['preview', 'confirmed', 'discarded'])),
    check('org_import_batches_counts_check', sql`${t.valid} >= 0 AND ${t.valid} <= ${t.total}`),
  ],
);

export const orgImportRows = pgTable(
  'org_import_rows',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => orgImportBatches.id, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
    uact: text('uact').notNull(),
    name: text('name').notNull(),
    uscc: text('uscc').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_mobile').notNull(),
    address: text('address'),
    /** Why the row cannot be imported; null: valid. */
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.rowNo] }), check('org_import_rows_row_no_check', sql`${t.rowNo} > 0`)],
);

/** The tables of this file: db/integrity-org.test.ts answers for their constraints. */
export const ORG_TABLES = ['org_import_batches', 'org_import_rows'];
