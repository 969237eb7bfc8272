import { randomUUID } from 'node:crypto';
import { Code, isOperatorRole, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, type TokenPair } from '@hall/shared';
import { audit } from '../../lib/audit';
import { randomToken, sha256 } from '../../lib/digest';
import { HallError, refuse } from '../../lib/hall-error';
import type { Caller, HallContext, OperatorCaller } from '../../types';
import * as repo from './auth.repository';

/** Last-seen is written at most once a minute: idle limits need minutes, not every request. */
const TOUCH_EVERY_MS = 60_000;

const revokedCodes: Record<string, [number, string]> = {
  superseded: [Code.SUPERSEDED, '您的账号已在其他地方登录，请重新登录'],
  operator: [Code.ACCOUNT_LOCKED, '账号已被停用，请联系市总工会'],
  union: [Code.ACCOUNT_LOCKED, '账号已被上级工会停用，请联系上级工会'],
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
export async function openSession(ctx: HallContext, account: { id: number; loginType: string }, meta: LoginMeta): Promise<TokenPair> {
  const now = ctx.clock.now();
  const sessionId = randomUUID();
  // The account row is locked while its sessions are replaced, so two parallel logins of one
  // account leave exactly one live session (the later one).
  await ctx.db.transaction(async (tx) => {
    await repo.lockAccount(tx, account.id);
    await repo.revokeAccountSessions(tx, account.id, 'superseded', now);
    await repo.insertSession(tx, {
      id: sessionId,
      accountId: account.id,
      loginType: account.loginType,
      createdAt: now,
      lastSeenAt: now,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
    });
  });
  return issuePair(ctx, sessionId, String(account.id), account.loginType as LoginType, 1, now);
}

type LoginType = repo.LoginType;

async function issuePair(ctx: HallContext, sessionId: string, sub: string, lt: LoginType, gen: number, now: Date) {
  const refreshToken = randomToken();
  await repo.insertRefreshToken(ctx.db, sessionId, sha256(refreshToken), now);
  const accessToken = await ctx.tokens.sign({ sub, sid: sessionId, gen, lt });
  return { accessToken, refreshToken };
}

function timedOut(session: { createdAt: Date; lastSeenAt: Date }, now: Date) {
  return (
    now.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_MS || now.getTime() - session.createdAt.getTime() > SESSION_ABSOLUTE_MS
  );
}

/** Who a live session belongs to: a portal user (unit or person) or a back-office operator. */
export type Identity = { kind: 'portal'; caller: Caller } | { kind: 'operator'; operator: OperatorCaller };

/** What a cached identity was read from: a change of any of them drops it (lib/notified-cache.ts). */
const identityKeys = (row: repo.IdentityRow) => [
  `s:${row.session.id}`,
  `a:${row.account.id}`,
  ...(row.unit ? [`u:${row.unit.id}`] : []),
  ...(row.person ? [`p:${row.person.id}`] : []),
];

/** Checks an access token against its session and answers whose it is, or throws the code of DESIGN.md §4. */
export async function identify(ctx: HallContext, token: string): Promise<Identity> {
  const claims = await ctx.tokens.verify(token);
  const now = ctx.clock.now();
  // A cached row (identity-cache.ts) is good for everything but the idle limit: another node may
  // have seen the session since, so a row that looks timed out is read again before it counts.
  const cache = ctx.caches?.identities;
  const cached = cache?.get(claims.sid, now.getTime());
  const mark = cache?.mark() ?? 0;
  const row = cached && !timedOut(cached.session, now) ? cached : await repo.findSessionWithAccount(ctx.db, claims.sid);
  if (!row || String(row.account.id) !== claims.sub) throw new HallError(Code.NO_TOKEN, '登录已失效，请重新登录');
  const { session, account, unit, person } = row;
  if (session.revokedAt) throw new HallError(...revokedAnswer(session.revokeReason));
  if (account.status !== 'active') throw new HallError(Code.ACCOUNT_LOCKED, '账号已被停用，请联系市总工会');
  if (timedOut(session, now)) {
    await repo.revokeSession(ctx.db, session.id, 'timeout', now);
    throw new HallError(Code.REFRESH_INVALID, '登录已超时，请重新登录');
  }
  if (claims.gen < session.accessGen) throw new HallError(Code.ACCESS_ROTATED, '登录凭证已更新，请稍候');
  if (row !== cached) cache?.put(claims.sid, row, identityKeys(row), now.getTime(), mark);
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await repo.touchSession(ctx.db, session.id, now);
    cache?.update(session.id, (r) => ({ ...r, session: { ...r.session, lastSeenAt: now } }));
  }
  if (account.loginType === 'operator') {
    return {
      kind: 'operator',
      operator: {
        accountId: account.id,
        sessionId: session.id,
        loginName: account.loginName,
        name: account.operatorName ?? account.loginName,
        roles: account.operatorRoles.filter(isOperatorRole),
        mustChangePassword: account.mustChangePassword,
      },
    };
  }
  const portal = {
    accountId: account.id,
    sessionId: session.id,
    loginName: account.loginName,
    ...(account.mustChangePassword ? { mustChangePassword: true } : {}),
  };
  // The database holds a unit account to its unit and a personal one to its person (accounts_owner_check).
  if (account.loginType === 'unit' && unit) return { kind: 'portal', caller: { ...portal, loginType: 'unit', unit: { ...unit } } };
  if (account.loginType === 'personal' && person)
    return { kind: 'portal', caller: { ...portal, loginType: 'personal', person: { ...person } } };
  throw new HallError(Code.NO_TOKEN, '登录已失效，请重新登录');
}

/** The refusal of an operator session on a portal call (the auth plugin audits it). */
export const OPERATOR_ON_PORTAL = '后台操作员账号不能办理网上服务大厅的业务，请使用单位或个人账号登录';

/** A portal caller (unit or person) from an access token; an operator's token is refused. */
export async function authenticate(ctx: HallContext, token: string): Promise<Caller> {
  const identity = await identify(ctx, token);
  if (identity.kind === 'operator') throw refuse(OPERATOR_ON_PORTAL);
  return identity.caller;
}

/**
 * Rotates a refresh token: a live one gives a new pair (and retires older access tokens of the
 * session, 600016); a used one revokes the whole session, since someone else holds a copy.
 */
export async function refresh(
  ctx: HallContext,
  refreshToken: string | undefined,
  meta: LoginMeta,
  side: 'portal' | 'operator' = 'portal',
): Promise<TokenPair> {
  const invalid = () => new HallError(Code.REFRESH_INVALID, '登录已失效，请重新登录');
  if (!refreshToken || refreshToken.length > 200) throw invalid();
  const now = ctx.clock.now();
  const token = await repo.findRefreshToken(ctx.db, sha256(refreshToken));
  if (!token) throw invalid();
  const row = await repo.findSessionWithAccount(ctx.db, token.sessionId);
  if (!row || row.session.revokedAt) throw new HallError(...revokedAnswer(row?.session.revokeReason ?? null));
  const { session, account } = row;
  // The portal's refresh call renews portal sessions only, the operator API's operator sessions only
  // (the token is not spent: it stays good on its own side).
  if ((account.loginType === 'operator') !== (side === 'operator')) throw invalid();
  if (token.usedAt || !(await repo.consumeRefreshToken(ctx.db, token.id, now))) {
    await repo.revokeSession(ctx.db, session.id, 'reuse', now);
    await audit(ctx.db, now, {
      actorKind: account.loginType as LoginType,
      actorKey: account.loginName,
      action: 'refresh-reuse',
      detail: { sessionId: session.id },
      ip: meta.ip,
    });
    throw invalid();
  }
  if (account.status !== 'active') throw new HallError(Code.ACCOUNT_LOCKED, '账号已被停用，请联系市总工会');
  if (timedOut(session, now)) {
    await repo.revokeSession(ctx.db, session.id, 'timeout', now);
    throw new HallError(Code.REFRESH_INVALID, '登录已超时，请重新登录');
  }
  const gen = await repo.bumpAccessGen(ctx.db, session.id, now);
  return issuePair(ctx, session.id, String(account.id), account.loginType as LoginType, gen, now);
}

/** Logs out: the session ends (a portal caller's or an operator's). */
export async function closeSession(ctx: HallContext, who: { sessionId: string; loginType: LoginType; loginName: string }, ip?: string) {
  const now = ctx.clock.now();
  await repo.revokeSession(ctx.db, who.sessionId, 'logout', now);
  await audit(ctx.db, now, { actorKind: who.loginType, actorKey: who.loginName, action: 'logout', ip });
}
