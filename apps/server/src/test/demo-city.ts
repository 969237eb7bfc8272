import type { Db } from '../db/client';
import { files } from '../db/schema';
import { seedDemo } from '../db/seed/demo';
import { seedDictionaries } from '../db/seed/dictionaries';
import { ManualClock } from '../lib/clock';
import type { FileStore } from '../lib/storage';

/** The city of the run's seeded copy (config's default): a hall for another city seeds its own. */
export const SEEDED_CITY = '长沙市';

/**
 * The demo city every test hall starts from: the dictionaries and the demo seed, at the manual
 * clock's start. test/global-setup.ts seeds it once into the run's seeded copy; the harness seeds it
 * itself only on a database made otherwise (the query-plan test's) or for another city.
 */
export async function seedDemoCity(db: Db, city: string, store: FileStore) {
  await seedDictionaries(db);
  await seedDemo(db, new ManualClock(), city, store);
}

/** The seed's stored files (the notices' PDF), by id, base64: the bytes that live beside the rows. */
export async function seededFiles(db: Db, store: FileStore): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { id } of await db.select({ id: files.id }).from(files)) {
    const bytes = await store.get(id);
    if (bytes) out[id] = bytes.toString('base64');
  }
  return out;
}

/** Puts a seeded copy's files back into a test's own (empty) file store. */
export async function restoreSeededFiles(store: FileStore, seeded: Record<string, string>) {
  for (const [id, base64] of Object.entries(seeded)) await store.put(id, Buffer.from(base64, 'base64'));
}
