import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, units } from '../../db/schema';

/** The subordinate units' import: what it checks against the hall (its staging: lib/staged-import.repository.ts, kind 'org'). */

/** Of these accounts (lower case) and credit codes, those the hall already has. */
export async function takenOf(db: Db, uacts: string[], usccs: string[]) {
  const taken = new Set<string>();
  const codes = new Set<string>();
  if (uacts.length) {
    const lowerAccount = sql<string>`lower(${accounts.loginName})`;
    const lowerUnit = sql<string>`lower(${units.uact})`;
    for (const r of await db.select({ v: lowerAccount }).from(accounts).where(inArray(lowerAccount, uacts))) taken.add(r.v);
    for (const r of await db.select({ v: lowerUnit }).from(units).where(inArray(lowerUnit, uacts))) taken.add(r.v);
  }
  if (usccs.length)
    for (const r of await db
      .select({ v: units.uscc })
      .from(units)
      .where(and(isNotNull(units.uscc), inArray(units.uscc, usccs))))
      codes.add(r.v!);
  return { taken, usccs: codes };
}
