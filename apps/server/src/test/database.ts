import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';

let pgliteDump: Promise<Blob> | undefined;

/**
 * A database of the test file's own: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL (created here, dropped at close), so files never share rows.
 * Both start from the copy that test/global-setup.ts migrated once for the run (a dumped data
 * directory, or CREATE DATABASE … TEMPLATE); a test with migrations of its own migrates from scratch.
 */
export async function createTestDatabase(opts: { migrationsFolder?: string } = {}): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const own = opts.migrationsFolder !== undefined;
  if (!adminUrl) {
    const dumpFile = own ? '' : inject('pgliteTemplate');
    if (dumpFile) pgliteDump ??= readFile(dumpFile).then((bytes) => new Blob([bytes]));
    return openDatabase({ dataDir: 'memory://', ...opts, ...(dumpFile ? { pgliteDump: await pgliteDump, migrated: true } : {}) });
  }
  const name = `hall_test_${randomBytes(6).toString('hex')}`;
  const template = own ? '' : inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = '/' + name;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', ...opts, migrated: Boolean(template) });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
