import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../cli/commands/index';
import { loadConfig } from '../config';
import { databaseFigures } from '../db/backup';
import { type Database, openDatabase, queryRows } from '../db/client';
import { createTestDatabase } from '../test/database';
import { createTestHall, type TestHall } from '../test/harness';
import type { HallContext } from '../types';
import { backup, MANIFEST, restore } from './backup';
import { DatabaseFileStore } from './db-file-store';
import { insertPart } from './file-blobs.repository';
import { fileStoreFor } from './file-store';

/**
 * `ops backup` and `ops restore` on the test's database (PGlite, or PostgreSQL under
 * TEST_DATABASE_URL): the restored database has every table's rows and every file's bytes
 * (compared by count and SHA-256 with the source, read independently of the manifest); a
 * restore writes only into an empty target and refuses a damaged backup before writing.
 * The demo city's whole round trip runs in scripts/smoke.ts (CI, both databases).
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const scratch = mkdtempSync(path.join(tmpdir(), 'hall-backup-test-'));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let source: Database;
let hall: TestHall;
let ctx: HallContext;
const made: string[] = [];

/** A new empty target: a data directory, or an empty PostgreSQL database. */
async function emptyTarget(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(scratch, 'target-'));
  if (!adminUrl) return loadConfig({ NODE_ENV: 'test', HALL_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const name = `hall_restore_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  made.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return loadConfig({ NODE_ENV: 'test', HALL_DATA_DIR: dataDir, DATABASE_URL: url.toString(), LOG_LEVEL: 'silent', ...env });
}

/** Every table's rows, read from the database itself. */
const figuresOf = (db: Database['db']) => databaseFigures((text) => queryRows(db, sql.raw(text)));

beforeAll(async () => {
  source = await createTestDatabase();
  hall = await createTestHall({}, { database: source });
  ctx = { ...hall.app.hall, database: source };
  // Two files with their rows, as an upload leaves them.
  for (const text of ['病历扫描件', '发票扫描件']) {
    const id = randomUUID();
    const bytes = Buffer.from(`%PDF-1.4 ${text} ${id}`);
    await ctx.files.put(id, bytes);
    await hall.db.execute(sql`insert into files (id, owner_kind, owner_key, visibility, name, mime, size, sha256, created_at)
      values (${id}, 'unit', 'lhgh92001', 'private', ${`${text}.pdf`}, 'application/pdf', ${bytes.length}, ${sha256(bytes)}, now())`);
  }
}, 120_000);

afterAll(async () => {
  await hall.close();
  // About 250 MB a run (dumps, restored data directories): CI runs on the same machine again and again.
  rmSync(scratch, { recursive: true, force: true });
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

describe('backup and restore', () => {
  let dir: string;

  it('backs up every table and file, and the restore has the same rows and bytes', async () => {
    dir = path.join(scratch, 'backup-1');
    const output = await commands.backup!.run(ctx, { to: dir }, '管理员');
    expect(output).toContain('已备份到');
    const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8'));
    const before = await figuresOf(hall.db);
    // The audit row of the backup itself came after the dump.
    expect({ ...manifest.counts, 'public.audit_log': 0 }).toEqual({ ...before.counts, 'public.audit_log': 0 });
    expect(manifest.files.map((f: { id: string }) => f.id)).toEqual(before.files.map((f) => f.id));
    expect(before.files.length).toBeGreaterThanOrEqual(2);

    const target = await emptyTarget();
    const done = await restore(target, dir);
    expect(done.files).toBe(before.files.length);
    const restored = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, migrated: true });
    try {
      const after = await figuresOf(restored.db);
      expect(after.counts).toEqual(manifest.counts);
      expect(Object.keys(after.counts).length).toBeGreaterThan(40);
      const store = fileStoreFor(target, restored.db);
      for (const file of before.files) {
        const original = await ctx.files.get(file.id);
        const copy = await store.get(file.id);
        expect(copy && sha256(copy)).toBe(sha256(original!));
      }
      // The migrations' record came along: a start applies nothing.
      expect(await queryRows(restored.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toEqual([
        { n: manifest.counts['drizzle.__drizzle_migrations'] },
      ]);
    } finally {
      await restored.close();
    }
  });

  it('writes a backup only into a new or empty directory', async () => {
    await expect(backup(ctx, dir)).rejects.toThrow(/不为空/);
  });

  it('restores only into an empty database', async () => {
    const target = await emptyTarget();
    await restore(target, dir);
    await expect(restore(target, dir)).rejects.toThrow(adminUrl ? /已有 \d+ 张表/ : /不为空/);
  });

  it('refuses a damaged or unfinished backup before writing anything', async () => {
    const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8'));
    const damaged = path.join(scratch, 'damaged');
    await backup(ctx, damaged);
    const { id } = manifest.files[0];
    await appendFile(path.join(damaged, 'files', id.slice(0, 2), id), 'x');
    const target = await emptyTarget();
    await expect(restore(target, damaged)).rejects.toThrow(`备份中的文件缺失或已损坏：${id}`);
    if (!adminUrl)
      expect(existsSync(path.join(target.dataDir, 'pgdata')) && readdirSync(path.join(target.dataDir, 'pgdata')).length).toBeFalsy();
    else await expect(restore(target, dir)).resolves.toBeDefined(); // still empty: the good backup goes in

    await writeFile(path.join(damaged, MANIFEST), '{');
    await expect(restore(await emptyTarget(), damaged)).rejects.toThrow(/不是完整的备份/);
  });

  it('a backup of one kind of database is not restored into the other', async () => {
    const other = adminUrl
      ? loadConfig({ NODE_ENV: 'test', HALL_DATA_DIR: mkdtempSync(path.join(scratch, 'x-')), LOG_LEVEL: 'silent' })
      : loadConfig({ NODE_ENV: 'test', HALL_DATA_DIR: scratch, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', LOG_LEVEL: 'silent' });
    await expect(restore(other, dir)).rejects.toThrow(adminUrl ? /只能恢复到 PostgreSQL/ : /只能恢复到内置数据库/);
  });

  it('with the files in the database (HALL_FILE_STORE=db) they travel in the dump, into either store', async () => {
    const inDb: HallContext = { ...ctx, config: { ...ctx.config, fileStore: 'db' }, files: new DatabaseFileStore(hall.db) };
    const id = randomUUID();
    const bytes = Buffer.from(`%PDF-1.4 多节点存储的文件 ${id}`);
    await inDb.files.put(id, bytes);
    await hall.db.execute(sql`insert into files (id, owner_kind, owner_key, visibility, name, mime, size, sha256, created_at)
      values (${id}, 'unit', 'lhgh92001', 'private', '附件.pdf', 'application/pdf', ${bytes.length}, ${sha256(bytes)}, now())`);
    const dbDir = path.join(scratch, 'backup-db');
    // The other files' bytes are in the memory store, not in file_blobs: back up only what the db store holds.
    await hall.db.execute(sql`delete from files where id <> ${id}`);
    // An upload under way at the dump's moment: its staged part travels in the dump, and the restore drops it.
    await insertPart(hall.db, randomUUID(), 0, Buffer.from('未传完的文件'), hall.clock.now());
    const done = await backup(inDb, dbDir);
    expect(done).toMatchObject({ files: 1, filesCopied: false });
    expect(existsSync(path.join(dbDir, 'files'))).toBe(false);

    for (const store of ['db', 'dir'] as const) {
      const target = await emptyTarget({ HALL_FILE_STORE: store });
      await restore(target, dbDir);
      const restored = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, migrated: true });
      try {
        const copy = await fileStoreFor(target, restored.db).get(id);
        expect(copy && sha256(copy), store).toBe(sha256(bytes));
        const staged = await queryRows<{ n: number }>(
          restored.db,
          sql`select count(*)::int as n from file_blobs where staged_at is not null`,
        );
        expect(staged[0]!.n, store).toBe(0);
      } finally {
        await restored.close();
      }
    }
  });
});
