import {
  Code,
  isOperatorRole,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  type PersonalLoginAnswer,
  type UnitLoginAnswer,
} from '@hall/shared';
import { audit } from '../../lib/audit';
import { HallError, refuse } from '../../lib/hall-error';
import { decoyHash, verifyPassword } from '../../lib/passwords';
import type { HallContext } from '../../types';
import * as repo from './auth.repository';
import { checkCaptcha } from './captcha.service';
import { openSession, type LoginMeta } from './session.service';

// One message for a wrong account and a wrong password, so the form does not reveal which exist.
const WRONG_CREDENTIALS = '账号或密码错误';
const lockedMessage = (until: Date, now: Date) =>
  `登录失败次数过多，账号已锁定，请${Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000))}分钟后再试`;

interface Credentials {
  loginName: string;
  password: string;
  captchaId: string;
  captchaCode: string;
}

/**
 * The common part of both logins: captcha, lock, password, failure counting, session.
 * Failures are counted per login name whether or not it exists, so the lock reveals nothing either.
 * The attempt is counted before the password is checked (one atomic statement): of many parallel
 * tries only the first LOGIN_MAX_FAILURES are checked at all, the others meet the lock.
 */
async function login(ctx: HallContext, loginType: repo.LoginType, input: Credentials, meta: LoginMeta) {
  await checkCaptcha(ctx, input.captchaId, input.captchaCode);
  const now = ctx.clock.now();
  const attempt = await repo.countAttempt(ctx.db, loginType, input.loginName, now, LOGIN_FAILURE_WINDOW_MS);
  if (attempt.lockedUntil && attempt.lockedUntil > now) throw refuse(lockedMessage(attempt.lockedUntil, now));
  const lockNow = async () => {
    const until = new Date(now.getTime() + LOGIN_LOCK_MS);
    await repo.lockGuard(ctx.db, loginType, input.loginName, until);
    await audit(ctx.db, now, {
      actorKind: 'anonymous',
      actorKey: input.loginName,
      action: 'login-locked',
      detail: { loginType },
      ip: meta.ip,
    });
    return refuse(lockedMessage(until, now));
  };
  // Over the budget (other attempts in flight have used it): refused unchecked. Only a checked
  // wrong password writes the lock, so parallel right passwords cannot lock an account.
  if (attempt.failures > LOGIN_MAX_FAILURES) throw refuse(lockedMessage(new Date(now.getTime() + LOGIN_LOCK_MS), now));

  const found = await repo.findAccount(ctx.db, loginType, input.loginName);
  const passwordOk = await verifyPassword(found?.account.passwordHash ?? (await decoyHash()), input.password);
  if (!found || !passwordOk) {
    if (attempt.failures >= LOGIN_MAX_FAILURES) throw await lockNow();
    await audit(ctx.db, now, {
      actorKind: 'anonymous',
      actorKey: input.loginName,
      action: 'login-failed',
      detail: { loginType, failures: attempt.failures },
      ip: meta.ip,
    });
    throw refuse(`${WRONG_CREDENTIALS}，再失败${LOGIN_MAX_FAILURES - attempt.failures}次账号将被锁定30分钟`);
  }
  await repo.clearGuard(ctx.db, loginType, input.loginName);
  const { account } = found;
  if (account.status === 'pending') throw refuse('注册信息正在审核中，审核通过后方可登录');
  if (account.status === 'rejected') throw refuse('注册申请未通过审核，请在大厅首页查询审核结果，修改后重新提交');
  if (account.status !== 'active') throw refuse('账号已被停用，请联系市总工会');
  const tokens = await openSession(ctx, account, meta);
  await audit(ctx.db, now, { actorKind: loginType, actorKey: input.loginName, action: 'login', ip: meta.ip });
  return { found, tokens };
}

export async function loginUnit(
  ctx: HallContext,
  input: { uact: string; password: string; captchaId: string; captchaCode: string },
  meta: LoginMeta,
): Promise<UnitLoginAnswer> {
  const { found, tokens } = await login(ctx, 'unit', { ...input, loginName: input.uact }, meta);
  const unit = found.unit!;
  const answer: UnitLoginAnswer = {
    ...tokens,
    user: { uact: unit.uact, psnName: unit.empName, uactLevel: unit.level, uniType: unit.uniType ?? '' },
  };
  // 600067: logged in, but the unit must complete its information first (/improveInfo).
  if (!unit.infoComplete) throw new HallError(Code.NOTICE, '单位信息不完整，请先完善单位信息', answer);
  return answer;
}

export async function loginPersonal(
  ctx: HallContext,
  input: { certNo: string; password: string; captchaId: string; captchaCode: string },
  meta: LoginMeta,
): Promise<PersonalLoginAnswer> {
  const certNo = input.certNo.toUpperCase();
  const { found, tokens } = await login(ctx, 'personal', { ...input, loginName: certNo }, meta);
  return { ...tokens, user: { certNo: found.person!.certNo, name: found.person!.name } };
}

/**
 * An operator of the back office (the operator API): the same captcha, failure counting, lock,
 * argon2 check and sessions as the portal's logins, under the login type 'operator'.
 */
export async function loginOperator(
  ctx: HallContext,
  input: { username: string; password: string; captchaId: string; captchaCode: string },
  meta: LoginMeta,
) {
  const { found, tokens } = await login(ctx, 'operator', { ...input, loginName: input.username }, meta);
  const { account } = found;
  const operator = { loginName: account.loginName, name: account.operatorName ?? account.loginName };
  const roles = account.operatorRoles.filter(isOperatorRole);
  return { ...tokens, operator: { ...operator, roles, mustChangePassword: account.mustChangePassword } };
}
