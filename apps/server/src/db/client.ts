import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/** One type for both drivers: services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection string (for a second connection of its own, e.g. LISTEN). */
  url?: string;
  /** Applies the migrations of a folder not applied yet (openDatabase already did so for its folder). */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
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
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
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
    database = { db, kind: 'postgres', url: opts.databaseUrl, migrate, close: () => pool.end() };
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
    database = { db, kind: 'pglite', migrate, close: () => client.close() };
  }
  if (!opts.migrated) await database.migrate(opts.migrationsFolder);
  return database;
}

export async function ping(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}
