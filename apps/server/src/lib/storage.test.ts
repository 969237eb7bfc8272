import { randomBytes, randomUUID, createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../db/client';
import { createTestDatabase } from '../test/database';
import { DatabaseFileStore, PART_BYTES } from './db-file-store';
import { type FileStore, LocalFileStore, TooLargeError } from './storage';

/**
 * One contract, every store: the local directory (one node) and the database (several nodes) are
 * held to the same table of tests, so the setting HALL_FILE_STORE changes where bytes live and
 * nothing else.
 */
let database: Database;
let root: string;
beforeAll(async () => {
  database = await createTestDatabase();
  root = mkdtempSync(path.join(tmpdir(), 'hall-files-'));
});
afterAll(async () => {
  await database.close();
  rmSync(root, { recursive: true, force: true });
});

/** Whatever a store holds that is not a whole file: the directory's `.part` files, the database's staged parts. */
const staged: Record<string, () => Promise<number>> = {
  directory: async () => (readdirSync(root, { recursive: true }) as string[]).filter((name) => name.endsWith('.part')).length,
  database: async () =>
    (await queryRows<{ fileId: string }>(database.db, sql`select file_id as "fileId" from file_blobs`)).filter(
      (r) => !known.includes(r.fileId),
    ).length,
};
/** The ids the tests stored whole (the database's staged parts are under any other id). */
const known: string[] = [];
/** Turns of the event loop until the store has taken some of a file (a condition, not a clock). */
async function untilStaged(name: string) {
  for (let turn = 0; turn < 10_000 && (await staged[name]()) === 0; turn++) await new Promise((resolve) => setImmediate(resolve));
  expect(await staged[name]()).toBeGreaterThan(0);
}

const stores: [string, () => FileStore][] = [
  ['directory', () => new LocalFileStore(root)],
  ['database', () => new DatabaseFileStore(database.db)],
];

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** The same bytes (Buffer.equals: vitest's deep equality walks a large buffer byte by byte). */
const same = (got: Buffer | undefined, want: Buffer) =>
  expect(got !== undefined && got.length === want.length && got.equals(want)).toBe(true);
/** Bytes in chunks of odd sizes, as a socket delivers them. */
const chunked = (bytes: Buffer, size = 7_777) =>
  Readable.from(Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)));
const newId = () => {
  const id = randomUUID();
  known.push(id);
  return id;
};

describe.each(stores)('the %s file store', (name, make) => {
  it('round-trips bytes, replaces them, deletes them, and refuses an id that is not one', async () => {
    const store = make();
    const id = newId();
    const first = randomBytes(1_000);
    await store.put(id, first);
    same(await store.get(id), first);
    const second = randomBytes(10);
    await store.put(id, second);
    same(await store.get(id), second);
    await store.delete(id);
    expect(await store.get(id)).toBeUndefined();
    await store.delete(id);
    expect(await store.get(randomUUID())).toBeUndefined();
    await expect(store.put('../../etc/passwd', first)).rejects.toThrow();
  });

  it('streams a file of many parts whatever the chunks, with its size, hash and first bytes', async () => {
    const store = make();
    const id = newId();
    const bytes = randomBytes(PART_BYTES * 2 + 12_345);
    const streamed = await store.putStream(id, chunked(bytes), bytes.length);
    expect([streamed.size, streamed.sha256]).toEqual([bytes.length, sha(bytes)]);
    same(streamed.head, bytes.subarray(0, 16));
    same(await store.get(id), bytes);
    const tiny = newId();
    const head = await store.putStream(tiny, Readable.from([bytes.subarray(0, 3), bytes.subarray(3, 7), bytes.subarray(7, 40)]), 40);
    same(head.head, bytes.subarray(0, 16));
  });

  it('keeps an empty file as a file', async () => {
    const store = make();
    const id = newId();
    expect((await store.putStream(id, Readable.from([]), 10)).size).toBe(0);
    same(await store.get(id), Buffer.alloc(0));
  });

  it('refuses past the limit keeping nothing, and a failed source leaves nothing either', async () => {
    const store = make();
    const big = randomUUID();
    const bytes = randomBytes(PART_BYTES * 2);
    await expect(store.putStream(big, chunked(bytes), PART_BYTES + 1)).rejects.toThrow(TooLargeError);
    expect(await store.get(big)).toBeUndefined();
    const broken = randomUUID();
    const source = new PassThrough();
    const put = store.putStream(broken, source, bytes.length);
    source.write(bytes.subarray(0, PART_BYTES + 10));
    await untilStaged(name);
    source.destroy(new Error('client went away'));
    await expect(put).rejects.toThrow('client went away');
    expect(await store.get(broken)).toBeUndefined();
    expect(await staged[name]()).toBe(0);
  });

  it('a reader never sees a file until it is whole', async () => {
    const store = make();
    const id = newId();
    const bytes = randomBytes(PART_BYTES * 2 + 1);
    const source = new PassThrough();
    const put = store.putStream(id, source, bytes.length);
    source.write(bytes.subarray(0, PART_BYTES + 1));
    await untilStaged(name);
    expect(await store.get(id)).toBeUndefined();
    source.end(bytes.subarray(PART_BYTES + 1));
    await put;
    same(await store.get(id), bytes);
  });
});

it('the directory store shards by id (ab/cd/abcd…)', async () => {
  const id = newId();
  await new LocalFileStore(root).put(id, randomBytes(5));
  expect(existsSync(path.join(root, id.slice(0, 2), id.slice(2, 4), id))).toBe(true);
});
