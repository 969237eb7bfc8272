import { and, eq, inArray } from 'drizzle-orm';
import type { OperatorRole } from '@hall/shared';
import type { Clock } from '../../lib/clock';
import type { Db } from '../client';
import { accounts } from '../schema';
import { demoPasswordHash } from './demo-data';

/**
 * The demo city's back-office operators, one per role (README, the start banner). ops-admin is the
 * account `npm run ops` acts as (--operator ops-admin or HALL_OPERATOR=ops-admin; the e2e suite does).
 */
export const DEMO_OPERATORS = [
  { login: 'ops-admin', name: '演示操作员', roles: ['admin'] },
  { login: 'ops-review', name: '演示审核员', roles: ['reviewer'] },
  { login: 'ops-finance', name: '演示财务', roles: ['finance'] },
  { login: 'ops-data', name: '演示数据员', roles: ['data'] },
  { login: 'ops-audit', name: '演示审计员', roles: ['auditor'] },
] as const satisfies ReadonlyArray<{ login: string; name: string; roles: readonly OperatorRole[] }>;

export const DEMO_OPERATOR = DEMO_OPERATORS[0];
export const operatorOf = (role: OperatorRole) => DEMO_OPERATORS.find((o) => o.roles.some((r) => r === role))!;

/** Idempotent: a data directory seeded before an operator existed gets it too. */
export async function seedDemoOperator(db: Db, clock: Clock) {
  const logins = DEMO_OPERATORS.map((o) => o.login);
  const found = await db
    .select({ login: accounts.loginName })
    .from(accounts)
    .where(and(eq(accounts.loginType, 'operator'), inArray(accounts.loginName, logins)));
  const missing = DEMO_OPERATORS.filter((o) => !found.some((f) => f.login === o.login));
  if (missing.length === 0) return;
  const passwordHash = await demoPasswordHash();
  await db
    .insert(accounts)
    .values(
      missing.map((o) => ({
        loginType: 'operator',
        loginName: o.login,
        operatorName: o.name,
        operatorRoles: [...o.roles],
        passwordHash,
        createdAt: clock.now(),
      })),
    )
    .onConflictDoNothing();
}
