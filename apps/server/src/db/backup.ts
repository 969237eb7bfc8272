import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/*
 * The database half of a backup (lib/backup.ts adds the files and the manifest): a dump taken at
 * one moment, with what the backup records of the database read at that same moment, and its
 * restore into an empty database. PostgreSQL: `pg_dump -Fc` of a snapshot exported by the
 * transaction that reads; the embedded database: PGlite's own dump of its data directory, taken
 * while that transaction holds the one connection (nothing else runs in between).
 */

/** A query on the snapshot's connection: raw text, its rows. */
export type SnapshotQuery = <T>(text: string) => Promise<T[]>;

/**
 * Dumps the database into `file` and runs `read` on the same moment; returns what `read` returned.
 * `pgBin`: the directory of PostgreSQL's client programs (HALL_PG_BIN), the PATH's when unset.
 */
export type DumpAt = <T>(file: string, read: (query: SnapshotQuery) => Promise<T>, pgBin?: string) => Promise<T>;

/** The name of the dump file in a backup directory, by the database's kind. */
export const dumpFileOf = (kind: 'pglite' | 'postgres') => (kind === 'postgres' ? 'database.pgdump' : 'pgdata.tar.gz');

const run = promisify(execFile);

/**
 * libpq's settings of a connection string, passed to pg_dump and pg_restore through their
 * environment: a password on their command line would show in the process list.
 */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname);
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  const host = u.searchParams.get('host');
  if (host) env.PGHOST = host;
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs a PostgreSQL client program; its own message (a version mismatch, a refused login) becomes the error's. */
async function runProgram(name: string, args: string[], url: string, pgBin?: string) {
  try {
    await run(pgBin ? path.join(pgBin, name) : name, args, { env: libpqEnv(url), maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw new Error(`找不到 ${name}：请安装与数据库同版本的 PostgreSQL 客户端，或以 HALL_PG_BIN 指明其目录`);
    throw new Error(`${name} 失败：${(e.stderr ?? e.message).trim().split('\n').slice(-3).join(' ')}`);
  }
}

export function postgresDumpAt(url: string): DumpAt {
  return async (file, read, pgBin) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // The snapshot stays valid while this transaction is open: pg_dump reads exactly what `read` read.
      await client.query('begin isolation level repeatable read read only');
      const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
      const result = await read(async (text) => (await client.query(text)).rows);
      await runProgram('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${file}`], url, pgBin);
      await client.query('commit');
      return result;
    } finally {
      await client.end();
    }
  };
}

export function pgliteDumpAt(client: PGlite): DumpAt {
  // The transaction holds PGlite's one connection: no other call's query runs until it ends, so the
  // dump (taken between two of its queries) is the state `read` saw.
  return (file, read) =>
    client.transaction(async (tx) => {
      const result = await read(async (text) => (await tx.query(text)).rows as never[]);
      const dump = await client.dumpDataDir('gzip');
      await writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      return result;
    });
}

/** Every table of the hall's schemas (public, and drizzle's record of the migrations). */
export const tablesQuery = `select schemaname || '.' || tablename as name from pg_tables
  where schemaname in ('public', 'drizzle') order by 1`;

/** One statement counting the rows of the given tables (names from tablesQuery). */
export function countsQuery(tables: string[]) {
  const quoted = (name: string) =>
    name
      .split('.')
      .map((part) => `"${part.replace(/"/g, '""')}"`)
      .join('.');
  return tables.map((t) => `select '${t.replace(/'/g, "''")}' as name, count(*)::bigint as n from ${quoted(t)}`).join('\nunion all\n');
}

/** The files' rows (their bytes sit in the file store), in id order. */
export const filesQuery = 'select id::text as id, sha256, size from files order by id';

export interface DatabaseFigures {
  /** Rows per table ('public.files': 12). */
  counts: Record<string, number>;
  /** The files' rows: the file store's bytes a backup copies and checks. */
  files: { id: string; sha256: string; size: number }[];
}

/** What a backup records of the database, read on the snapshot (and read again from a restored one). */
export async function databaseFigures(query: SnapshotQuery): Promise<DatabaseFigures> {
  const tables = (await query<{ name: string }>(tablesQuery)).map((r) => r.name);
  const rows = tables.length ? await query<{ name: string; n: number | bigint | string }>(countsQuery(tables)) : [];
  const counts = Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
  const files = (await query<{ id: string; sha256: string; size: number }>(filesQuery)).map((f) => ({ ...f, size: Number(f.size) }));
  return { counts, files };
}

/** Why a target database is not empty, or undefined when it is (a restore writes only into an empty one). */
async function postgresNotEmpty(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    return rows[0]!.n > 0 ? `目标数据库已有 ${rows[0]!.n} 张表` : undefined;
  } finally {
    await client.end();
  }
}

/**
 * Restores a dump into an empty database (PostgreSQL through pg_restore, PGlite by loading its dump
 * into a new data directory) and returns the restored database's figures.
 */
export async function restoreDump(
  target: { databaseUrl?: string; pgdata: string; pgBin?: string },
  file: string,
): Promise<DatabaseFigures> {
  if (target.databaseUrl) {
    const full = await postgresNotEmpty(target.databaseUrl);
    if (full) throw new Error(`${full}：恢复只写入空数据库，请新建一个空库后再恢复`);
    // Tables, then rows, then indexes, constraints and triggers (pg_restore's order): the audit chain's
    // and the summaries' triggers do not fire on the restored rows.
    // The database by name only: the rest of the connection (a password too) goes through the environment.
    const name = libpqEnv(target.databaseUrl).PGDATABASE ?? 'postgres';
    await runProgram(
      'pg_restore',
      ['--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${name}`, file],
      target.databaseUrl,
      target.pgBin,
    );
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      return await databaseFigures(async (text) => (await client.query(text)).rows);
    } finally {
      await client.end();
    }
  }
  if (existsSync(target.pgdata) && readdirSync(target.pgdata).length > 0)
    throw new Error(`目标数据目录 ${target.pgdata} 不为空：恢复只写入空目录，请换一个新的 HALL_DATA_DIR`);
  const client = new PGlite({ dataDir: target.pgdata, loadDataDir: new Blob([await readFile(file)]) });
  try {
    return await databaseFigures(async (text) => (await client.query(text)).rows as never[]);
  } finally {
    await client.close();
  }
}
