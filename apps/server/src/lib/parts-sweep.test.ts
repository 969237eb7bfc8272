import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../cli/ops-socket';
import { queryRows } from '../db/client';
import { createTestHall, type TestHall } from '../test/harness';
import type { HallContext } from '../types';
import { ManualClock } from './clock';
import { DatabaseFileStore, PART_BYTES } from './db-file-store';
import { type Every, SWEEP_EVERY_MS, startPartsSweep, sweepUploadParts } from './parts-sweep';
import { type FileStore, LocalFileStore, PARTS_DIR } from './storage';

/**
 * The sweep of unfinished uploads on both stores (PGlite, or PostgreSQL under TEST_DATABASE_URL):
 * a killed upload's parts go once the clock is past HALL_UPLOAD_PARTS_HOURS (24) after its last
 * write, an upload arriving now and every stored file stay, and a writer whose parts were swept
 * cannot publish a cut file.
 */

const HOUR = 3_600_000;
let hall: TestHall;
let root: string;
beforeAll(async () => {
  hall = await createTestHall();
  root = mkdtempSync(path.join(tmpdir(), 'hall-parts-'));
});
afterAll(async () => {
  await hall.close();
  rmSync(root, { recursive: true, force: true });
});

const partsDir = () => path.join(root, PARTS_DIR);
/** The unfinished uploads a store holds: the directory's .part files, the database's staging ids. */
const unfinished: Record<string, () => Promise<number>> = {
  // Counted once written to (a file is there from its open, before its first bytes).
  directory: async () =>
    readdirSync(partsDir()).filter((name) => name.endsWith('.part') && statSync(path.join(partsDir(), name)).size > 0).length,
  database: async () =>
    (await queryRows<{ n: number }>(hall.db, sql`select count(distinct file_id)::int as n from file_blobs where staged_at is not null`))[0]!
      .n,
};
/** Turns of the event loop until the store holds `n` unfinished uploads (a condition, not a clock). */
async function until(name: string, n: number) {
  for (let turn = 0; turn < 10_000 && (await unfinished[name]()) < n; turn++) await new Promise((resolve) => setImmediate(resolve));
  expect(await unfinished[name]()).toBe(n);
}

const stores: [string, (clock: ManualClock) => FileStore][] = [
  ['directory', () => new LocalFileStore(root)],
  ['database', (clock) => new DatabaseFileStore(hall.db, clock)],
];
/** The hall with this store and clock (the clock starts at the real now: a .part file's time is the file system's). */
const contextOf = (files: FileStore, clock: ManualClock) => ({ ...hall.app.hall, files, clock }) as HallContext;
const sweepCommand = (ctx: HallContext, flags: Record<string, string | boolean> = {}) =>
  runCommand(ctx, { command: 'upload-parts-sweep', flags, operator: 'ops-admin' });

describe.each(stores)('the %s store', (name, make) => {
  it('sweeps a killed upload once the clock is past the age; an upload arriving now and stored files stay', async () => {
    const clock = new ManualClock(new Date());
    const store = make(clock);
    const ctx = contextOf(store, clock);
    const stored = randomUUID();
    const storedBytes = randomBytes(PART_BYTES + 5);
    await store.put(stored, storedBytes);

    // A node killed while a file arrived: its first part is written, the rest never comes.
    const killedId = randomUUID();
    const killedSource = new PassThrough();
    const killed = store.putStream(killedId, killedSource, 4 * PART_BYTES);
    killedSource.write(randomBytes(PART_BYTES + 10));
    await until(name, 1);
    expect(await sweepUploadParts(ctx)).toMatchObject({ uploads: 0 });
    expect(await unfinished[name]()).toBe(1);

    clock.advance(24 * HOUR + 60_000);
    const freshId = randomUUID();
    const freshBytes = randomBytes(PART_BYTES * 2 + 3);
    const freshSource = new PassThrough();
    const fresh = store.putStream(freshId, freshSource, freshBytes.length);
    freshSource.write(freshBytes.subarray(0, PART_BYTES + 1));
    await until(name, 2);
    // The file system stamps the real time, the hall's clock was moved: the fresh part is stamped at the hall's now.
    if (name === 'directory') {
      const part = path.join(partsDir(), `${freshId}.${process.pid}.part`);
      expect(statSync(part).size).toBe(PART_BYTES + 1);
      utimesSync(part, clock.now(), clock.now());
    }

    const answer = await sweepCommand(ctx);
    expect(answer).toMatchObject({ ok: true, output: expect.stringMatching(/^已清理 1 个未完成上传留下的临时部分，共 256\.\d KB/) });
    expect(await unfinished[name]()).toBe(1);
    const [audit] = await queryRows<{ n: number }>(
      hall.db,
      sql`select count(*)::int as n from audit_log where actor_key = 'ops-admin' and detail->>'event' = 'upload-parts-sweep'`,
    );
    expect(audit!.n).toBeGreaterThan(0);

    freshSource.end(freshBytes.subarray(PART_BYTES + 1));
    await fresh;
    expect((await store.get(freshId))?.equals(freshBytes)).toBe(true);
    expect((await store.get(stored))?.equals(storedBytes)).toBe(true);
    // The killed writer, were it to go on, finds its parts gone: it fails, and publishes no cut file.
    killedSource.end(randomBytes(10));
    await expect(killed).rejects.toThrow();
    expect(await store.get(killedId)).toBeUndefined();
    expect(await sweepCommand(ctx)).toMatchObject({ ok: true, output: expect.stringContaining('没有需要清理的临时部分') });
  });
});

it('a node sweeps at its start and then at each turn of its hourly timer', async () => {
  const clock = new ManualClock(new Date());
  const store = new DatabaseFileStore(hall.db, clock);
  const turns: { run: () => void; ms: number }[] = [];
  const every: Every = (run, ms) => {
    turns.push({ run, ms });
    return { unref: () => undefined };
  };
  const killedSource = new PassThrough();
  const killed = store.putStream(randomUUID(), killedSource, 4 * PART_BYTES);
  killedSource.write(randomBytes(PART_BYTES));
  await until('database', 1);
  const sweep = startPartsSweep(contextOf(store, clock), hall.app.log, every);
  await sweep.first;
  expect(await unfinished.database()).toBe(1);
  expect(turns.map((t) => t.ms)).toEqual([SWEEP_EVERY_MS]);
  clock.advance(25 * HOUR);
  turns[0]!.run();
  await sweep.stop();
  expect(await unfinished.database()).toBe(0);
  killedSource.destroy(new Error('killed'));
  await expect(killed).rejects.toThrow('killed');
});

it('--shards also sweeps the shard directories where earlier versions wrote their parts; --hours is checked', async () => {
  const clock = new ManualClock(new Date());
  const store = new LocalFileStore(root);
  const ctx = contextOf(store, clock);
  const id = randomUUID();
  await store.put(id, Buffer.from('已保存的文件'));
  const shard = path.join(root, id.slice(0, 2), id.slice(2, 4));
  mkdirSync(shard, { recursive: true });
  const legacy = path.join(shard, `${randomUUID()}.4242.part`);
  writeFileSync(legacy, 'x'.repeat(2048));
  const old = new Date(clock.now().getTime() - 48 * HOUR);
  utimesSync(legacy, old, old);
  expect(await sweepCommand(ctx)).toMatchObject({ ok: true, output: expect.stringContaining('没有需要清理') });
  expect(await sweepCommand(ctx, { shards: true })).toMatchObject({ ok: true, output: expect.stringContaining('已清理 1 个') });
  expect(readdirSync(shard)).toEqual([id]);
  expect(await sweepCommand(ctx, { hours: '0' })).toMatchObject({ ok: false, usage: true, message: expect.stringContaining('--hours') });
  const inDb = { ...ctx, config: { ...ctx.config, fileStore: 'db' } } as HallContext;
  expect(await sweepCommand(inDb, { shards: true })).toMatchObject({ ok: false, usage: true });
});
