/**
 * Tables of the person's services and the transfer pages (issue 10, docs-personal.md P1–P9):
 * coverage transfers between units (关系转出 / 关系转入), the coverages each transfer moved, and
 * 异地就医备案 (out-of-town treatment filings).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, day, oneOf, ref } from './columns';
import { coverages, periods, staff } from './enrolment';
import { accounts, persons, units } from './platform';

/**
 * States of a transfer: receiving 待转入确认 (the old unit filed it), reviewing 待审核 (the new unit
 * received it), done 已完成 (the operator confirmed; coverages moved), returned 已退回 (by the new
 * unit or the operator), cancelled 已撤销 (by the old unit before the new one received it).
 */
const TRANSFER_STATES = ['receiving', 'reviewing', 'done', 'returned', 'cancelled'] as const;

export const coverageTransfers = pgTable(
  'coverage_transfers',
  {
    id: serial('id').primaryKey(),
    personId: ref('person_id', () => persons.id, 'restrict'),
    fromUnitId: ref('from_unit_id', () => units.id, 'restrict'),
    toUnitId: ref('to_unit_id', () => units.id, 'restrict'),
    /** The staff row at the old unit (closed on confirmation) and the one opened at the new unit. */
    fromStaffId: ref('from_staff_id', () => staff.id, 'restrict'),
    toStaffId: integer('to_staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    /** The first day the new unit covers the person (the old unit's last day is the day before). */
    transferDate: day('transfer_date').notNull(),
    periodId: ref('period_id', () => periods.id, 'restrict'),
    state: text('state').notNull(),
    reason: text('reason'),
    /** Why it was returned (退回), shown to both units. */
    returnReason: text('return_reason'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    receivedAt: ts('received_at'),
    decidedAt: ts('decided_at'),
    operator: text('operator'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('coverage_transfers_from_idx').on(t.fromUnitId, t.id),
    index('coverage_transfers_to_idx').on(t.toUnitId, t.state, t.id),
    index('coverage_transfers_state_idx').on(t.state, t.id),
    /** One open transfer per person at a time. */
    uniqueIndex('coverage_transfers_open_key').on(t.personId).where(sql`${t.state} IN ('receiving', 'reviewing')`),
    check('coverage_transfers_state_check', oneOf(t.state, TRANSFER_STATES)),
    check('coverage_transfers_units_check', sql`${t.fromUnitId} <> ${t.toUnitId}`),
  ],
);

/** A coverage a confirmed transfer moved: which unit held it until which day (participation reads it). */
export const coverageTransferLines = pgTable(
  'coverage_transfer_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: ref('transfer_id', () => coverageTransfers.id, 'cascade'),
    coverageId: bigint('coverage_id', { mode: 'number' })
      .notNull()
      .references(() => coverages.id, { onDelete: 'restrict' }),
    fromUnitId: ref('from_unit_id', () => units.id, 'restrict'),
    /** The old unit's last day of this cover. */
    untilDate: day('until_date').notNull(),
  },
  (t) => [
    uniqueIndex('coverage_transfer_lines_once_key').on(t.transferId, t.coverageId),
    index('coverage_transfer_lines_unit_idx').on(t.fromUnitId, t.coverageId),
    // A person's coverages to the units they were moved from (the participation figures' recount).
    index('coverage_transfer_lines_coverage_idx').on(t.coverageId, t.fromUnitId),
  ],
);

/** States of an out-of-town filing: submitted 已提交, filed 已备案 (operator confirmed), returned 已退回. */
const PLACE_FILING_STATES = ['submitted', 'filed', 'returned'] as const;

/** 异地就医备案: where (region code), which hospital, from/to, why; filed by a unit for its staff or by the worker. */
export const placeFilings = pgTable(
  'place_filings',
  {
    id: serial('id').primaryKey(),
    personId: ref('person_id', () => persons.id, 'restrict'),
    /** The unit that covers the person when filed (it and the person see the filing). */
    unitId: ref('unit_id', () => units.id, 'restrict'),
    filedBy: text('filed_by').notNull(),
    regionCode: text('region_code').notNull(),
    regionName: text('region_name').notNull(),
    hospitalName: text('hospital_name').notNull(),
    fromDate: day('from_date').notNull(),
    toDate: day('to_date').notNull(),
    reason: text('reason').notNull(),
    state: text('state').notNull(),
    returnReason: text('return_reason'),
    operator: text('operator'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('place_filings_unit_idx').on(t.unitId, t.id),
    index('place_filings_person_idx').on(t.personId, t.id),
    index('place_filings_state_idx').on(t.state, t.id),
    check('place_filings_state_check', oneOf(t.state, PLACE_FILING_STATES)),
    check('place_filings_filed_by_check', oneOf(t.filedBy, ['unit', 'personal'])),
    check('place_filings_dates_check', sql`${t.fromDate} <= ${t.toDate}`),
    check('place_filings_region_check', sql`${t.regionCode} ~ '^[0-9]{6}$'`),
  ],
);

/** The tables of this file: integrity-personal.test.ts answers for their constraints. */
export const PERSONAL_TABLES = ['coverage_transfers', 'coverage_transfer_lines', 'place_filings'];
