import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code, mayCall, NO_PERMISSION, NOT_INSURED_MESSAGES, OPERATOR_FIRST_PASSWORD, OPERATOR_FIRST_PASSWORD_CALLS } from '@hall/shared';
import { asOperator, auditRefusal } from '../lib/audit';
import { HallError, refuse } from '../lib/hall-error';
import { authenticate, identify, OPERATOR_ON_PORTAL } from '../modules/auth/session.service';
import { spendIp } from '../modules/limits/limits.service';
import { orgGuard } from '../modules/org/org-guard';
import type { Caller } from '../types';

/** Accepts the raw token the portal sends (spec: "Authorization header holding the stored token") or a Bearer token. */
export function tokenFrom(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token) ? token : undefined;
}

/** Has an active medical-insurance registration (the unit's or the person's): what needInsured calls require. */
export const insuredOf = (caller: Caller) => (caller.loginType === 'unit' ? caller.unit.insured : caller.person.insured);

const roleNames = { unit: '单位用户', personal: '个人用户' } as const;
const OPERATORS_ONLY = '该功能仅限市总工会后台操作员使用';

/**
 * Every API route is closed unless it says `access: 'public'`. The caller is loaded from the
 * session on each call, and the login type is checked here, on the server, whatever menus show.
 * Operator sessions (the back office) are admitted to 'operator' routes only and portal sessions
 * never to those: each side's token is refused (code 1, audited) on the other's routes. An
 * operator call is refused (无权办理此项业务, audited) to an operator whose roles it does not name.
 * A contract with `needInsured: true` is refused (code 1) to a caller without an active
 * medical-insurance registration, with the message the portal's empty state shows.
 */
export async function authPlugin(app: FastifyInstance) {
  const ctx = app.hall;
  app.decorateRequest('caller', undefined);
  app.decorateRequest('operator', undefined);

  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url) return; // unknown path: the not-found handler answers
    const { ipLimit } = request.routeOptions.config;
    if (ipLimit) await spendIp(ctx, ipLimit, request.ip);
    const access = request.routeOptions.config.access ?? 'any';
    if (access === 'public') return;
    const token = tokenFrom(request.headers.authorization);
    if (!token) throw new HallError(Code.NO_TOKEN, '未登录或登录已失效，请重新登录');
    const identity = await identify(ctx, token);
    const refused = async (who: { loginType: 'unit' | 'personal' | 'operator'; loginName: string }, message: string) => {
      await auditRefusal(ctx.db, ctx.clock.now(), who, { url: request.routeOptions.url, need: access }, request.ip);
      return refuse(message);
    };
    if (access === 'operator') {
      if (identity.kind !== 'operator') throw await refused(identity.caller, OPERATORS_ONLY);
      const { operator } = identity;
      // The contract's roles decide, before the request is read (docs/decisions.md, "Operator roles").
      const call = request.routeOptions.config.call;
      if (!call || !mayCall(call, operator.roles))
        throw await refused({ loginType: 'operator', loginName: operator.loginName }, NO_PERMISSION);
      // A first or reset password is changed before anything else (docs/decisions.md, "Operator roles").
      if (operator.mustChangePassword && !OPERATOR_FIRST_PASSWORD_CALLS.includes(call.name)) throw refuse(OPERATOR_FIRST_PASSWORD);
      request.operator = operator;
      return;
    }
    if (identity.kind === 'operator')
      throw await refused({ loginType: 'operator', loginName: identity.operator.loginName }, OPERATOR_ON_PORTAL);
    let caller = identity.caller;
    if (access !== 'any' && caller.loginType !== access) throw await refused(caller, `该功能仅限${roleNames[access]}使用`);
    // First password, acting for a released branch, a released branch's writes (issue 10).
    caller = await orgGuard(ctx, request, caller);
    request.caller = caller;
    if (request.routeOptions.config.call?.needInsured && !insuredOf(caller)) throw refuse(NOT_INSURED_MESSAGES[caller.loginType]);
  });

  // An operator route's handler runs as its operator: audit rows carry the login (lib/audit.ts).
  // A callback hook, so that the handler (called from `done`) runs inside the scope.
  app.addHook('preHandler', (request, _reply, done) => {
    const operator = request.operator;
    if (operator) asOperator({ login: operator.loginName, name: operator.name }, done);
    else done();
  });
}

/**
 * The caller of a public route when the request carries a token (an upload by a logged-in user,
 * a download of a private file), else undefined. A bad token still answers its code, so the
 * portal refreshes instead of silently acting as a visitor.
 */
export async function callerIfAny(ctx: FastifyInstance['hall'], request: FastifyRequest): Promise<Caller | undefined> {
  if (request.caller) return request.caller;
  const token = tokenFrom(request.headers.authorization);
  return token ? authenticate(ctx, token) : undefined;
}
