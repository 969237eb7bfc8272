import { asc, inArray } from 'drizzle-orm';
import type { DictEntry } from '@hall/shared';
import type { Db } from '../../db/client';
import { dictEntries } from '../../db/schema';

/** Entries of several types in one query, grouped by type in their display order. */
export async function listEntries(db: Db, types: string[]): Promise<Record<string, DictEntry[]>> {
  const rows = await db
    .select({ type: dictEntries.type, label: dictEntries.label, value: dictEntries.value })
    .from(dictEntries)
    .where(inArray(dictEntries.type, types))
    .orderBy(asc(dictEntries.type), asc(dictEntries.sort), asc(dictEntries.value));
  const grouped: Record<string, DictEntry[]> = Object.fromEntries(types.map((t) => [t, []]));
  for (const { type, label, value } of rows) grouped[type].push({ label, value });
  return grouped;
}
