import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '@hall/shared';
import { audit } from '../lib/audit';
import { HallError, refuse } from '../lib/hall-error';
import { authenticate } from '../modules/auth/session.service';
import type { Caller } from '../types';

/** Accepts the raw token the portal sends (spec: "Authorization header holding the stored token") or a Bearer token. */
export function tokenFrom(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token) ? token : undefined;
}

const roleNames = { unit: '单位用户', personal: '个人用户' } as const;

/**
 * Every API route is closed unless it says `access: 'public'`. The caller is loaded from the
 * session on each call, and the login type is checked here, on the server, whatever menus show.
 */
export async function authPlugin(app: FastifyInstance) {
  const ctx = app.hall;
  app.decorateRequest('caller', undefined);

  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url) return; // unknown path: the not-found handler answers
    const access = request.routeOptions.config.access ?? 'any';
    if (access === 'public') return;
    const token = tokenFrom(request.headers.authorization);
    if (!token) throw new HallError(Code.NO_TOKEN, '未登录或登录已失效，请重新登录');
    const caller = await authenticate(ctx, token);
    request.caller = caller;
    if (access !== 'any' && caller.loginType !== access) {
      await audit(ctx.db, ctx.clock.now(), {
        actorKind: caller.loginType,
        actorKey: caller.loginName,
        action: 'permission-refused',
        detail: { url: request.routeOptions.url, need: access },
        ip: request.ip,
      });
      throw refuse(`该功能仅限${roleNames[access]}使用`);
    }
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
