/**
 * Columns and column groups the tables share, written once (Drizzle's pattern of helpers that
 * return columns, spread into each table): what they generate is the SQL each table wrote out
 * before, so drizzle-kit sees no change.
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, date, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** A timestamp with time zone read as a Date (every table's times). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A calendar day read as 'YYYY-MM-DD'. */
export const day = (name: string) => date(name, { mode: 'string' });

/** Money: integer fen (分). */
export const fen = (name: string) => bigint(name, { mode: 'number' });

/** `CHECK (column IN (...))` for a column of fixed codes (or NULL when the column allows it). */
export const oneOf = (column: { name: string }, values: readonly string[]) =>
  sql.raw(`"${column.name}" IN (${values.map((v) => `'${v}'`).join(', ')})`);

type OnDelete = 'cascade' | 'restrict' | 'set null';

/** A required reference by an integer id: NOT NULL, with what a delete of the row it names does. */
export const ref = (name: string, target: () => AnyPgColumn, onDelete: OnDelete) =>
  integer(name).notNull().references(target, { onDelete });

/** The primary key that is another table's id: a row that extends that row (profiles, records). */
export const keyRef = (name: string, target: () => AnyPgColumn, onDelete: OnDelete) =>
  integer(name).primaryKey().references(target, { onDelete });

/** Where benefits are paid: a bank and a card number (both optional). */
export const bankAccount = () => ({ bankName: text('bank_name'), bankCard: text('bank_card') });

/** A state history row's who, when, from, to and note (after its id and the row it belongs to). */
export const stateChange = () => ({
  at: ts('at').notNull(),
  actorKind: text('actor_kind').notNull(),
  actorName: text('actor_name').notNull(),
  fromState: text('from_state'),
  toState: text('to_state').notNull(),
  note: text('note'),
});
