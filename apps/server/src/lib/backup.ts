import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { databaseFigures, type DatabaseFigures, dumpFileOf, restoreDump } from '../db/backup';
import { openDatabase } from '../db/client';
import type { HallContext } from '../types';
import { DatabaseFileStore } from './db-file-store';
import { sweepStaged } from './file-blobs.repository';
import { fileStoreFor } from './file-store';
import { refuse } from './hall-error';

/*
 * `ops backup --to DIR` and `ops restore --from DIR` (docs/operations.md, "Backups"). A backup
 * directory holds the database's dump, the files' bytes (unless they are in the database:
 * HALL_FILE_STORE=db) and manifest.json, written last: what the dump holds (rows per table, every
 * file's SHA-256), read at the moment of the dump. A restore writes only into an empty database,
 * then reads the restored database and the files back and compares them with the manifest.
 */

export const MANIFEST = 'manifest.json';
const FORMAT = 'hall-backup/1';

interface Manifest extends DatabaseFigures {
  format: typeof FORMAT;
  createdAt: string;
  kind: 'pglite' | 'postgres';
  dump: string;
  /** The files' bytes are in the backup's files/ (false: they are in the dump, file_blobs). */
  filesCopied: boolean;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A copied file's place in the backup: files/ab/<id>, as the file store shards them. */
const copiedPath = (dir: string, id: string) => path.join(dir, 'files', id.slice(0, 2), id);

export interface BackupSummary {
  dir: string;
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  filesCopied: boolean;
  /** Files whose bytes no longer match the hash recorded at upload (copied as they are, and named). */
  changed: string[];
}

export async function backup(ctx: HallContext, dir: string): Promise<BackupSummary> {
  if (!ctx.database) throw new Error('backup needs the database handle (server.ts and cli/ops.ts give it)');
  if (existsSync(dir) && readdirSync(dir).length > 0) throw refuse(`备份目录 ${dir} 不为空：请给一个新目录或空目录`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const kind = ctx.database.kind;
  const dump = dumpFileOf(kind);
  const figures = await ctx.database.dumpAt(path.join(dir, dump), databaseFigures, ctx.config.pgBin);
  // In the database store the bytes are rows of the dump (file_blobs); otherwise they are copied.
  const filesCopied = ctx.config.fileStore !== 'db';
  const changed: string[] = [];
  let bytes = 0;
  const files: Manifest['files'] = [];
  for (const file of figures.files) {
    const content = await ctx.files.get(file.id);
    if (!content) throw refuse(`文件缺失：${file.id} 在文件表中，但文件存储里没有它的内容（备份未完成）`);
    const hash = sha256(content);
    if (hash !== file.sha256) changed.push(file.id);
    if (filesCopied) {
      const target = copiedPath(dir, file.id);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content, { mode: 0o600 });
    }
    bytes += content.length;
    files.push({ id: file.id, sha256: hash, size: content.length });
  }
  const manifest: Manifest = {
    format: FORMAT,
    createdAt: new Date().toISOString(),
    kind,
    dump,
    filesCopied,
    counts: figures.counts,
    files,
  };
  // Written last, under a temporary name: a directory without manifest.json is an unfinished backup.
  await writeFile(path.join(dir, `${MANIFEST}.part`), JSON.stringify(manifest, null, 1), { mode: 0o600 });
  await rename(path.join(dir, `${MANIFEST}.part`), path.join(dir, MANIFEST));
  const rows = Object.values(figures.counts).reduce((a, b) => a + b, 0);
  return { dir, tables: Object.keys(figures.counts).length, rows, files: files.length, bytes, filesCopied, changed };
}

async function readManifest(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw refuse(`${dir} 不是完整的备份：没有可读的 ${MANIFEST}（备份未完成，或目录有误）`);
  }
  if (manifest.format !== FORMAT) throw refuse(`无法识别的备份格式：${String(manifest.format)}`);
  return manifest;
}

/** The first difference between the backup's counts and the restored database's, or undefined. */
function countsDiffer(expected: Record<string, number>, found: Record<string, number>) {
  for (const table of new Set([...Object.keys(expected), ...Object.keys(found)]))
    if (expected[table] !== found[table]) return `表 ${table}：备份时 ${expected[table] ?? '无此表'}，恢复后 ${found[table] ?? '无此表'}`;
  return undefined;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
}

/** Restores a backup into the database and file store the settings name; the database must be empty. */
export async function restore(config: Config, dir: string): Promise<RestoreSummary> {
  const manifest = await readManifest(dir);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.kind !== kind)
    throw refuse(
      manifest.kind === 'postgres'
        ? '该备份来自 PostgreSQL，只能恢复到 PostgreSQL：请设置 DATABASE_URL 指向一个空库'
        : '该备份来自内置数据库，只能恢复到内置数据库：请去掉 DATABASE_URL，并以 HALL_DATA_DIR 指向一个空目录',
    );
  // A damaged backup is refused before anything is written.
  if (manifest.filesCopied)
    for (const file of manifest.files) {
      const content = await readFile(copiedPath(dir, file.id)).catch(() => undefined);
      if (!content || sha256(content) !== file.sha256) throw refuse(`备份中的文件缺失或已损坏：${file.id}，未作任何恢复`);
    }

  const restored = await restoreDump(
    { databaseUrl: config.databaseUrl, pgdata: path.join(config.dataDir, 'pgdata'), pgBin: config.pgBin },
    path.join(dir, manifest.dump),
  );
  const differ = countsDiffer(manifest.counts, restored.counts);
  if (differ) throw refuse(`恢复后的数据与备份不符（${differ}）：请勿使用该数据库`);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrated: true });
  try {
    const store = fileStoreFor(config, database.db);
    // Bytes that came with the dump are already in place when the target keeps files in the database.
    const inPlace = !manifest.filesCopied && config.fileStore === 'db';
    // The dump holds the staged parts of uploads under way at its moment (file_blobs rows, counted
    // above): none of them can finish on the restored database, so they go now.
    await sweepStaged(database.db);
    const dumped = new DatabaseFileStore(database.db);
    for (const file of manifest.files) {
      if (!inPlace) {
        const content = manifest.filesCopied ? await readFile(copiedPath(dir, file.id)) : await dumped.get(file.id);
        if (!content) throw refuse(`文件缺失：${file.id}（备份的数据库中没有它的内容）`);
        await store.put(file.id, content);
      }
      const back = await store.get(file.id);
      if (!back || sha256(back) !== file.sha256) throw refuse(`恢复后的文件与备份不符：${file.id}`);
    }
  } finally {
    await database.close();
  }
  const rows = Object.values(restored.counts).reduce((a, b) => a + b, 0);
  return { tables: Object.keys(restored.counts).length, rows, files: manifest.files.length };
}
