import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, units } from '../../db/schema';

/** The subordinate units' import: what it checks against the hall (its staging: lib/staged-import.repository.ts, kind 'org'). */

/** Of these accounts (lower case), those the hall already has. */
export async function takenUacts(db: Db, uacts: string[]) {
  if (!uacts.length) return new Set<string>();
  const a = await db
    .select({ v: sql<string>`lower(${accounts.loginName})` })
    .from(accounts)
    .where(inArray(sql`lower(${accounts.loginName})`, uacts));
  const u = await db
    .select({ v: sql<string>`lower(${units.uact})` })
    .from(units)
    .where(inArray(sql`lower(${units.uact})`, uacts));
  return new Set([...a, ...u].map((r) => r.v));
}

export async function takenUsccs(db: Db, usccs: string[]) {
  if (!usccs.length) return new Set<string>();
  const rows = await db
    .select({ v: units.uscc })
    .from(units)
    .where(and(isNotNull(units.uscc), inArray(units.uscc, usccs)));
  return new Set(rows.map((r) => r.v!));
}
