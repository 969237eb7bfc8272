import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { featureFlags } from '../../db/schema';

/** The operator's settings of the feature flags (a flag without a row has its default). */

export const allFlags = (db: Db) => db.select().from(featureFlags);

export async function flagSetting(db: Db, name: string): Promise<boolean | undefined> {
  const [row] = await db.select({ enabled: featureFlags.enabled }).from(featureFlags).where(eq(featureFlags.name, name));
  return row?.enabled;
}

export async function upsertFlag(db: Db, name: string, enabled: boolean, now: Date, operator: string) {
  await db
    .insert(featureFlags)
    .values({ name, enabled, updatedAt: now, updatedBy: operator })
    .onConflictDoUpdate({ target: featureFlags.name, set: { enabled, updatedAt: now, updatedBy: operator } });
}
