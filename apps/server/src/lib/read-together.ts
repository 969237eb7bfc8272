import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

type Results<T extends readonly (() => Promise<unknown>)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Independent reads: at once on the pool (each on a connection of its own), one after another in
 * a transaction. A transaction is one connection, and node-pg only queues a query sent while
 * another runs on it (deprecated: pg 9 refuses it), so Promise.all there gains nothing.
 */
export async function readTogether<T extends readonly (() => Promise<unknown>)[]>(db: Db, reads: T): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}
