import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/client';
import { type Clock, systemClock } from './clock';
import * as repo from './file-blobs.repository';
import { type FileStore, meter, startSeen, streamedOf } from './storage';

/** The size of a stored part: big enough for few rows per file, small enough to hold one in memory per upload. */
export const PART_BYTES = 256 * 1024;

/**
 * Files in PostgreSQL (HALL_FILE_STORE=db), so that app nodes share nothing but the database
 * (docs/decisions.md, "Files in the database as chunked bytea"). A streamed file is written part
 * by part under a staging id of its own, each part one short statement (no connection is held
 * while a slow client sends), and moved under its id in one transaction once whole: a reader
 * never sees part of a file, and a refused or failed one leaves nothing. Each staged part is
 * stamped by the clock, so what a killed node left is swept once its newest part is old.
 */
export class DatabaseFileStore implements FileStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  async put(id: string, bytes: Buffer) {
    await this.putStream(id, Readable.from([bytes]), Number.POSITIVE_INFINITY);
  }

  async putStream(id: string, source: Readable, maxBytes: number) {
    const staging = randomUUID();
    const seen = startSeen();
    let parts = 0;
    try {
      await pipeline(source, meter(maxBytes, seen), async (metered: AsyncIterable<Buffer>) => {
        let part = 0;
        let pending: Buffer = Buffer.alloc(0);
        for await (const chunk of metered) {
          pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
          while (pending.length >= PART_BYTES) {
            await repo.insertPart(this.db, staging, part++, pending.subarray(0, PART_BYTES), this.clock.now());
            pending = pending.subarray(PART_BYTES);
          }
        }
        // An empty file is one empty part: no parts at all means no file.
        if (pending.length || part === 0) await repo.insertPart(this.db, staging, part++, pending, this.clock.now());
        parts = part;
      });
      await repo.publishParts(this.db, staging, id, parts);
    } catch (error) {
      await repo.deleteParts(this.db, staging);
      throw error;
    }
    return streamedOf(seen);
  }

  async get(id: string) {
    const parts = await repo.readParts(this.db, id);
    return parts.length ? Buffer.concat(parts) : undefined;
  }

  async delete(id: string) {
    await repo.deleteParts(this.db, id);
  }

  sweepParts(before: Date) {
    return repo.sweepStaged(this.db, before);
  }
}
