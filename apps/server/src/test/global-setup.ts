import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database's data directory, dumped (PGlite runs). */
    pgliteTemplate: string;
    /** A migrated database on the TEST_DATABASE_URL server, copied with CREATE DATABASE … TEMPLATE. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database before the server tests start, so that each test file copies it instead of
 * migrating its own (the migrations were most of a file's set-up: about 9 s on a busy 2-core
 * machine, against about 1.5 s to load the copy). test/database.ts takes the copy.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `hall_tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = await mkdtemp(path.join(tmpdir(), 'hall-test-template-'));
  const file = path.join(dir, 'pgdata.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rm(dir, { recursive: true, force: true });
}

async function adminQuery(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
