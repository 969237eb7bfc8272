import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../cli/commands/index';
import { queryRows } from '../../db/client';
import { DatabaseFileStore } from '../../lib/db-file-store';
import { LocalFileStore } from '../../lib/storage';
import { createTestHall, type TestHall } from '../../test/harness';
import type { HallContext } from '../../types';

/**
 * `ops file-store-copy`: a deployment moves its files from the directory into the database before
 * its nodes switch to HALL_FILE_STORE=db (and back). Every file arrives with the bytes recorded at
 * upload; one missing in both stores or damaged in the source is named and fails the command; a
 * second run copies nothing.
 */
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
let hall: TestHall;
let ctx: HallContext;
let dir: LocalFileStore;
const ids: string[] = [];

async function fileRow(id: string, bytes: Buffer) {
  await hall.db.execute(sql`insert into files (id, owner_kind, owner_key, visibility, name, mime, size, sha256, created_at)
    values (${id}, 'unit', 'lhgh92001', 'private', '附件.pdf', 'application/pdf', ${bytes.length}, ${sha256(bytes)}, now())`);
}

beforeAll(async () => {
  const fileDir = mkdtempSync(path.join(tmpdir(), 'hall-store-copy-'));
  hall = await createTestHall({ HALL_FILE_DIR: fileDir });
  ctx = hall.app.hall;
  dir = new LocalFileStore(fileDir);
  // The demo seed's files went to the directory too (HALL_FILE_DIR); three more of the test's.
  for (let n = 0; n < 3; n++) {
    const id = randomUUID();
    const bytes = Buffer.from(`%PDF-1.4 第 ${n + 1} 个文件 ${id}`);
    await dir.put(id, bytes);
    await fileRow(id, bytes);
    ids.push(id);
  }
}, 120_000);

afterAll(() => hall.close());

const run = (to: string) => commands['file-store-copy']!.run(ctx, { to }, '管理员');
const fileCount = async () => (await queryRows<{ n: number }>(hall.db, sql`select count(*)::int as n from files`))[0]!;

describe('file-store-copy', () => {
  it('copies every file of the directory into the database, then finds them there', async () => {
    const { n } = await fileCount();
    expect(n).toBeGreaterThan(3);
    expect(await run('db')).toContain(`已复制 ${n} 个文件到数据库；0 个原已在`);
    const inDb = new DatabaseFileStore(hall.db);
    for (const id of ids) expect(sha256((await inDb.get(id))!)).toBe(sha256((await dir.get(id))!));
    expect(await run('db')).toContain(`已复制 0 个文件到数据库；${n} 个原已在且内容相符`);
  });

  it('names a file missing in both stores and one damaged in the source, and fails', async () => {
    const lost = randomUUID();
    await fileRow(lost, Buffer.from('never stored'));
    const damaged = randomUUID();
    await fileRow(damaged, Buffer.from('the bytes uploaded'));
    await dir.put(damaged, Buffer.from('other bytes'));
    await expect(run('db')).rejects.toThrow(new RegExp(`两处都没有内容的文件：${lost}[\\s\\S]*哈希不符、未复制的文件：${damaged}`));
    expect(await new DatabaseFileStore(hall.db).get(damaged)).toBeUndefined();
    await hall.db.execute(sql`delete from files where id in (${lost}, ${damaged})`);
  });

  it('copies back from the database into an empty directory', async () => {
    for (const id of ids) await dir.delete(id);
    const { n } = await fileCount();
    expect(await run('dir')).toContain(`已复制 3 个文件到目录 ${ctx.config.fileDir}；${n - 3} 个原已在`);
    for (const id of ids) expect(await dir.get(id)).toBeDefined();
  });

  it('refuses a store it does not know', async () => {
    await expect(run('s3')).rejects.toThrow('--to 只能是 db（数据库）或 dir');
  });
});
