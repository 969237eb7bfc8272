/**
 * COPY FROM STDIN of rows made on the fly (pg-copy-streams), in statements of at most
 * `partRows` rows (the statement-level reference triggers of migration 0008 read each
 * statement's rows as one transition table), and the table's secondary indexes and foreign keys
 * set aside during the load and rebuilt after it, so that they are built once, in order, and
 * every key and unique index is still checked over all rows.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** One value of COPY's text format: null as \N; the generator's texts hold no tab, newline or backslash. */
export type Cell = string | number | boolean | null;
export const line = (cells: Cell[]) => `${cells.map((c) => (c === null ? '\\N' : String(c))).join('\t')}\n`;

const CHUNK = 256 * 1024;

/** Rows from..to-1 made by `row`, joined into chunks of about 256 KB. */
function* chunks(from: number, to: number, row: (i: number) => string) {
  let buf = '';
  for (let i = from; i < to; i++) {
    buf += row(i);
    if (buf.length >= CHUNK) {
      yield buf;
      buf = '';
    }
  }
  if (buf) yield buf;
}

export async function copyRows(
  client: pg.PoolClient | pg.Client,
  table: string,
  columns: string[],
  count: number,
  row: (i: number) => string,
  partRows = 1_000_000,
) {
  for (let from = 0; from < count; from += partRows) {
    const to = Math.min(count, from + partRows);
    const sink = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
    await pipeline(Readable.from(chunks(from, to, row)), sink);
  }
}

export interface SetAside {
  indexes: string[];
  foreignKeys: Array<{ name: string; def: string }>;
}

/** Drops the table's indexes other than its primary key, and its foreign keys; answers how to rebuild them. */
export async function setAside(client: pg.PoolClient | pg.Client, table: string): Promise<SetAside> {
  const { rows: idx } = await client.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.schemaname = 'public' and i.tablename = $1
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.contype in ('p', 'u'))`,
    [table],
  );
  const { rows: fks } = await client.query<{ name: string; def: string }>(
    `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = $1::regclass and contype = 'f'`,
    [table],
  );
  for (const fk of fks) await client.query(`alter table ${table} drop constraint "${fk.name}"`);
  for (const i of idx) await client.query(`drop index "${i.name}"`);
  return { indexes: idx.map((i) => i.def), foreignKeys: fks };
}

/** Rebuilds what setAside dropped: every unique index and foreign key is checked over all rows again. */
export async function restore(client: pg.PoolClient | pg.Client, table: string, aside: SetAside) {
  for (const def of aside.indexes) await client.query(def);
  for (const fk of aside.foreignKeys) await client.query(`alter table ${table} add constraint "${fk.name}" ${fk.def}`);
}
