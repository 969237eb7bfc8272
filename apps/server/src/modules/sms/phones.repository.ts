import { and, eq } from 'drizzle-orm';
import { checkMobile } from '@hall/shared';
import type { Db } from '../../db/client';
import { accounts, persons, units } from '../../db/schema';

const mobileOrNull = (phone: string | null | undefined) => (phone && !checkMobile(phone) ? phone : null);

/**
 * The mobile number on record for an account: a person's phone; for a unit, the legal
 * representative's mobile from its registration, else its contact phone when that is a mobile.
 */
export async function phoneOnRecord(db: Db, loginType: 'unit' | 'personal', loginName: string) {
  if (loginType === 'personal') {
    const [row] = await db
      .select({ accountId: accounts.id, phone: persons.phone })
      .from(accounts)
      .innerJoin(persons, eq(persons.id, accounts.personId))
      .where(and(eq(accounts.loginType, 'personal'), eq(accounts.loginName, loginName)));
    return row ? { accountId: row.accountId, phone: mobileOrNull(row.phone) } : undefined;
  }
  const [row] = await db
    .select({ accountId: accounts.id, legalMobile: units.legalMobile, contactTel: units.contactTel })
    .from(accounts)
    .innerJoin(units, eq(units.id, accounts.unitId))
    .where(and(eq(accounts.loginType, 'unit'), eq(accounts.loginName, loginName)));
  return row ? { accountId: row.accountId, phone: mobileOrNull(row.legalMobile) ?? mobileOrNull(row.contactTel) } : undefined;
}

/**
 * The registry's mobile for a certificate number (any certificate type), when the registry knows
 * the person: undefined for an unknown person, phone null when it holds no mobile.
 */
export async function registryPhone(db: Db, certNo: string) {
  const [row] = await db.select({ phone: persons.phone }).from(persons).where(eq(persons.certNo, certNo)).limit(1);
  if (!row) return undefined;
  return { phone: mobileOrNull(row.phone) };
}
