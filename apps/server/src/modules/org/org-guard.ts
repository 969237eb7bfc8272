import type { FastifyRequest } from 'fastify';
import { ACTING_FOR_CALLS, ACTING_FOR_HEADER, ORG_MESSAGES, RELEASED_ALLOWED_WRITES } from '@hall/shared';
import { auditRefusal, auditCaller } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { Caller, HallContext } from '../../types';
import { branchOf } from './org.repository';

/** What a caller whose first password a union gave may still do: change it, see who it is, leave. */
const FIRST_PASSWORD_CALLS = new Set(['updatePassword', 'userInfo', 'userLogout', 'unitLogout', 'personalLogout', 'refreshToken']);

const actingCalls = new Set(ACTING_FOR_CALLS);
const releasedAllowed = new Set(Object.keys(RELEASED_ALLOWED_WRITES));

/**
 * The organisation's rules on a portal call, after the caller is known (auth plugin), in one place
 * (docs/decisions.md, "First password must be changed",
 * "Acting for a released branch", "Released branch is read-only"):
 * - an account with a union-given first password may only change it;
 * - a 93 union acting for a branch (header x-hall-acting-for: the branch's uact) becomes the branch
 *   for this call, on ACTING_FOR_CALLS only, and only while the branch is released ('2');
 * - a released branch is refused every call that writes (the contract's `writes`; a route without a
 *   contract counts as writing) but RELEASED_ALLOWED_WRITES: its union handles its business.
 * Runs in onRequest, before the body is read: the refusal comes before any check of the request.
 * Answers the caller the route works for.
 */
export async function orgGuard(ctx: HallContext, request: FastifyRequest, caller: Caller): Promise<Caller> {
  const call = request.routeOptions.config.call;
  const name = call?.name ?? '';
  const writes = call?.writes !== false;
  if (caller.mustChangePassword && !FIRST_PASSWORD_CALLS.has(name)) throw refuse(ORG_MESSAGES.mustChangePassword);
  const header = request.headers[ACTING_FOR_HEADER];
  const actingFor = (Array.isArray(header) ? header[0] : header)?.trim();
  const union = caller.unit;
  if (actingFor) {
    const refused = async (message: string) => {
      await auditRefusal(ctx.db, ctx.clock.now(), caller, { url: request.routeOptions.url, actingFor: actingFor.slice(0, 20) }, request.ip);
      return refuse(message);
    };
    if (caller.loginType !== 'unit' || union?.level !== 1 || union.uniType !== '93') throw await refused(ORG_MESSAGES.actingNotUnion);
    if (!actingCalls.has(name)) throw await refused(ORG_MESSAGES.actingNotBusiness);
    const branch = await branchOf(ctx.db, union.id, actingFor);
    if (!branch) throw await refused(ORG_MESSAGES.notFound);
    if (branch.authState !== '2') throw await refused(ORG_MESSAGES.actingNotReleased);
    if (writes) await auditCaller(ctx.db, ctx.clock.now(), caller, 'acting-for', { branch: branch.uact, call: name }, request.ip);
    return {
      ...caller,
      unit: {
        id: branch.id,
        uact: branch.uact,
        empName: branch.empName,
        level: branch.level,
        uniType: branch.uniType,
        parentId: branch.parentId,
        insured: branch.insured,
        authState: branch.authState,
      },
      actingBy: union,
    };
  }
  if (union?.level === 2 && union.authState === '2' && writes && !releasedAllowed.has(name)) throw refuse(ORG_MESSAGES.released);
  return caller;
}
