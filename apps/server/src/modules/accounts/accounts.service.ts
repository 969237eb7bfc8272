import { randomInt } from 'node:crypto';
import {
  checkAccount,
  checkNewPassword,
  checkRegAccount,
  checkUscc,
  isOperatorRole,
  OPERATOR_LOGIN_PATTERN,
  OPERATOR_ROLE_LABELS,
  OPERATOR_ROLES,
  type OperatorRole,
} from '@hall/shared';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { hashPassword } from '../../lib/passwords';
import type { HallContext, LoginType } from '../../types';
import { findAccount, liftLock, liveSessions } from '../auth/account.service';
import { setPassword } from '../auth/password.service';
import * as repo from './accounts.repository';
import { ACCOUNT_STATUSES, moveAccount } from './transition.service';

/**
 * The back office's account work, shared by the operator CLI (and later the operator API):
 * every action is checked like a portal call and written to the audit log.
 */

const operatorAudit = (ctx: HallContext, operator: string, detail: Record<string, unknown>) =>
  audit(ctx.db, ctx.clock.now(), { actorKind: 'operator', actorKey: operator, action: 'operator', detail });

/** A password that passes the change-password rule (R45), for resets and new accounts. */
export function generatePassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '@#%&*!?'];
  const chars = sets.map((s) => s[randomInt(s.length)]);
  const all = sets.join('');
  while (chars.length < 12) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

export interface NewUnit {
  uact: string;
  name: string;
  level: 1 | 2;
  uniType?: string;
  parentUact?: string;
  uscc?: string;
  insured?: boolean;
  password?: string;
}

export async function createUnitAccount(ctx: HallContext, operator: string, input: NewUnit) {
  const uact = input.uact.trim();
  if (checkAccount(uact) && checkRegAccount(uact)) throw refuse(`账号格式不正确：${checkAccount(uact)}`);
  if (!input.name.trim()) throw refuse('请输入单位名称');
  if (input.level === 1 && !['92', '93', '99'].includes(input.uniType ?? '')) throw refuse('一级单位必须指定工会类型 92、93 或 99');
  if (input.level === 2 && input.uniType) throw refuse('二级单位不设工会类型');
  if (input.uscc && checkUscc(input.uscc)) throw refuse(checkUscc(input.uscc)!);
  const password = input.password ?? generatePassword();
  const problem = checkNewPassword(password);
  if (problem) throw refuse(problem);
  if (await findAccount(ctx.db, 'unit', uact)) throw refuse(`账号已存在：${uact}`);
  let parentId: number | null = null;
  if (input.level === 2) {
    if (!input.parentUact) throw refuse('二级单位必须指定上级工会账号');
    const parent = await repo.unitByUact(ctx.db, input.parentUact);
    if (parent?.level !== 1) throw refuse(`上级工会不存在：${input.parentUact}`);
    if (parent.uniType === '99') throw refuse('独立基层工会（99）下不设二级单位');
    parentId = parent.id;
  }
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(password);
  await repo.insertUnitWithAccount(
    ctx.db,
    {
      uact,
      empName: input.name.trim(),
      uscc: input.uscc?.toUpperCase() ?? null,
      level: input.level,
      uniType: input.uniType ?? null,
      parentId,
      insured: input.insured ?? false,
      createdAt: now,
    },
    passwordHash,
    now,
  );
  await operatorAudit(ctx, operator, { command: 'create-unit', uact });
  return { uact, password };
}

/**
 * An operator account of the back office (the operator API; login type 'operator'): a login name of
 * its own and the operator's name, which audit rows and decisions record, so it must be unique too.
 * The password follows the change-password rule (R45); one is generated when none is given.
 */
export async function createOperatorAccount(
  ctx: HallContext,
  operator: string,
  input: { login: string; name: string; roles: string[]; password?: string },
) {
  const login = input.login.trim();
  const name = input.name.trim();
  if (!OPERATOR_LOGIN_PATTERN.test(login)) throw refuse('操作员账号须以字母开头，由3-32位字母、数字、点、下划线或连字符组成');
  if (!name) throw refuse('请输入操作员姓名');
  if (name.length > 20) throw refuse('操作员姓名不能超过20个字');
  const roles = rolesOf(input.roles);
  const password = input.password ?? generatePassword();
  const problem = checkNewPassword(password);
  if (problem) throw refuse(problem);
  if (await findAccount(ctx.db, 'operator', login)) throw refuse(`操作员账号已存在：${login}`);
  if (await repo.operatorNameTaken(ctx.db, name))
    throw refuse(`已有同名操作员：${name}（审计记录按姓名区分操作员，请加以区别，如“张伟（业务科）”）`);
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(password);
  await repo.insertOperatorAccount(ctx.db, { loginName: login, operatorName: name, operatorRoles: roles, passwordHash }, now);
  await operatorAudit(ctx, operator, { command: 'operator-create', login, name, roles });
  return { login, name, roles, password };
}

/** An operator's roles, each known, at least one, without repeats. */
function rolesOf(input: string[]): OperatorRole[] {
  const unknown = input.filter((r) => !isOperatorRole(r));
  if (unknown.length)
    throw refuse(`未知角色：${unknown.join('、')}（可选：${OPERATOR_ROLES.map((r) => `${r} ${OPERATOR_ROLE_LABELS[r]}`).join('、')}）`);
  if (input.length === 0) throw refuse(`请指定操作员的角色（可选：${OPERATOR_ROLES.join('、')}）`);
  return [...new Set(input as OperatorRole[])];
}

/** Changes an operator's roles; the operator's next call is admitted by the new ones. */
export async function setOperatorRoles(ctx: HallContext, operator: string, input: { login: string; roles: string[] }) {
  const roles = rolesOf(input.roles);
  if (!(await repo.setOperatorRoles(ctx.db, input.login, roles))) throw refuse(`操作员账号不存在：${input.login}`);
  await operatorAudit(ctx, operator, { command: 'operator-roles', login: input.login, roles });
  return { login: input.login, roles };
}

export const listOperators = (ctx: HallContext) => repo.listOperators(ctx.db);

/** A unit by its login account (accounts own the units: other modules look one up here). */
export const unitByUact = (ctx: HallContext, uact: string) => repo.unitByUact(ctx.db, uact);

async function accountOf(ctx: HallContext, loginType: LoginType, loginName: string) {
  const found = await findAccount(ctx.db, loginType, loginName);
  if (!found) throw refuse(`账号不存在：${loginName}`);
  return found.account;
}

/** Sets a new password (given or generated) and ends the account's sessions. */
export async function resetPassword(ctx: HallContext, operator: string, loginType: LoginType, loginName: string, password?: string) {
  const account = await accountOf(ctx, loginType, loginName);
  const next = password ?? generatePassword();
  const problem = checkNewPassword(next);
  if (problem) throw refuse(problem);
  // An operator changes a password someone else gave before anything else (the console asks at once).
  await setPassword(ctx, { id: account.id, loginType, loginName }, next, undefined, loginType === 'operator');
  await operatorAudit(ctx, operator, { command: 'reset-password', accountId: account.id, loginType, loginName });
  return { loginName, password: next };
}

/**
 * Lifts a login lock (whether or not the name exists: locks are kept per name). The audit row names
 * the account when there is one, so the unlock shows in its history as the console's does.
 */
export async function unlock(ctx: HallContext, operator: string, loginType: LoginType, loginName: string) {
  await liftLock(ctx.db, loginType, loginName);
  const found = await findAccount(ctx.db, loginType, loginName);
  await operatorAudit(ctx, operator, {
    command: 'unlock',
    ...(found ? { accountId: found.account.id } : {}),
    loginType,
    loginName,
  });
}

/** Disables (sessions end with 609046) or re-enables an account. */
export async function setAccountStatus(
  ctx: HallContext,
  operator: string,
  loginType: LoginType,
  loginName: string,
  status: 'active' | 'disabled',
) {
  const account = await accountOf(ctx, loginType, loginName);
  // The operator's command sets the status whatever it was.
  await moveAccount(ctx.db, ctx.clock.now(), { account: { accountId: account.id }, from: ACCOUNT_STATUSES, to: status, by: 'operator' });
  await operatorAudit(ctx, operator, {
    command: status === 'disabled' ? 'disable' : 'enable',
    accountId: account.id,
    loginType,
    loginName,
  });
}

export const listSessions = liveSessions;
