/**
 * Feature flags (spec §9) and 好差评 (issue 10 item 7, docs-flags.md): the operator's settings of
 * the flags (a flag without a row has its default) and the ratings of finished services.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, oneOf } from './columns';
import { claims } from './benefits';
import { applications } from './enrolment';
import { persons, units } from './platform';

/** The tables of this file (db/integrity-features.test.ts checks their constraints). */
export const FEATURE_TABLES = ['feature_flags', 'evaluations'];

/** A flag the operator set (on or off); absent: the default of spec §9. */
export const featureFlags = pgTable(
  'feature_flags',
  {
    name: text('name').primaryKey(),
    enabled: boolean('enabled').notNull(),
    updatedAt: ts('updated_at').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [check('feature_flags_name_check', oneOf(t.name, ['batch', 'archives', 'evaluation']))],
);

/**
 * 好差评: one rating per finished service, by the party that received it: a paid application
 * (已缴费/已生效) by its unit, a paid claim (已发放) by the person. Never changed afterwards.
 */
export const evaluations = pgTable(
  'evaluations',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'restrict' }),
    claimId: integer('claim_id').references(() => claims.id, { onDelete: 'restrict' }),
    /** Who rated: the unit (applications) or the person (claims). */
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'restrict' }),
    personId: integer('person_id').references(() => persons.id, { onDelete: 'restrict' }),
    /** 5 非常满意, 4 满意, 3 基本满意, 2 不满意, 1 非常不满意. */
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    /** Required for 不满意 and 非常不满意. */
    reason: text('reason'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('evaluations_application_key').on(t.applicationId).where(sql`${t.applicationId} IS NOT NULL`),
    uniqueIndex('evaluations_claim_key').on(t.claimId).where(sql`${t.claimId} IS NOT NULL`),
    index('evaluations_created_idx').on(t.createdAt, t.id),
    check('evaluations_kind_check', oneOf(t.kind, ['application', 'claim'])),
    check(
      'evaluations_target_check',
      sql`(${t.kind} = 'application' AND ${t.applicationId} IS NOT NULL AND ${t.claimId} IS NULL AND ${t.unitId} IS NOT NULL AND ${t.personId} IS NULL)
        OR (${t.kind} = 'claim' AND ${t.claimId} IS NOT NULL AND ${t.applicationId} IS NULL AND ${t.personId} IS NOT NULL AND ${t.unitId} IS NULL)`,
    ),
    check('evaluations_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check('evaluations_reason_check', sql`${t.rating} > 2 OR coalesce(btrim(${t.reason}), '') <> ''`),
    check('evaluations_text_check', sql`coalesce(char_length(${t.comment}), 0) <= 500 AND coalesce(char_length(${t.reason}), 0) <= 500`),
  ],
);
