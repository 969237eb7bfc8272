import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../db/client';

/**
 * Bulk rows in COPY's text format (a line per row, fields separated by tabs): for the loads that
 * write hundreds of thousands of rows (the settlement file's staging, its treatments). COPY costs
 * the database less than INSERT … SELECT FROM unnest(…) of the same rows (no array to parse per
 * column, rows written in batches), and the line is cheaper to build here than the driver's
 * array parameters.
 */

const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One field: \N for null, booleans as t/f, texts with backslash, tab and line breaks escaped. */
export function copyField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c]) : value;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value);
}

/** A row's line: its fields in order, tab separated, newline ended. */
export function copyLine(fields: ReadonlyArray<string | number | boolean | null | undefined>): string {
  let line = copyField(fields[0]);
  for (let i = 1; i < fields.length; i++) line += `\t${copyField(fields[i])}`;
  return `${line}\n`;
}

interface PgliteLike {
  query(query: string, params?: unknown[], options?: { blob?: Blob }): Promise<unknown>;
}

/**
 * Appends the lines (copyLine) to `target` ("table (column, …)"), in the caller's transaction
 * (`db` must be one: COPY needs the connection it runs on). On PostgreSQL through COPY FROM STDIN
 * (pg-copy-streams); PGlite has no such stream, so there the same text goes through its /dev/blob
 * device.
 */
export async function copyRows(db: Db, target: string, lines: string): Promise<void> {
  if (!lines) return;
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Client) {
    await pipeline(Readable.from([lines]), client.query(copyFrom(`copy ${target} from stdin`)));
    return;
  }
  if (client && !(client instanceof pg.Pool) && typeof (client as PgliteLike).query === 'function') {
    await (client as PgliteLike).query(`copy ${target} from '/dev/blob'`, [], { blob: new Blob([lines]) });
    return;
  }
  throw new Error('copyRows needs a transaction (COPY runs on one connection)');
}
