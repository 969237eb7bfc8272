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

/**
 * COPY lines gathered as UTF-8 bytes, a line at a time, for rows checked one by one while a file
 * is read (the settlement load's chunk of 10,000): each line is garbage as soon as it is written
 * here, where a string of the chunk's lines held every line's pieces (a rope of some 350,000
 * small strings) through the collector's young generation and into the old one until the chunk
 * was sent, and was then encoded once more to be sent.
 */
export class CopyText {
  private bytes = Buffer.alloc(0);
  private length = 0;
  /** The size the last text reached: the next starts there. */
  private size = 1 << 16;

  append(line: string) {
    // A UTF-16 unit is at most 3 bytes of UTF-8.
    this.room(line.length * 3);
    this.length += this.bytes.write(line, this.length);
  }

  /** Bytes of another text (a part of a line gathered before), as they are. */
  appendBytes(from: Buffer, start: number, end: number) {
    this.room(end - start);
    this.length += from.copy(this.bytes, this.length, start, end);
  }

  /** The bytes gathered so far: where the next append starts. */
  get byteLength() {
    return this.length;
  }

  private room(bytes: number) {
    if (this.length + bytes > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.size, this.length + bytes));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
  }

  /** The lines so far; the next ones start a new text. */
  take(): Buffer {
    const taken = this.bytes.subarray(0, this.length);
    this.size = Math.max(this.size, this.bytes.length);
    this.bytes = Buffer.alloc(0);
    this.length = 0;
    return taken;
  }
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
export async function copyRows(db: Db, target: string, lines: string | Buffer): Promise<void> {
  if (!lines.length) return;
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Client) {
    await pipeline(Readable.from([lines]), client.query(copyFrom(`copy ${target} from stdin`)));
    return;
  }
  if (client && !(client instanceof pg.Pool) && typeof (client as PgliteLike).query === 'function') {
    await (client as PgliteLike).query(`copy ${target} from '/dev/blob'`, [], {
      blob: new Blob([lines as string | Uint8Array<ArrayBuffer>]),
    });
    return;
  }
  throw new Error('copyRows needs a transaction (COPY runs on one connection)');
}
