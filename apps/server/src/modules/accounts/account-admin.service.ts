import { isOperatorRole, maskCertNo } from '@hall/shared';
import { auditOperator } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { HallContext, LoginType, OperatorCaller } from '../../types';
import { liftLock } from '../auth/account.service';
import { setPassword } from '../auth/password.service';
import * as repo from './accounts.repository';
import { generatePassword } from './accounts.service';
import { ACCOUNT_STATUSES, moveAccount } from './transition.service';

/*
 * The administrator's account work in the back office (/ops/api/accounts/...): accounts named by
 * id, every action with the reason in its audit row. A worker's login is the ID number: what is
 * answered and audited of it is masked.
 */

type AccountRow = NonNullable<Awaited<ReturnType<typeof repo.accountById>>>;

const loginOf = (a: { loginType: string; loginName: string }) => (a.loginType === 'personal' ? maskCertNo(a.loginName) : a.loginName);

function viewOf(a: AccountRow, now: Date) {
  return {
    accountId: a.accountId,
    loginType: a.loginType as LoginType,
    login: loginOf(a),
    name: a.unitName ?? a.personName ?? a.operatorName ?? '',
    status: a.status as 'active' | 'disabled' | 'pending' | 'rejected',
    lockedUntil: a.lockedUntil && a.lockedUntil > now ? a.lockedUntil.toISOString() : null,
    roles: a.roles.filter(isOperatorRole),
    mustChangePassword: a.mustChangePassword,
  };
}

export async function findAccounts(ctx: HallContext, input: { loginType: LoginType; keyword: string }) {
  const now = ctx.clock.now();
  return { list: (await repo.findAccounts(ctx.db, input.loginType, input.keyword)).map((a) => viewOf(a, now)) };
}

export async function operatorAccounts(ctx: HallContext) {
  const now = ctx.clock.now();
  return { list: (await repo.operatorAccounts(ctx.db)).map((a) => viewOf(a, now)) };
}

export type AccountAction = 'unlock' | 'reset' | 'disable' | 'enable';

/**
 * Unlocks, resets, disables or enables one account. The administrator does not reset or disable
 * its own account (another administrator does). A reset answers the new password; an operator's
 * must be changed at the next login.
 */
export async function actOnAccount(
  ctx: HallContext,
  admin: OperatorCaller,
  input: { accountId: number; reason: string },
  action: AccountAction,
): Promise<{ login: string; password: string } | null> {
  const account = await repo.accountById(ctx.db, input.accountId);
  if (!account) throw refuse('账号不存在');
  if (account.accountId === admin.accountId && action !== 'unlock') throw refuse('不能对本人的账号办理此项业务，请由其他系统管理人员办理');
  const loginType = account.loginType as LoginType;
  const who = { id: account.accountId, loginType, loginName: account.loginName };
  let answer: { login: string; password: string } | null = null;
  if (action === 'unlock') await liftLock(ctx.db, loginType, account.loginName);
  if (action === 'reset') {
    const password = generatePassword();
    await setPassword(ctx, who, password, undefined, loginType === 'operator');
    answer = { login: loginOf(account), password };
  }
  if (action === 'disable' || action === 'enable') {
    const to = action === 'disable' ? 'disabled' : 'active';
    await moveAccount(ctx.db, ctx.clock.now(), { account: { accountId: account.accountId }, from: ACCOUNT_STATUSES, to, by: 'operator' });
  }
  await auditOperator(ctx.db, ctx.clock.now(), admin.name, {
    command: `account-${action}`,
    accountId: account.accountId,
    loginType,
    login: loginOf(account),
    reason: input.reason,
  });
  return answer;
}
