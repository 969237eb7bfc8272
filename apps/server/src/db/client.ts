import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type DumpAt, pgliteDumpAt, postgresDumpAt } from './backup';
import * as schema from './schema';

/** One type for both drivers: services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw `db.execute` (its result is typed by the driver; both drivers answer `rows`). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A raw query run, its rows typed. */
export const queryRows = async <T>(db: Db, query: SQL) => rowsOf<T>(await db.execute(query));

/** `1, 2, 3` for `in (…)`, each id a parameter. */
export const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection string (for a second connection of its own, e.g. LISTEN). */
  url?: string;
  /** Applies the migrations of a folder not applied yet (openDatabase already did so for its folder). */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool, as /metrics reports it (the embedded database has one connection, no pool). */
  pool?: PoolUse;
  /** A dump of the whole database at one moment (db/backup.ts; `ops backup`). */
  dumpAt: DumpAt;
}

/** What a node's connection pool is doing. */
export interface PoolUse {
  max: number;
  /** Connections open, idle among them, and callers waiting for one. */
  counts(): { total: number; idle: number; waiting: number };
  /** Hears the seconds each checkout waited for its connection (a new connection's set-up included). */
  onWait(listener: (seconds: number) => void): void;
}

type Checkout = (error: Error | undefined, client: pg.PoolClient | undefined, release: (release?: unknown) => void) => void;

/**
 * The pool's use; pg's pool counts connections but does not time a wait, so every checkout
 * (pool.query's own too: it calls this.connect) is timed from its request to its connection.
 */
function poolUse(pool: pg.Pool, max: number): PoolUse {
  const listeners: ((seconds: number) => void)[] = [];
  const connect = pool.connect.bind(pool) as (callback?: Checkout) => Promise<pg.PoolClient> | undefined;
  const timed = (callback?: Checkout) => {
    const asked = performance.now();
    const waited = () => {
      const seconds = (performance.now() - asked) / 1000;
      for (const listener of listeners) listener(seconds);
    };
    if (callback)
      return connect((error, client, release) => {
        waited();
        callback(error, client, release);
      });
    return connect()!.then((client) => {
      waited();
      return client;
    });
  };
  pool.connect = timed as typeof pool.connect;
  return {
    max,
    counts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onWait: (listener) => void listeners.push(listener),
  };
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PostgreSQL through DATABASE_URL, else embedded PGlite in `<dataDir>/pgdata`
 * (`dataDir` = 'memory://' gives a throw-away in-memory database, used by tests).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  migrationsFolder?: string;
  /** An embedded database's dumped data directory to start from (the tests' migrated copy). */
  pgliteDump?: Blob;
  /** The database is a copy of one this run migrated (the tests' template): skip the migrations' check. */
  migrated?: boolean;
}): Promise<Database> {
  let database: Database;
  if (opts.databaseUrl) {
    const max = 10;
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max });
    const use = poolUse(pool, max);
    // An idle connection can die (server restart, failover, a dropped test database); pg then emits
    // 'error' on the pool, which would crash the process unless handled. The next query reconnects.
    pool.on('error', (error) => console.warn(`[db] idle connection closed: ${error.message}`));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    // Several app nodes may start at once: one migrates, the others wait on the lock.
    const migrate = async (folder = migrationsFolder) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727001)');
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: folder });
      } finally {
        await client.query('select pg_advisory_unlock(727001)').catch(() => undefined);
        client.release();
      }
    };
    database = {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      migrate,
      close: () => pool.end(),
      pool: use,
      dumpAt: postgresDumpAt(opts.databaseUrl),
    };
  } else {
    let dataPath: string | undefined;
    if (opts.dataDir !== 'memory://') {
      dataPath = path.join(opts.dataDir, 'pgdata');
      mkdirSync(dataPath, { recursive: true });
    }
    // One options object: `new PGlite(undefined, options)` drops the options (PGlite 0.5 reads a
    // first argument that is not a string as the options), and the dump would silently not load.
    const client = new PGlite({ dataDir: dataPath, ...(opts.pgliteDump ? { loadDataDir: opts.pgliteDump } : {}) });
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    const migrate = (folder = migrationsFolder) => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: folder });
    database = { db, kind: 'pglite', migrate, close: () => client.close(), dumpAt: pgliteDumpAt(client) };
  }
  if (!opts.migrated) await database.migrate(opts.migrationsFolder);
  return database;
}

export async function ping(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}

let knownMigrations: number | undefined;

/**
 * How many of this build's migrations the database has not applied (drizzle's own record): 0 once
 * this node's start (or another node's) migrated it. Throws when the database does not answer.
 */
export async function migrationsPending(db: Db): Promise<number> {
  knownMigrations ??= (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;
  const [row] = await queryRows<{ applied: number }>(db, sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  return Math.max(0, knownMigrations - row.applied);
}
