import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where file bytes live, by the id of their `files` row. Small on purpose, so an object store
 * (S3, MinIO, OSS) can replace the local directory without touching the services.
 */
export interface FileStore {
  put(id: string, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when the store has none under that id. */
  get(id: string): Promise<Buffer | undefined>;
  delete(id: string): Promise<void>;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Files in a local directory, named by their uuid in two levels of shards (ab/cd/abcd…), so no
 * directory grows past a few thousand entries. Writes go to a temporary name first and are renamed,
 * so a reader never sees half a file.
 */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(id: string) {
    if (!ID.test(id)) throw new Error(`not a file id: ${id}`);
    return path.join(this.root, id.slice(0, 2), id.slice(2, 4), id);
  }

  async put(id: string, bytes: Buffer) {
    const target = this.pathOf(id);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.part`;
    await writeFile(temporary, bytes, { mode: 0o640 });
    await rename(temporary, target);
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
}

/** Throw-away store for tests and `HALL_DATA_DIR=memory://`. */
export class MemoryFileStore implements FileStore {
  private readonly bytes = new Map<string, Buffer>();
  async put(id: string, bytes: Buffer) {
    this.bytes.set(id, Buffer.from(bytes));
  }
  async get(id: string) {
    return this.bytes.get(id);
  }
  async delete(id: string) {
    this.bytes.delete(id);
  }
}

export const createFileStore = (fileDir: string): FileStore =>
  fileDir === 'memory://' ? new MemoryFileStore() : new LocalFileStore(fileDir);
