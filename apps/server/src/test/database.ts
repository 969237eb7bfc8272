import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';

/**
 * A database of the test file's own: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL (created here, dropped at close), so files never share rows.
 */
export async function createTestDatabase(opts: { migrationsFolder?: string } = {}): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ dataDir: 'memory://', ...opts });
  const name = `hall_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = '/' + name;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', ...opts });
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
