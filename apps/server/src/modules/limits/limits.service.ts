import { refuse } from '../../lib/hall-error';
import type { HallContext } from '../../types';
import * as repo from './limits.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface LimitRule {
  /** Counts at most `limit` hits per key in each window of `windowMs`. */
  limit: number;
  windowMs: number;
  message: string;
}

const TOO_MANY = '操作过于频繁，请稍后再试';

/**
 * The abuse limits, per client IP unless named otherwise. Anonymous calls that send, write or look
 * people up each spend from one of them (route config `ipLimit`); HALL_IP_LIMIT_FACTOR scales the
 * per-IP ones (a union whose clerks share one NAT address may raise them).
 */
export const LIMITS = {
  /** SMS and e-mail code sends from one address. */
  send: { limit: 20, windowMs: HOUR, message: '发送验证码过于频繁，请1小时后再试' },
  /** Registrations and password recoveries from one address (each hashes a password). */
  write: { limit: 20, windowMs: HOUR, message: '提交过于频繁，请1小时后再试' },
  /** Public look-ups that touch accounts or people (account taken, registration state, real name…). */
  lookup: { limit: 100, windowMs: HOUR, message: '查询过于频繁，请稍后再试' },
  /** Notices the hall itself sends to one phone (registration received…): beyond it, none is sent. */
  notifyPhone: { limit: 5, windowMs: DAY, message: TOO_MANY },
} satisfies Record<string, LimitRule>;

export type { IpLimit } from '@hall/shared';
import type { IpLimit } from '@hall/shared';

/** Spends one hit of `rule` for `key`; false when the limit is used up. */
export async function tryHit(ctx: HallContext, scope: string, rule: LimitRule, key: string, factor = 1): Promise<boolean> {
  const now = ctx.clock.now();
  const start = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  const hits = await repo.addHit(ctx.db, scope, key, new Date(start), new Date(start + rule.windowMs));
  // A new window row is the moment to drop ended ones: the table stays small without a scheduler.
  if (hits === 1) await repo.sweepHits(ctx.db, now);
  return hits <= rule.limit * factor;
}

/** Spends one hit of a per-IP limit, refusing with its message when used up. */
export async function spendIp(ctx: HallContext, name: IpLimit, ip: string) {
  if (!(await tryHit(ctx, `ip:${name}`, LIMITS[name], ip, ctx.config.ipLimitFactor))) throw refuse(LIMITS[name].message);
}
