import { randomUUID } from 'node:crypto';
import { Code, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, type TokenPair } from '@hall/shared';
import { audit } from '../../lib/audit';
import { randomToken, sha256 } from '../../lib/digest';
import { HallError } from '../../lib/hall-error';
import type { Caller, HallContext } from '../../types';
import * as repo from './auth.repository';

/** Last-seen is written at most once a minute: idle limits need minutes, not every request. */
const TOUCH_EVERY_MS = 60_000;

const revokedCodes: Record<string, [number, string]> = {
  superseded: [Code.SUPERSEDED, '您的账号已在其他地方登录，请重新登录'],
  operator: [Code.ACCOUNT_LOCKED, '账号已被停用，请联系市总工会'],
  reuse: [Code.REFRESH_INVALID, '登录凭证异常，请重新登录'],
  timeout: [Code.REFRESH_INVALID, '登录已超时，请重新登录'],
  password: [Code.REFRESH_INVALID, '密码已修改，请重新登录'],
};
const revokedAnswer = (reason: string | null) => revokedCodes[reason ?? ''] ?? [Code.NO_TOKEN, '登录已失效，请重新登录'];

export interface LoginMeta {
  ip?: string;
  userAgent?: string;
}

/** Opens a session for an account (superseding its other sessions) and issues the first token pair. */
export async function openSession(
  ctx: HallContext,
  account: { id: number; loginType: string },
  meta: LoginMeta,
): Promise<TokenPair> {
  const now = ctx.clock.now();
  const sessionId = randomUUID();
  await repo.revokeAccountSessions(ctx.db, account.id, 'superseded', now);
  await repo.insertSession(ctx.db, {
    id: sessionId,
    accountId: account.id,
    loginType: account.loginType,
    createdAt: now,
    lastSeenAt: now,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return issuePair(ctx, sessionId, String(account.id), account.loginType as Caller['loginType'], 1, now);
}

async function issuePair(ctx: HallContext, sessionId: string, sub: string, lt: Caller['loginType'], gen: number, now: Date) {
  const refreshToken = randomToken();
  await repo.insertRefreshToken(ctx.db, sessionId, sha256(refreshToken), now);
  const accessToken = await ctx.tokens.sign({ sub, sid: sessionId, gen, lt });
  return { accessToken, refreshToken };
}

function timedOut(session: { createdAt: Date; lastSeenAt: Date }, now: Date) {
  return now.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_MS || now.getTime() - session.createdAt.getTime() > SESSION_ABSOLUTE_MS;
}

/** Checks an access token against its session and returns the caller, or throws the code of DESIGN.md §4. */
export async function authenticate(ctx: HallContext, token: string): Promise<Caller> {
  const claims = await ctx.tokens.verify(token);
  const now = ctx.clock.now();
  const row = await repo.findSessionWithAccount(ctx.db, claims.sid);
  if (!row || String(row.account.id) !== claims.sub) throw new HallError(Code.NO_TOKEN, '登录已失效，请重新登录');
  const { session, account, unit, person } = row;
  if (session.revokedAt) throw new HallError(...revokedAnswer(session.revokeReason));
  if (account.status !== 'active') throw new HallError(Code.ACCOUNT_LOCKED, '账号已被停用，请联系市总工会');
  if (timedOut(session, now)) {
    await repo.revokeSession(ctx.db, session.id, 'timeout', now);
    throw new HallError(Code.REFRESH_INVALID, '登录已超时，请重新登录');
  }
  if (claims.gen < session.accessGen) throw new HallError(Code.ACCESS_ROTATED, '登录凭证已更新，请稍候');
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await repo.touchSession(ctx.db, session.id, now);
  return {
    accountId: account.id,
    sessionId: session.id,
    loginType: account.loginType as Caller['loginType'],
    loginName: account.loginName,
    unit: unit
      ? { id: unit.id, uact: unit.uact, empName: unit.empName, level: unit.level, uniType: unit.uniType, parentId: unit.parentId, insured: unit.insured }
      : undefined,
    person: person ? { id: person.id, certNo: person.certNo, name: person.name, insured: person.insured } : undefined,
  };
}

/**
 * Rotates a refresh token: a live one gives a new pair (and retires older access tokens of the
 * session, 600016); a used one revokes the whole session, since someone else holds a copy.
 */
export async function refresh(ctx: HallContext, refreshToken: string | undefined, meta: LoginMeta): Promise<TokenPair> {
  const invalid = () => new HallError(Code.REFRESH_INVALID, '登录已失效，请重新登录');
  if (!refreshToken || refreshToken.length > 200) throw invalid();
  const now = ctx.clock.now();
  const token = await repo.findRefreshToken(ctx.db, sha256(refreshToken));
  if (!token) throw invalid();
  const row = await repo.findSessionWithAccount(ctx.db, token.sessionId);
  if (!row || row.session.revokedAt) throw new HallError(...revokedAnswer(row?.session.revokeReason ?? null));
  const { session, account } = row;
  if (token.usedAt || !(await repo.consumeRefreshToken(ctx.db, token.id, now))) {
    await repo.revokeSession(ctx.db, session.id, 'reuse', now);
    await audit(ctx.db, now, { actorKind: account.loginType as Caller['loginType'], actorKey: account.loginName, action: 'refresh-reuse', detail: { sessionId: session.id }, ip: meta.ip });
    throw invalid();
  }
  if (account.status !== 'active') throw new HallError(Code.ACCOUNT_LOCKED, '账号已被停用，请联系市总工会');
  if (timedOut(session, now)) {
    await repo.revokeSession(ctx.db, session.id, 'timeout', now);
    throw new HallError(Code.REFRESH_INVALID, '登录已超时，请重新登录');
  }
  const gen = await repo.bumpAccessGen(ctx.db, session.id, now);
  return issuePair(ctx, session.id, String(account.id), account.loginType as Caller['loginType'], gen, now);
}

export async function closeSession(ctx: HallContext, caller: Caller, ip?: string) {
  const now = ctx.clock.now();
  await repo.revokeSession(ctx.db, caller.sessionId, 'logout', now);
  await audit(ctx.db, now, { actorKind: caller.loginType, actorKey: caller.loginName, action: 'logout', ip });
}
