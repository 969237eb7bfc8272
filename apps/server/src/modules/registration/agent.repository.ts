import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, agents, persons, staff } from '../../db/schema';

export async function personOf(db: Db, certType: string, certNo: string) {
  const [row] = await db
    .select()
    .from(persons)
    .where(and(eq(persons.certType, certType), eq(persons.certNo, certNo)));
  return row;
}

/** The phone of a personal account's person. */
export async function accountPhone(db: Db, certNo: string) {
  const [row] = await db
    .select({ phone: persons.phone })
    .from(accounts)
    .innerJoin(persons, eq(persons.id, accounts.personId))
    .where(and(eq(accounts.loginType, 'personal'), eq(accounts.loginName, certNo)));
  return row?.phone ?? null;
}

/** Whether a person is active staff of a unit. */
export async function isStaffOf(db: Db, personId: number, unitId: number) {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.unitId, unitId), eq(staff.personId, personId), isNull(staff.leftOn)))
    .limit(1);
  return !!row;
}

/**
 * Writes an agent's login: the person (new to the registry, with the phone proven) or the known
 * person as the registry holds it (never overwritten), the account and the agent's details.
 */
export async function insertAgent(
  db: Db,
  input: {
    existingPersonId?: number;
    person: typeof persons.$inferInsert;
    passwordHash: string;
    certStart: string;
    certEnd: string | null;
    now: Date;
  },
) {
  await db.transaction(async (tx) => {
    let personId = input.existingPersonId;
    if (!personId) {
      const [row] = await tx.insert(persons).values(input.person).returning({ id: persons.id });
      personId = row.id;
    }
    await tx
      .insert(accounts)
      .values({ loginType: 'personal', loginName: input.person.certNo, personId, passwordHash: input.passwordHash, createdAt: input.now });
    await tx.insert(agents).values({ personId, certStart: input.certStart, certEnd: input.certEnd, registeredAt: input.now });
  });
}
