import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import type { Db } from '../client';
import { accounts } from '../schema';
import { demoPasswordHash } from './demo-data';

/**
 * The demo city's back-office operator: the account `npm run ops` acts as (--operator ops-admin or
 * HALL_OPERATOR=ops-admin; the e2e suite does) and that logs in to the operator API.
 */
export const DEMO_OPERATOR = { login: 'ops-admin', name: '演示操作员' } as const;

/** Idempotent: a data directory seeded before the operator existed gets it too. */
export async function seedDemoOperator(db: Db, clock: Clock) {
  const [found] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.loginType, 'operator'), eq(accounts.loginName, DEMO_OPERATOR.login)));
  if (found) return;
  await db
    .insert(accounts)
    .values({
      loginType: 'operator',
      loginName: DEMO_OPERATOR.login,
      operatorName: DEMO_OPERATOR.name,
      passwordHash: await demoPasswordHash(),
      createdAt: clock.now(),
    })
    .onConflictDoNothing();
}
