import type { Db } from '../../db/client';
import { accountEmails } from '../../db/schema';

/** The account's bound e-mail: one per account, the latest binding wins. */
export async function bindAccountEmail(db: Db, accountId: number, email: string, now: Date) {
  await db
    .insert(accountEmails)
    .values({ accountId, email, boundAt: now })
    .onConflictDoUpdate({ target: accountEmails.accountId, set: { email, boundAt: now } });
}
