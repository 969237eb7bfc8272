import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../db/client';
import { MemoryFileStore } from '../lib/storage';
import { SEEDED_CITY, seedDemoCity, seededFiles } from './demo-city';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database's data directory, dumped (PGlite runs). */
    pgliteTemplate: string;
    /** The same with the demo city seeded (test/demo-city.ts): where a test hall starts. */
    pgliteSeededTemplate: string;
    /** A migrated database on the TEST_DATABASE_URL server, copied with CREATE DATABASE … TEMPLATE. */
    postgresTemplate: string;
    /** The same with the demo city seeded. */
    postgresSeededTemplate: string;
    /** The seeded copy's stored files by id (base64), which a hall puts back into its own file store. */
    seededFiles: Record<string, string>;
  }
}

/**
 * Migrates one database before the server tests start, so that each test file copies it instead of
 * migrating its own (the migrations were most of a file's set-up: about 9 s on a busy 2-core
 * machine, against about 1.5 s to load the copy), and seeds a second copy with the demo city, which
 * every test hall (test/harness.ts) starts from instead of seeding it again. test/database.ts takes
 * the copies.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `hall_tpl_${randomBytes(6).toString('hex')}`;
    const seededName = `${name}_seeded`;
    await adminQuery(adminUrl, `create database ${name}`);
    const migrated = await openDatabase({ databaseUrl: urlOf(adminUrl, name), dataDir: 'memory://' });
    await migrated.close();
    await adminQuery(adminUrl, `create database ${seededName} template ${name}`);
    const seeded = await openDatabase({ databaseUrl: urlOf(adminUrl, seededName), dataDir: 'memory://' });
    project.provide('seededFiles', await seed(seeded));
    await seeded.close();
    project.provide('postgresTemplate', name);
    project.provide('postgresSeededTemplate', seededName);
    project.provide('pgliteTemplate', '');
    project.provide('pgliteSeededTemplate', '');
    return async () => {
      await adminQuery(adminUrl, `drop database if exists ${seededName} with (force)`);
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'hall-test-template-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  const migratedFile = await dump(database, dir, 'migrated.tar');
  project.provide('seededFiles', await seed(database));
  const seededFile = await dump(database, dir, 'seeded.tar');
  await database.close();
  project.provide('pgliteTemplate', migratedFile);
  project.provide('pgliteSeededTemplate', seededFile);
  project.provide('postgresTemplate', '');
  project.provide('postgresSeededTemplate', '');
  return () => rm(dir, { recursive: true, force: true });
}

async function seed(database: Database) {
  const store = new MemoryFileStore();
  await seedDemoCity(database.db, SEEDED_CITY, store);
  return seededFiles(database.db, store);
}

async function dump(database: Database, dir: string, name: string) {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const data = await client.dumpDataDir('none');
  const file = path.join(dir, name);
  await writeFile(file, Buffer.from(await data.arrayBuffer()));
  return file;
}

function urlOf(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
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
