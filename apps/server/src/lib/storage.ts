import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Thrown by putStream when the source has more than `maxBytes`: nothing is kept. */
export class TooLargeError extends Error {}

/** What putStream learned on the way: the size, the SHA-256 and the first bytes (the type's magic). */
export interface StreamedFile {
  size: number;
  sha256: string;
  head: Buffer;
}

const HEAD_BYTES = 16;

/** What a meter has seen so far; `streamedOf` reads it once the stream ended. */
export interface Seen {
  size: number;
  hash: ReturnType<typeof createHash>;
  head: Buffer;
}
export const startSeen = (): Seen => ({ size: 0, hash: createHash('sha256'), head: Buffer.alloc(0) });
export const streamedOf = (seen: Seen): StreamedFile => ({ size: seen.size, sha256: seen.hash.digest('hex'), head: seen.head });

/** Counts and hashes bytes on their way to the store, keeping the first few, failing past the limit. */
export function meter(maxBytes: number, into: Seen) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (into.size < HEAD_BYTES) into.head = Buffer.concat([into.head, chunk.subarray(0, HEAD_BYTES - into.size)]);
      into.size += chunk.length;
      if (into.size > maxBytes) return done(new TooLargeError(`more than ${maxBytes} bytes`));
      into.hash.update(chunk);
      done(null, chunk);
    },
  });
}

/**
 * Where file bytes live, by the id of their `files` row: a local directory (one node) or the
 * database (several nodes, db-file-store.ts). Small on purpose, so an object store (S3, MinIO, OSS)
 * can replace either without touching the services.
 */
export interface FileStore {
  put(id: string, bytes: Buffer): Promise<void>;
  /**
   * Streams bytes in without holding them in memory; past `maxBytes` it stops, keeps nothing and
   * throws TooLargeError. A reader never sees a partial file.
   */
  putStream(id: string, source: Readable, maxBytes: number): Promise<StreamedFile>;
  /** The bytes, or undefined when the store has none under that id. */
  get(id: string): Promise<Buffer | undefined>;
  delete(id: string): Promise<void>;
  /**
   * Removes what uploads killed or abandoned before `before` left behind (their last write is
   * older); never a stored file, nor a part written since (an upload still arriving). `shards`:
   * the directory store reads its shard directories too (LocalFileStore.sweepParts).
   */
  sweepParts(before: Date, opts?: { shards?: boolean }): Promise<PartsSwept>;
}

/** What a sweep of unfinished uploads removed. */
export interface PartsSwept {
  /** Unfinished uploads whose parts were removed. */
  uploads: number;
  bytes: number;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where the directory store writes a file before it is whole: one directory, so a sweep reads no shard. */
export const PARTS_DIR = '.parts';
const PART = /\.part$/;

/**
 * Files in a local directory, named by their uuid in two levels of shards (ab/cd/abcd…), so no
 * directory grows past a few thousand entries. Writes go to a temporary name in .parts/ first and
 * are renamed (the same file system), so a reader never sees half a file.
 */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(id: string) {
    if (!ID.test(id)) throw new Error(`not a file id: ${id}`);
    return path.join(this.root, id.slice(0, 2), id.slice(2, 4), id);
  }

  /** The shard directory of the target and the temporary name its bytes are written under. */
  private async placesOf(id: string) {
    const target = this.pathOf(id);
    const parts = path.join(this.root, PARTS_DIR);
    await Promise.all([mkdir(path.dirname(target), { recursive: true }), mkdir(parts, { recursive: true })]);
    return { target, temporary: path.join(parts, `${id}.${process.pid}.part`) };
  }

  async put(id: string, bytes: Buffer) {
    const { target, temporary } = await this.placesOf(id);
    await writeFile(temporary, bytes, { mode: 0o640 });
    await rename(temporary, target);
  }

  async putStream(id: string, source: Readable, maxBytes: number) {
    const { target, temporary } = await this.placesOf(id);
    const seen = startSeen();
    try {
      await pipeline(source, meter(maxBytes, seen), createWriteStream(temporary, { mode: 0o640 }));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await rename(temporary, target);
    return streamedOf(seen);
  }

  async get(id: string) {
    try {
      return await readFile(this.pathOf(id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(id: string) {
    await rm(this.pathOf(id), { force: true });
  }

  /**
   * A .part file's modification time is its upload's last write, so one still arriving is never
   * older than `before`. `shards`: the shard directories too, where versions before .parts/ wrote
   * them (`ops upload-parts-sweep --shards`, once after the upgrade: it reads every directory).
   */
  async sweepParts(before: Date, { shards = false } = {}) {
    const swept: PartsSwept = { uploads: 0, bytes: 0 };
    const sweepDir = async (dir: string) => {
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        if (!PART.test(name)) continue;
        const file = path.join(dir, name);
        const seen = await stat(file).catch(() => undefined);
        if (!seen?.isFile() || seen.mtimeMs >= before.getTime()) continue;
        await rm(file, { force: true });
        swept.uploads++;
        swept.bytes += seen.size;
      }
    };
    await sweepDir(path.join(this.root, PARTS_DIR));
    if (shards)
      for (const top of await readdir(this.root).catch(() => [] as string[]))
        if (/^[0-9a-f]{2}$/.test(top))
          for (const second of await readdir(path.join(this.root, top)).catch(() => [] as string[]))
            await sweepDir(path.join(this.root, top, second));
    return swept;
  }
}

/** Throw-away store for tests and `HALL_DATA_DIR=memory://`. */
export class MemoryFileStore implements FileStore {
  private readonly bytes = new Map<string, Buffer>();
  async put(id: string, bytes: Buffer) {
    this.bytes.set(id, Buffer.from(bytes));
  }
  async putStream(id: string, source: Readable, maxBytes: number) {
    const seen = startSeen();
    const chunks: Buffer[] = [];
    await pipeline(source, meter(maxBytes, seen), async (metered: AsyncIterable<Buffer>) => {
      for await (const chunk of metered) chunks.push(chunk);
    });
    this.bytes.set(id, Buffer.concat(chunks));
    return streamedOf(seen);
  }
  async get(id: string) {
    return this.bytes.get(id);
  }
  async delete(id: string) {
    this.bytes.delete(id);
  }
  /** Nothing outlives the process here. */
  async sweepParts() {
    return { uploads: 0, bytes: 0 };
  }
}

/** A local directory, or in memory for memory:// (lib/file-store.ts chooses by the settings). */
export const createFileStore = (fileDir: string): FileStore =>
  fileDir === 'memory://' ? new MemoryFileStore() : new LocalFileStore(fileDir);
